package conformance

import (
	"context"
	"encoding/binary"
	"math"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen"
	st "github.com/notegen/notegen/internal/servertest"
)

var streamFields = map[string]any{"template": "primaryCare", "visit_type": "followUp", "recording_type": "conversation",
	"patient_consent": true, "lang": "en"}

// startStream submits a live stream and returns its answer, with the
// stream URL pointed at the test server's listening address.
func startStream(t testing.TB, s *st.Server, key string, extra map[string]any) notegen.StreamJob {
	t.Helper()
	body := map[string]any{}
	for k, v := range streamFields {
		body[k] = v
	}
	for k, v := range extra {
		body[k] = v
	}
	resp := s.Do(t, "POST", "/v1/process-stream", body, st.APIKey(key))
	require.Equal(t, http.StatusOK, resp.Status, "%s", resp.Body)
	job := decode[notegen.StreamJob](t, resp.Body)
	require.Equal(t, "pending", job.Status)
	public := "ws" + strings.TrimPrefix(s.PublicURL, "http")
	require.True(t, strings.HasPrefix(job.StreamURL, public+"/v1/streams/"+job.JobID+"?"), job.StreamURL)
	job.StreamURL = strings.Replace(job.StreamURL, public, "ws"+strings.TrimPrefix(s.URL, "http"), 1)
	return job
}

// pcm returns seconds of a 440 Hz tone as PCM16LE mono at rate.
func pcm(seconds float64, rate int) []byte {
	n := int(seconds * float64(rate))
	out := make([]byte, 2*n)
	for i := range n {
		v := int16(8000 * math.Sin(2*math.Pi*440*float64(i)/float64(rate)))
		binary.LittleEndian.PutUint16(out[2*i:], uint16(v))
	}
	return out
}

func dialStream(t testing.TB, url string) *websocket.Conn {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	conn, resp, err := websocket.Dial(ctx, url, nil)
	require.NoError(t, err)
	if resp != nil && resp.Body != nil {
		resp.Body.Close()
	}
	t.Cleanup(func() { conn.CloseNow() })
	return conn
}

// sendAudio sends audio in 100 ms messages.
func sendAudio(t testing.TB, conn *websocket.Conn, audio []byte, rate int) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	step := rate / 10 * 2
	for len(audio) > 0 {
		n := min(step, len(audio))
		require.NoError(t, conn.Write(ctx, websocket.MessageBinary, audio[:n]))
		audio = audio[n:]
	}
}

// droppedStream starts a stream, sends seconds of 16 kHz audio and drops the
// connection without the end message, as a network failure would.
func droppedStream(t testing.TB, s *st.Server, key string, seconds float64) notegen.StreamJob {
	t.Helper()
	job := startStream(t, s, key, nil)
	conn := dialStream(t, job.StreamURL)
	sendAudio(t, conn, pcm(seconds, 16000), 16000)
	conn.CloseNow()
	return job
}

// finishStream sends audio at rate, ends the stream and reads the server's
// messages until it closes the socket, which must be a normal closure. It
// returns every message and the segments among them.
func finishStream(t *testing.T, conn *websocket.Conn, audio []byte, rate int) (msgs, segs []notegen.StreamMessage) {
	t.Helper()
	sendAudio(t, conn, audio, rate)
	endStream(t, conn)
	msgs, status := readUntilClosed(t, conn)
	require.Equal(t, websocket.StatusNormalClosure, status, "%+v", msgs)
	return msgs, ofType(msgs, notegen.StreamSegment)
}

// readUntilClosed reads the server's messages until it closes the socket.
func readUntilClosed(t *testing.T, conn *websocket.Conn) ([]notegen.StreamMessage, websocket.StatusCode) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	var msgs []notegen.StreamMessage
	for {
		typ, data, err := conn.Read(ctx)
		if err != nil {
			status := websocket.CloseStatus(err)
			require.NotEqual(t, websocket.StatusCode(-1), status, "the server did not close the socket: %v", err)
			return msgs, status
		}
		require.Equal(t, websocket.MessageText, typ)
		msgs = append(msgs, decode[notegen.StreamMessage](t, data))
	}
}

// waitEnded waits until a job ends (completed or error) and checks that it
// ended as want.
func waitEnded(t *testing.T, s *st.Server, key, jobID, want string) {
	t.Helper()
	ended := waitForStatus(t, s, key, jobID, "completed", "error")
	require.Equal(t, want, ended["status"], "%v", ended)
}

func endStream(t *testing.T, conn *websocket.Conn) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	require.NoError(t, conn.Write(ctx, websocket.MessageText, []byte(`{"type":"end"}`)))
}

func ofType(msgs []notegen.StreamMessage, typ string) []notegen.StreamMessage {
	var out []notegen.StreamMessage
	for _, m := range msgs {
		if m.Type == typ {
			out = append(out, m)
		}
	}
	return out
}

func TestLiveStreamSandboxEndToEnd(t *testing.T) {
	eachKey(t, "sandbox", func(t *testing.T, s *st.Server, o *st.Owner, key string) {
		job := startStream(t, s, key, map[string]any{"sample_rate": 8000})
		require.WithinDuration(t, time.Now().Add(time.Hour), job.ExpiresAt, 5*time.Minute)

		conn := dialStream(t, job.StreamURL)
		msgs, segs := finishStream(t, conn, pcm(2.5, 8000), 8000)
		require.Len(t, segs, 1, "%+v", msgs)
		require.InDelta(t, 2.5, *segs[0].Segment.EndTime, 0.01)
		// No speech recognition ran: the segment says it is a sample, and
		// echoes how much audio arrived, so nobody takes it for the audio's
		// words.
		require.True(t, strings.HasPrefix(segs[0].Segment.Text,
			"[Sandbox sample: no speech recognition ran on the 2.5 s of audio received; this is fixed sample text.]\n"), segs[0].Segment.Text)
		done := msgs[len(msgs)-1]
		require.Equal(t, notegen.StreamDone, done.Type)
		require.Equal(t, job.JobID, done.JobID)
		require.Equal(t, "transcribed", done.Status)

		waitEnded(t, s, key, job.JobID, "completed")
		tr := s.Do(t, "GET", "/v1/fetch-transcript/"+job.JobID, nil, st.APIKey(key))
		require.Equal(t, http.StatusOK, tr.Status, "%s", tr.Body)
		transcript := decode[notegen.Transcript](t, tr.Body)
		require.Equal(t, segs[0].Segment.Text, transcript.Transcript)
		require.Len(t, transcript.Segments, 1, "the streamed utterance is the transcript's timed segment")
		require.NotNil(t, transcript.Segments[0].EndTime)
		require.InDelta(t, 2.5, *transcript.Segments[0].EndTime, 0.01)
		require.Equal(t, http.StatusOK, s.Do(t, "GET", "/v1/fetch-note/"+job.JobID, nil, st.APIKey(key)).Status)

		// The stream has ended: its URL opens nothing any more.
		resp := s.Do(t, "GET", strings.TrimPrefix(job.StreamURL, "ws"+strings.TrimPrefix(s.URL, "http")), nil)
		require.Equal(t, http.StatusConflict, resp.Status, "%s", resp.Body)
	})
}

func TestLiveStreamRejoinsAfterADroppedConnection(t *testing.T) {
	eachKey(t, "sandbox", func(t *testing.T, s *st.Server, o *st.Owner, key string) {
		job := droppedStream(t, s, key, 1.5)

		// The same URL goes on from what arrived, on the same job.
		var again *websocket.Conn
		require.Eventually(t, func() bool {
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			c, resp, err := websocket.Dial(ctx, job.StreamURL, nil)
			if resp != nil && resp.Body != nil {
				resp.Body.Close()
			}
			again = c
			return err == nil
		}, 10*time.Second, 50*time.Millisecond)
		t.Cleanup(func() { again.CloseNow() })
		msgs, segs := finishStream(t, again, pcm(1, 16000), 16000)
		require.Equal(t, "transcribed", msgs[len(msgs)-1].Status)
		// The second connection's utterance is timed after all of the
		// first connection's audio: the rejoin waited for it to be stored.
		require.NotEmpty(t, segs)
		end := *segs[len(segs)-1].Segment.EndTime
		require.InDelta(t, 2.5, end, 0.01)

		waitEnded(t, s, key, job.JobID, "completed")
		page := s.Do(t, "GET", "/v1/user/jobs", nil, st.Bearer(o.IDToken))
		require.Equal(t, http.StatusOK, page.Status, "%s", page.Body)
		jobs := decode[notegen.JobPage](t, page.Body).Jobs
		require.Len(t, jobs, 1)
		require.NotNil(t, jobs[0].DurationSeconds)
		require.InDelta(t, end, *jobs[0].DurationSeconds, 0.01, "billed duration is every sample stored over both connections")
	})
}

func TestLiveStreamRefusesBadURLsBeforeUpgrading(t *testing.T) {
	eachKey(t, "sandbox", func(t *testing.T, s *st.Server, o *st.Owner, key string) {
		job := startStream(t, s, key, nil)
		path := strings.TrimPrefix(job.StreamURL, "ws"+strings.TrimPrefix(s.URL, "http"))

		tampered := path[:len(path)-1] + string("0123456789abcdef"[(strings.IndexByte("0123456789abcdef", path[len(path)-1])+1)%16])
		resp := s.Do(t, "GET", tampered, nil)
		require.Equal(t, http.StatusForbidden, resp.Status, "%s", resp.Body)
		require.Equal(t, "authorization_error", resp.ErrorCode(t))
		// An upload URL's signature opens no stream.
		audioID, presigned := audioJob(t, s, key)
		_, query, _ := strings.Cut(presigned, "?")
		resp = s.Do(t, "GET", "/v1/streams/"+audioID+"?"+query, nil)
		require.Equal(t, http.StatusForbidden, resp.Status, "%s", resp.Body)

		// Past its expiry a stream that never started cannot be opened,
		// and the answer is the same once the sweep has failed its job: an
		// expired URL tells nothing of the job's state.
		time.Sleep(time.Until(job.ExpiresAt) + 100*time.Millisecond)
		resp = s.Do(t, "GET", path, nil)
		require.Equal(t, http.StatusForbidden, resp.Status, "%s", resp.Body)
		require.Equal(t, "authorization_error", resp.ErrorCode(t))
		waitEnded(t, s, key, job.JobID, "error")
		resp = s.Do(t, "GET", path, nil)
		require.Equal(t, http.StatusForbidden, resp.Status, "%s", resp.Body)
		require.Equal(t, "authorization_error", resp.ErrorCode(t))
	}, st.WithEnv("NOTEGEN_UPLOAD_TTL", "2s"), st.WithEnv("NOTEGEN_SWEEP_INTERVAL", "200ms"))
}

func TestLiveStreamRefusesOddLengthFrames(t *testing.T) {
	eachKey(t, "sandbox", func(t *testing.T, s *st.Server, o *st.Owner, key string) {
		job := startStream(t, s, key, nil)
		conn := dialStream(t, job.StreamURL)
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		require.NoError(t, conn.Write(ctx, websocket.MessageBinary, []byte{1, 2, 3}))
		msgs, status := readUntilClosed(t, conn)
		require.Equal(t, websocket.StatusPolicyViolation, status)
		require.Len(t, msgs, 1)
		require.Equal(t, notegen.StreamError, msgs[0].Type)
		require.Equal(t, "validation_error", msgs[0].Error.Code)
		require.Contains(t, msgs[0].Error.Message, "even number of bytes")
	})
}

func TestLiveStreamRefusesOversizedMessages(t *testing.T) {
	t.Parallel()
	s := st.Start(t, st.SQLite)
	o := s.NewOwner(t)
	key := createKey(t, s, o, "sandbox", nil)
	job := startStream(t, s, key, nil)
	conn := dialStream(t, job.StreamURL)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	sendAudio(t, conn, pcm(0.5, 16000), 16000)
	_ = conn.Write(ctx, websocket.MessageBinary, make([]byte, 1<<20+2))
	msgs, status := readUntilClosed(t, conn)
	require.Equal(t, websocket.StatusPolicyViolation, status)
	// What came before the oversized message is kept: its utterance is
	// stored and sent, then the error.
	require.NotEmpty(t, msgs)
	last := msgs[len(msgs)-1]
	require.Equal(t, notegen.StreamError, last.Type, "%+v", msgs)
	require.Equal(t, "payload_too_large", last.Error.Code)
}

func TestLiveStreamValidationAndLiveKeysWithoutSpeechToText(t *testing.T) {
	eachKey(t, "sandbox", func(t *testing.T, s *st.Server, o *st.Owner, sandbox string) {
		for _, rate := range []int{7999, 48001} {
			body := map[string]any{"sample_rate": rate}
			for k, v := range streamFields {
				body[k] = v
			}
			resp := s.Do(t, "POST", "/v1/process-stream", body, st.APIKey(sandbox))
			require.Equal(t, http.StatusBadRequest, resp.Status, "%s", resp.Body)
			require.Equal(t, "validation_error", resp.ErrorCode(t))
		}
		body := map[string]any{"template": "primaryCare", "visit_type": "followUp", "recording_type": "conversation", "lang": "en"}
		resp := s.Do(t, "POST", "/v1/process-stream", body, st.APIKey(sandbox))
		require.Equal(t, http.StatusBadRequest, resp.Status, "conversation without consent: %s", resp.Body)

		// A repeated Idempotency-Key answers the first stream again.
		idem := st.Header{"Idempotency-Key", "visit-42"}
		first := s.Do(t, "POST", "/v1/process-stream", streamFields, st.APIKey(sandbox), idem)
		require.Equal(t, http.StatusOK, first.Status, "%s", first.Body)
		again := s.Do(t, "POST", "/v1/process-stream", streamFields, st.APIKey(sandbox), idem)
		require.Equal(t, http.StatusOK, again.Status, "%s", again.Body)
		require.JSONEq(t, string(first.Body), string(again.Body))
		other := s.Do(t, "POST", "/v1/process-audio", audioFields, st.APIKey(sandbox), idem)
		require.Equal(t, http.StatusConflict, other.Status, "the same key on another endpoint: %s", other.Body)

		live := createKey(t, s, o, "live", nil)
		resp = s.Do(t, "POST", "/v1/process-stream", streamFields, st.APIKey(live))
		require.Equal(t, http.StatusServiceUnavailable, resp.Status, "%s", resp.Body)
	})
}

func TestLiveStreamLeftWithoutEndIsFinished(t *testing.T) {
	eachKey(t, "sandbox", func(t *testing.T, s *st.Server, o *st.Owner, key string) {
		job := droppedStream(t, s, key, 1.2)

		waitEnded(t, s, key, job.JobID, "completed")
		tr := s.Do(t, "GET", "/v1/fetch-transcript/"+job.JobID, nil, st.APIKey(key))
		require.Equal(t, http.StatusOK, tr.Status, "%s", tr.Body)
		require.NotEmpty(t, tr.JSON(t)["transcript"])
	}, st.WithEnv("NOTEGEN_STREAM_ABANDON", "1s"), st.WithEnv("NOTEGEN_SWEEP_INTERVAL", "200ms"))
}

// speechLike returns PCM at rate: for each burst a tone of that many
// seconds, each followed by a second of silence, after half a second of it.
func speechLike(rate int, bursts ...float64) []byte {
	out := make([]byte, rate) // 0.5 s of silence
	for _, b := range bursts {
		out = append(out, pcm(b, rate)...)
		out = append(out, make([]byte, 2*rate)...)
	}
	return out
}

func TestLiveStreamTranscribedUtteranceByUtterance(t *testing.T) {
	st.Each(t, func(t *testing.T, b st.Backend) {
		stt := newFakeOpenAI(t, "Patient reports a cough.")
		s := st.Start(t, b, st.WithEnv("NOTEGEN_STT_URL", stt.URL+"/v1"))
		o := s.NewOwner(t)
		live := createKey(t, s, o, "live", nil)
		job := startStream(t, s, live, nil)

		conn := dialStream(t, job.StreamURL)
		msgs, segs := finishStream(t, conn, speechLike(16000, 1.5, 1.5), 16000)
		require.Len(t, segs, 2, "one segment per utterance: %+v", msgs)
		for i, m := range segs {
			require.Equal(t, i, m.Segment.ID)
			require.Equal(t, "Patient reports a cough.", m.Segment.Text)
			require.Less(t, *m.Segment.StartTime, *m.Segment.EndTime)
		}
		require.Less(t, *segs[0].Segment.EndTime, *segs[1].Segment.StartTime)
		require.InDelta(t, 0.5, *segs[0].Segment.StartTime, 0.4, "the first utterance starts with the first tone")
		done := msgs[len(msgs)-1]
		require.Equal(t, notegen.StreamDone, done.Type)
		require.Equal(t, "transcribed", done.Status)
		// One call per utterance, and perhaps partials while one went on.
		calls := stt.Calls("/v1/audio/transcriptions")
		require.GreaterOrEqual(t, calls, 2)

		waitEnded(t, s, live, job.JobID, "completed")
		require.Equal(t, calls, stt.Calls("/v1/audio/transcriptions"), "after end the audio is not transcribed a second time")
		require.True(t, stt.WAVOK(), "each utterance reaches the provider as 16 kHz mono WAV")
		tr := decode[notegen.Transcript](t, s.Do(t, "GET", "/v1/fetch-transcript/"+job.JobID, nil, st.APIKey(live)).Body)
		require.Equal(t, "Patient reports a cough.\nPatient reports a cough.", tr.Transcript)
		require.Len(t, tr.Segments, 2)

		usage := s.Do(t, "GET", "/v1/user/usage", nil, st.Bearer(o.IDToken))
		require.Equal(t, http.StatusOK, usage.Status, "%s", usage.Body)
		totals := usage.JSON(t)["totals"].(map[string]any)
		require.EqualValues(t, 1, totals["jobs"])
		require.Greater(t, totals["transcription_tokens"].(float64), 0.0, "the streamed transcript is billed")
		page := decode[notegen.JobPage](t, s.Do(t, "GET", "/v1/user/jobs", nil, st.Bearer(o.IDToken)).Body)
		require.InDelta(t, 5.5, *page.Jobs[0].DurationSeconds, 0.01, "duration is samples over the sample rate")
	})
}

// TestLiveStreamSurvivesTheReplicaKilledMidStream kills the replica that
// holds a stream with SIGKILL and rejoins the same stream URL on another:
// a restarted process on SQLite, the second of two replicas on PostgreSQL.
// The audio stored before the kill is kept, and the stream goes on.
func TestLiveStreamSurvivesTheReplicaKilledMidStream(t *testing.T) {
	st.Each(t, func(t *testing.T, b st.Backend) {
		db := st.NewDatabase(t, b)
		env := map[string]string{"NOTEGEN_PUBLIC_URL": "http://notegen.test"}
		first := st.StartProcess(t, db, env)
		var second *st.Process
		if b == st.Postgres {
			second = st.StartProcess(t, db, env)
		}
		o := first.NewOwner(t)
		key := createKey(t, first.Server, o, "sandbox", nil)
		job := startStream(t, first.Server, key, nil)

		conn := dialStream(t, job.StreamURL)
		sendAudio(t, conn, pcm(1.5, 16000), 16000)
		// Kill once the first second is stored, as a replica dying in the
		// middle of a visit would be.
		store := openStore(t, db)
		require.Eventually(t, func() bool {
			var stored int64
			err := store.QueryRow(context.Background(), `SELECT upload_bytes FROM jobs WHERE id = ?`, job.JobID).Scan(&stored)
			return err == nil && stored >= 32000
		}, 30*time.Second, 10*time.Millisecond)
		first.Kill(t)
		conn.CloseNow()
		if second == nil {
			second = st.StartProcess(t, db, env)
		}

		url := strings.Replace(job.StreamURL, "ws"+strings.TrimPrefix(first.URL, "http"), "ws"+strings.TrimPrefix(second.URL, "http"), 1)
		again := dialStream(t, url)
		msgs, segs := finishStream(t, again, pcm(1, 16000), 16000)
		require.Equal(t, "transcribed", msgs[len(msgs)-1].Status)
		require.Len(t, segs, 1, "the killed replica's session died with it: %+v", msgs)
		// The second stored before the kill survived (what had not been
		// stored yet, at most the half second after it, may be lost), and
		// the rejoined audio is timed after it.
		start := *segs[0].Segment.StartTime
		require.GreaterOrEqual(t, start, 1.0)
		require.LessOrEqual(t, start, 1.5)
		require.InDelta(t, start+1, *segs[0].Segment.EndTime, 0.01)

		waitEnded(t, second.Server, key, job.JobID, "completed")
		page := decode[notegen.JobPage](t, second.Do(t, "GET", "/v1/user/jobs", nil, st.Bearer(o.IDToken)).Body)
		require.InDelta(t, start+1, *page.Jobs[0].DurationSeconds, 0.01, "billed for the audio kept")
	})
}
