package httpapi

import (
	"io"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen"
)

// statusAnswers covers the shapes a status answer takes: every status, a
// regenerated job, messages a client may see (quotes, non-ASCII, control
// characters, HTML), and times the fast path must leave to encoding/json.
func statusAnswers() []notegen.JobStatus {
	created := time.Date(2026, 11, 23, 5, 40, 1, 123456000, time.UTC)
	base := notegen.JobStatus{JobID: "0b6f7c1e-3f7a-4a43-9d55-5c1f0c6c1a2b", Status: "queued", Message: "Job is queued",
		Progress: 10, CreatedAt: created, UpdatedAt: created.Add(1500 * time.Millisecond)}
	var out []notegen.JobStatus
	for _, st := range []string{"pending", "queued", "transcribing", "transcribed", "completed", "error"} {
		v := base
		v.Status = st
		out = append(out, v)
	}
	messages := []string{"", `the "model" said no`, `back\slash`, "Fehler: Übersetzung fehlgeschlagen", "line\nbreak\ttab\x01",
		"<b>&amp;</b>", "\u2028separator", "bad utf8 \xff", "emoji 🙂"}
	for _, m := range messages {
		v := base
		v.Status, v.Message = "error", m
		out = append(out, v)
	}
	regenerated := base
	regenerated.SourceJobID = "7d1e0c51-0a39-4a0c-8a0e-9a4d0b8f3c11"
	whole := base
	whole.CreatedAt, whole.UpdatedAt = created.Truncate(time.Second), created.Truncate(time.Second)
	zero := base
	zero.CreatedAt, zero.UpdatedAt, zero.Progress = time.Time{}, time.Time{}, 0
	zoned := base
	zoned.UpdatedAt = created.In(time.FixedZone("odd", 5*3600+30*60))
	farFuture := base
	farFuture.UpdatedAt = time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC)
	return append(out, regenerated, whole, zero, zoned, farFuture)
}

func TestJobStatusAnswerIsWhatTheJSONEncoderWrites(t *testing.T) {
	t.Parallel()
	s := &Server{log: slog.New(slog.NewTextHandler(io.Discard, nil))}
	answers := statusAnswers()
	rng := rand.New(rand.NewPCG(1, 2))
	alphabet := []rune("aZ09 -_.:/\"\\\n\x00<>&é\u2028🙂")
	for range 500 {
		v := answers[rng.IntN(len(answers))]
		msg := make([]rune, rng.IntN(12))
		for i := range msg {
			msg[i] = alphabet[rng.IntN(len(alphabet))]
		}
		v.Message = string(msg)
		v.Progress = rng.IntN(101)
		answers = append(answers, v)
	}
	for _, v := range answers {
		want := httptest.NewRecorder()
		writeJSON(want, s.log, http.StatusOK, v)
		got := httptest.NewRecorder()
		s.writeJobStatus(got, v)
		require.Equal(t, want.Code, got.Code)
		require.Equal(t, want.Header(), got.Header())
		require.Equal(t, want.Body.String(), got.Body.String(), "message %q", v.Message)
	}
}

// BenchmarkJobStatusAnswer measures writing one status answer, the last
// step of GET /v1/status, by hand and through the general JSON encoder.
func BenchmarkJobStatusAnswer(b *testing.B) {
	s := &Server{log: slog.New(slog.NewTextHandler(io.Discard, nil))}
	v := statusAnswers()[1]
	writers := map[string]func(http.ResponseWriter){
		"by-hand": func(w http.ResponseWriter) { s.writeJobStatus(w, v) },
		"encoder": func(w http.ResponseWriter) { writeJSON(w, s.log, http.StatusOK, v) },
	}
	for name, write := range writers {
		b.Run(name, func(b *testing.B) {
			w := &discardWriter{header: http.Header{}}
			b.ReportAllocs()
			for range b.N {
				write(w)
			}
		})
	}
}

// discardWriter is a ResponseWriter that keeps nothing.
type discardWriter struct{ header http.Header }

func (w *discardWriter) Header() http.Header         { return w.header }
func (w *discardWriter) Write(b []byte) (int, error) { return len(b), nil }
func (w *discardWriter) WriteHeader(int)             {}
