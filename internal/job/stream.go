package job

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/notegen/notegen/internal/apikey"
	"github.com/notegen/notegen/internal/apperr"
	"github.com/notegen/notegen/internal/store"
	"github.com/notegen/notegen/internal/transcript"
	"github.com/notegen/notegen/internal/upload"
)

// Sample rates a live stream's PCM may have, in hertz.
const (
	MinSampleRate     = 8000
	MaxSampleRate     = 48000
	DefaultSampleRate = 16000
)

// streamSegmentsPurpose seals a stream's utterances, which are patient data.
const streamSegmentsPurpose = "job-stream-segments"

// StreamSegment is one final utterance of a live stream; times are seconds
// from the start of the stream.
type StreamSegment struct {
	ID    int     `json:"id"`
	Start float64 `json:"start"`
	End   float64 `json:"end"`
	Text  string  `json:"text"`
}

// Stream is the stored state of a live stream, which any replica's
// connection continues from.
type Stream struct {
	JobID         string
	Sandbox       bool
	Lang          string
	SampleRate    int
	BytesReceived int64
	// Segments are the utterances transcribed so far, in order.
	Segments []StreamSegment
	// owner names this connection; another that joins takes it over.
	owner string
}

// Offset is how far into the stream the audio received so far reaches: a
// connection that continues the stream counts its segments' times from it.
func (st *Stream) Offset() time.Duration {
	return time.Duration(st.BytesReceived / 2 * int64(time.Second) / int64(st.SampleRate))
}

// streamAnswer answers a stream submission with its signed WebSocket URL.
func (s *Service) streamAnswer(jobID string, expires time.Time) Submitted {
	return Submitted{JobID: jobID, Status: Pending, StreamURL: s.uploads.StreamURL(jobID, expires), ExpiresAt: expires.UTC()}
}

// SubmitStream creates an audio job whose audio will arrive over a
// WebSocket as raw PCM at sampleRate (0: the default), and returns the
// signed URL to stream it to. The caller has checked that live streams can
// be transcribed for this key.
func (s *Service) SubmitStream(ctx context.Context, c apikey.Caller, spec Spec, sampleRate int, idem *Idempotency) (Submitted, error) {
	now := store.Now()
	if sub, ok, err := s.replay(ctx, c.KeyID, idem, s.streamAnswer); err != nil || ok {
		return sub, err
	}
	spec.FileExtension = ""
	if err := spec.Validate(true); err != nil {
		return Submitted{}, err
	}
	if sampleRate == 0 {
		sampleRate = DefaultSampleRate
	}
	if sampleRate < MinSampleRate || sampleRate > MaxSampleRate {
		return Submitted{}, apperr.Invalid("sample_rate", "sample_rate must be from %d to %d", MinSampleRate, MaxSampleRate)
	}
	spec.FileExtension = "pcm"
	id := uuid.Must(uuid.NewV7()).String()
	expires := now.Add(s.cfg.UploadTTL).Truncate(time.Second)
	return s.insert(ctx, newJob{id: id, caller: c, spec: spec, source: "audio", status: Pending, expires: expires, streamRate: sampleRate},
		idem, s.streamAnswer, now)
}

var errNotStream = apperr.New(apperr.NotFound, "No live stream has this job id")

// streamRow is the stream part of a job row.
type streamRow struct {
	owner    sql.NullString
	rate     sql.NullInt64
	activeAt sql.NullTime
	segments []byte
}

func loadStreamRow(ctx context.Context, q store.Queryer, id string) (streamRow, error) {
	var r streamRow
	err := q.QueryRow(ctx, `SELECT stream_owner, stream_sample_rate, stream_active_at, stream_segments_sealed FROM jobs WHERE id = ?`, id).
		Scan(&r.owner, &r.rate, &r.activeAt, &r.segments)
	if errors.Is(err, sql.ErrNoRows) {
		return r, errNotStream
	}
	if err != nil {
		return r, fmt.Errorf("read stream: %w", err)
	}
	if !r.rate.Valid {
		return r, errNotStream
	}
	return r, nil
}

func (s *Service) openSegments(jobID string, sealed []byte) ([]StreamSegment, error) {
	if sealed == nil {
		return nil, nil
	}
	plain, err := s.master.Open(sealPurpose(streamSegmentsPurpose, jobID), sealed)
	if err != nil {
		return nil, fmt.Errorf("open stream segments: %w", err)
	}
	var segs []StreamSegment
	if err := json.Unmarshal(plain, &segs); err != nil {
		return nil, fmt.Errorf("read stream segments: %w", err)
	}
	return segs, nil
}

// Rejoining a stream whose connection still holds it: the new connection
// waits for the old one to store what it received and let go, as long as
// the old one has stored audio within ownerLive; after rejoinWait it takes
// the stream over regardless (the old replica may be gone).
const (
	ownerLive  = 2 * time.Second
	rejoinWait = 5 * time.Second
)

// OpenStream is a connection joining the stream of jobID, whose signed URL
// expires at urlExpires. A stream under way may be rejoined after its URL
// has expired, as long as it has not been left for StreamAbandon; a stream
// that has ended is a conflict.
func (s *Service) OpenStream(ctx context.Context, jobID string, urlExpires time.Time) (*Stream, error) {
	if _, err := uuid.Parse(jobID); err != nil {
		return nil, errNotStream
	}
	deadline := time.Now().Add(rejoinWait)
	for {
		st, held, err := s.takeStream(ctx, jobID, urlExpires, time.Now().After(deadline))
		if err != nil || !held {
			return st, err
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(100 * time.Millisecond):
		}
	}
}

// takeStream makes this connection the stream's owner; held reports that
// another live connection holds it and force was false.
func (s *Service) takeStream(ctx context.Context, jobID string, urlExpires time.Time, force bool) (st *Stream, held bool, err error) {
	now := store.Now()
	err = s.db.InTx(ctx, func(tx *store.Tx) error {
		j, err := load(ctx, tx, jobID, true)
		if errors.Is(err, ErrNotFound) {
			return errNotStream
		}
		if err != nil {
			return err
		}
		row, err := loadStreamRow(ctx, tx, jobID)
		if err != nil {
			return err
		}
		// The URL is checked before the job's state: an expired URL opens
		// nothing and tells nothing, whether or not the sweep has already
		// failed the stream it never started.
		if !now.Before(urlExpires) && (!row.activeAt.Valid || now.Sub(row.activeAt.Time) >= s.cfg.StreamAbandon) {
			return upload.ErrBadStreamURL
		}
		if j.Status != Pending {
			return apperr.New(apperr.Conflict, "The stream has ended; the job is %s", j.Status)
		}
		if !force && row.owner.Valid && row.activeAt.Valid && now.Sub(row.activeAt.Time) < ownerLive {
			held = true
			return nil
		}
		segs, err := s.openSegments(jobID, row.segments)
		if err != nil {
			return err
		}
		owner := uuid.NewString()
		// Taking the stream counts as activity: a connection that has not
		// stored audio yet is waited for by a rejoin all the same.
		if _, err := tx.Exec(ctx, `UPDATE jobs SET stream_owner = ?, stream_active_at = ? WHERE id = ?`, owner, now, jobID); err != nil {
			return fmt.Errorf("take over stream: %w", err)
		}
		st = &Stream{JobID: j.ID, Sandbox: j.Sandbox, Lang: j.Spec.Lang, SampleRate: int(row.rate.Int64),
			BytesReceived: j.UploadBytes, Segments: segs, owner: owner}
		return nil
	})
	return st, held, err
}

// LeaveStream lets go of a stream after its connection stored what it
// received, so a client rejoining does not wait.
func (s *Service) LeaveStream(ctx context.Context, st *Stream) error {
	if _, err := s.db.Exec(ctx, `UPDATE jobs SET stream_owner = NULL WHERE id = ? AND stream_owner = ?`, st.JobID, st.owner); err != nil {
		return fmt.Errorf("leave stream: %w", err)
	}
	return nil
}

// errStreamMoved is a connection whose stream another connection took over
// or the sweep finished.
var errStreamMoved = apperr.New(apperr.Conflict, "The stream was continued by another connection or has ended")

// AppendStream stores n more bytes of audio after the audio the stream
// has, by calling write with the offset they go at, and records the new
// length; a crash loses at most what was not yet appended. Only the
// connection that knows the stored length can append, so two connections
// to one stream cannot interleave their audio. write stores the bytes (the
// pipeline's blob storage) and reports how many it stored.
func (s *Service) AppendStream(ctx context.Context, st *Stream, n int64, write func(offset int64) (int64, error)) error {
	if n == 0 {
		return nil
	}
	if st.BytesReceived+n > MaxAudioBytes {
		return apperr.New(apperr.PayloadTooLarge, "A stream's audio must be at most %d MiB", MaxAudioBytes>>20)
	}
	// The audio is written under the job's row lock, so a connection that
	// has been taken over cannot overwrite the audio of the one that took
	// it over.
	var written int64
	err := s.db.InTx(ctx, func(tx *store.Tx) error {
		var owner sql.NullString
		var received int64
		var status Status
		if err := tx.QueryRow(ctx, `SELECT stream_owner, upload_bytes, status FROM jobs WHERE id = ?`+tx.ForUpdate(), st.JobID).
			Scan(&owner, &received, &status); err != nil {
			return fmt.Errorf("read stream: %w", err)
		}
		if owner.String != st.owner || received != st.BytesReceived || status != Pending {
			return errStreamMoved
		}
		var err error
		written, err = write(st.BytesReceived)
		if err != nil {
			return fmt.Errorf("store stream audio: %w", err)
		}
		now := store.Now()
		if _, err := tx.Exec(ctx, `UPDATE jobs SET upload_bytes = ?, stream_active_at = ?, updated_at = ? WHERE id = ?`,
			st.BytesReceived+written, now, now, st.JobID); err != nil {
			return fmt.Errorf("record stream audio: %w", err)
		}
		return nil
	})
	if err != nil {
		return err
	}
	st.BytesReceived += written
	return nil
}

// AddStreamSegment stores a final utterance with the stream, so that the
// transcript survives the connection and the replica.
func (s *Service) AddStreamSegment(ctx context.Context, st *Stream, seg StreamSegment) error {
	segs := append(st.Segments, seg)
	plain, err := json.Marshal(segs)
	if err != nil {
		return fmt.Errorf("encode stream segments: %w", err)
	}
	res, err := s.db.Exec(ctx, `UPDATE jobs SET stream_segments_sealed = ?, stream_active_at = ? WHERE id = ? AND status = 'pending' AND stream_owner = ?`,
		s.master.Seal(sealPurpose(streamSegmentsPurpose, st.JobID), plain), store.Now(), st.JobID, st.owner)
	if err != nil {
		return fmt.Errorf("store stream segment: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return errStreamMoved
	}
	st.Segments = segs
	return nil
}

// EndStream finishes a live stream with what it received: its utterances
// become the transcript (the audio is not transcribed a second time), the
// job becomes transcribed and its note is queued; a stream in which no
// speech was heard ends in error. Ending a stream that has already ended
// answers its status; ended reports that this call ended it, after which
// its audio is no longer needed.
func (s *Service) EndStream(ctx context.Context, jobID string) (status Status, ended bool, err error) {
	now := store.Now()
	err = s.db.InTx(ctx, func(tx *store.Tx) error {
		j, err := load(ctx, tx, jobID, true)
		if err != nil {
			return err
		}
		status = j.Status
		if j.Status != Pending {
			return nil
		}
		row, err := loadStreamRow(ctx, tx, jobID)
		if err != nil {
			return err
		}
		segs, err := s.openSegments(jobID, row.segments)
		if err != nil {
			return err
		}
		lines := make([]string, 0, len(segs))
		timed := make([]transcript.Timed, 0, len(segs))
		for _, seg := range segs {
			if t := strings.TrimSpace(seg.Text); t != "" {
				lines = append(lines, t)
				timed = append(timed, transcript.Timed{Start: seg.Start, End: seg.End, Text: t})
			}
		}
		text := strings.Join(lines, "\n")
		seconds := float64(j.UploadBytes/2) / float64(row.rate.Int64)
		if text == "" {
			j.ErrorCode, j.ErrorMessage = "no_speech", "No speech was heard in the stream"
			if _, err := tx.Exec(ctx, `UPDATE jobs SET error_code = ?, error_message = ?, audio_seconds = ?, completed_at = ?, purge_after = ? WHERE id = ?`,
				j.ErrorCode, j.ErrorMessage, seconds, now, now.Add(s.cfg.Retention), jobID); err != nil {
				return fmt.Errorf("record stream error: %w", err)
			}
			status, ended = Failed, true
			return s.setStatus(ctx, tx, j, Failed, j.ErrorMessage, now)
		}
		tokens := transcript.EstimateTokens(text)
		timedJSON, err := json.Marshal(timed)
		if err != nil {
			return fmt.Errorf("encode stream segments: %w", err)
		}
		// The utterances move into the transcript's segments, which the
		// note's evidence points into; the stream's own copy is dropped.
		if _, err := tx.Exec(ctx, `UPDATE jobs SET transcript_sealed = ?, segments_sealed = ?, stream_segments_sealed = NULL, transcription_tokens = ?,
			audio_seconds = ?, upload_total = upload_bytes WHERE id = ?`,
			s.master.Seal(sealPurpose(transcriptPurpose, jobID), []byte(text)), s.master.Seal(sealPurpose(segmentsPurpose, jobID), timedJSON),
			tokens, seconds, jobID); err != nil {
			return fmt.Errorf("store stream transcript: %w", err)
		}
		status, ended = Transcribed, true
		if err := s.setStatus(ctx, tx, j, Transcribed, statusMessage(Transcribed), now); err != nil {
			return err
		}
		return s.queue.Enqueue(ctx, tx, jobID, nil)
	})
	if err != nil {
		return "", false, err
	}
	return status, ended, nil
}

// AbandonedStreams lists the live streams that at now have had no audio
// and no utterance for StreamAbandon: their client left without "end", and
// the sweep ends them with what they received.
func (s *Service) AbandonedStreams(ctx context.Context, now time.Time) ([]string, error) {
	return s.findIDs(ctx, "abandoned streams", `SELECT id FROM jobs WHERE status = 'pending' AND stream_sample_rate IS NOT NULL
		AND stream_active_at IS NOT NULL AND stream_active_at < ?`, now.Add(-s.cfg.StreamAbandon))
}
