// Package server is notegen-asr's HTTP API: the OpenAI-compatible
// POST /v1/audio/transcriptions, GET /v1/realtime (package realtime), plus
// /healthz and /metrics.
package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"mime/multipart"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/notegen/notegen/cmd/notegen-asr/internal/decode"
	"github.com/notegen/notegen/cmd/notegen-asr/internal/transcribe"
)

// Transcriber runs one transcription; *transcribe.Engine implements it.
type Transcriber interface {
	Transcribe(ctx context.Context, req transcribe.Request) (transcribe.Transcript, error)
}

// Config holds the server's limits.
type Config struct {
	ModelName       string        // reported by /v1/models and in logs
	DefaultLanguage string        // reported in verbose_json when the request names none
	MaxUploadBytes  int64         // whole multipart body
	Timeout         time.Duration // queue wait plus processing, per request
	Concurrency     int           // transcriptions running at once
	QueueSize       int           // requests allowed to wait for a slot
	TempDir         string        // where uploads are spooled ("" = os.TempDir)
	// Realtime serves GET /v1/realtime; nil when the model cannot stream.
	Realtime http.Handler
}

// Server serves the API. Create it with New.
type Server struct {
	cfg      Config
	tr       Transcriber
	log      *slog.Logger
	m        *metrics
	q        *queue
	draining atomic.Bool
	mux      *http.ServeMux
}

// New builds the server and registers its metrics in reg.
func New(cfg Config, tr Transcriber, log *slog.Logger, reg *prometheus.Registry) *Server {
	s := &Server{cfg: cfg, tr: tr, log: log, m: newMetrics(reg), q: newQueue(cfg.Concurrency, cfg.QueueSize), mux: http.NewServeMux()}
	s.mux.HandleFunc("POST /v1/audio/transcriptions", s.handleTranscription)
	s.mux.HandleFunc("GET /v1/models", s.handleModels)
	if cfg.Realtime != nil {
		s.mux.Handle("GET /v1/realtime", cfg.Realtime)
	} else {
		s.mux.HandleFunc("GET /v1/realtime", func(w http.ResponseWriter, _ *http.Request) {
			writeError(w, http.StatusNotImplemented, "the loaded model is not a streaming model; realtime transcription needs one", typeInvalidRequest, "", "not_streaming")
		})
	}
	s.mux.HandleFunc("GET /healthz", s.handleHealth)
	s.mux.Handle("GET /metrics", promhttp.HandlerFor(reg, promhttp.HandlerOpts{}))
	s.mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		writeError(w, http.StatusNotFound, fmt.Sprintf("no route for %s %s", r.Method, r.URL.Path), typeInvalidRequest, "", "not_found")
	})
	return s
}

// ServeHTTP implements http.Handler.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.mux.ServeHTTP(w, r) }

// Drain makes /healthz report 503 and refuses new transcriptions, so a load
// balancer stops sending work while in-flight requests finish.
func (s *Server) Drain() { s.draining.Store(true) }

func (s *Server) handleHealth(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	if s.draining.Load() {
		w.WriteHeader(http.StatusServiceUnavailable)
		_, _ = io.WriteString(w, `{"status":"draining"}`+"\n")
		return
	}
	_, _ = io.WriteString(w, `{"status":"ok"}`+"\n")
}

func (s *Server) handleModels(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]any{
		"object": "list",
		"data":   []map[string]any{{"id": s.cfg.ModelName, "object": "model", "owned_by": "notegen-asr"}},
	})
}

// form is the parsed multipart request.
type form struct {
	path           string
	filename       string
	model          string
	language       string
	responseFormat string
}

var responseFormats = map[string]bool{"json": true, "text": true, "verbose_json": true}

func (s *Server) handleTranscription(w http.ResponseWriter, r *http.Request) {
	start := time.Now()
	status := http.StatusOK
	defer func() {
		s.m.requests.WithLabelValues(fmt.Sprint(status)).Inc()
		s.m.duration.Observe(time.Since(start).Seconds())
	}()
	fail := func(code int, msg, typ, param, errCode string) {
		status = code
		writeError(w, code, msg, typ, param, errCode)
		s.log.Info("transcription failed", "status", code, "code", errCode, "elapsed", time.Since(start).Round(time.Millisecond))
	}
	if s.draining.Load() {
		fail(http.StatusServiceUnavailable, "server is shutting down", typeServer, "", "shutting_down")
		return
	}
	ctx, cancel := context.WithTimeoutCause(r.Context(), s.cfg.Timeout, errTimeout)
	defer cancel()

	r.Body = http.MaxBytesReader(w, r.Body, s.cfg.MaxUploadBytes)
	f, err := s.parseForm(r)
	if f.path != "" {
		defer os.Remove(f.path)
	}
	if err != nil {
		var tooBig *http.MaxBytesError
		var fe *formError
		switch {
		case errors.As(err, &tooBig):
			fail(http.StatusRequestEntityTooLarge, fmt.Sprintf("request body exceeds the limit of %d bytes", s.cfg.MaxUploadBytes), typeInvalidRequest, "file", "file_too_large")
		case errors.As(err, &fe):
			fail(http.StatusBadRequest, fe.msg, typeInvalidRequest, fe.param, fe.code)
		default:
			s.log.Error("read upload", "err", err)
			fail(http.StatusBadRequest, "could not read the multipart request body", typeInvalidRequest, "", "invalid_body")
		}
		return
	}

	release, err := s.q.acquire(ctx, func(d int) { s.m.queued.Add(float64(d)) })
	if err != nil {
		if errors.Is(err, errQueueFull) {
			w.Header().Set("Retry-After", "5")
			fail(http.StatusTooManyRequests, "all transcription slots are busy and the queue is full; retry later", typeRateLimit, "", "queue_full")
			return
		}
		s.failContext(ctx, fail)
		return
	}
	defer release()
	s.m.inFlight.Inc()
	defer s.m.inFlight.Dec()

	procStart := time.Now()
	tr, err := s.tr.Transcribe(ctx, transcribe.Request{
		Path:     f.path,
		RawPCM:   strings.EqualFold(filepath.Ext(f.filename), ".pcm"),
		Language: f.language,
	})
	proc := time.Since(procStart)
	if err != nil {
		var inErr *decode.InputError
		switch {
		case errors.As(err, &inErr):
			fail(http.StatusBadRequest, inErr.Msg, typeInvalidRequest, "file", "invalid_audio")
		case ctx.Err() != nil:
			s.failContext(ctx, fail)
		default:
			s.log.Error("transcription error", "err", err)
			fail(http.StatusInternalServerError, "transcription failed", typeServer, "", "internal_error")
		}
		return
	}
	s.m.audioSeconds.Add(tr.Duration)
	s.m.procSeconds.Add(proc.Seconds())
	rtf := 0.0
	if tr.Duration > 0 {
		rtf = proc.Seconds() / tr.Duration
		s.m.rtf.Observe(rtf)
	}
	// Never log transcripts or audio: only sizes and timings.
	s.log.Info("transcribed", "model", f.model, "format", f.responseFormat, "audio_seconds", tr.Duration,
		"segments", len(tr.Segments), "processing", proc.Round(time.Millisecond), "rtf", rtf)
	s.writeTranscript(w, f, tr)
}

var errTimeout = errors.New("request timed out")

// failContext answers a request whose context ended: the client left, the
// per-request timeout fired, or the server is shutting down.
func (s *Server) failContext(ctx context.Context, fail func(int, string, string, string, string)) {
	if errors.Is(context.Cause(ctx), errTimeout) {
		fail(http.StatusGatewayTimeout, fmt.Sprintf("transcription did not finish within %s", s.cfg.Timeout), typeTimeout, "", "timeout")
		return
	}
	// 499 (client closed request) is nginx's convention; nobody reads it.
	fail(499, "request cancelled", typeServer, "", "cancelled")
}

func (s *Server) writeTranscript(w http.ResponseWriter, f form, tr transcribe.Transcript) {
	switch f.responseFormat {
	case "text":
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		_, _ = io.WriteString(w, tr.Text+"\n")
	case "verbose_json":
		lang := f.language
		if lang == "" {
			lang = s.cfg.DefaultLanguage
		}
		segs := make([]verboseSegment, len(tr.Segments))
		for i, sg := range tr.Segments {
			segs[i] = verboseSegment{ID: i, Seek: int(sg.Start * 100), Start: round3(sg.Start), End: round3(sg.End), Text: sg.Text, Tokens: []int{}}
		}
		writeJSON(w, verboseResponse{Task: "transcribe", Language: lang, Duration: round3(tr.Duration), Text: tr.Text, Segments: segs})
	default:
		writeJSON(w, map[string]string{"text": tr.Text})
	}
}

// verboseResponse mirrors OpenAI's verbose_json transcription object. Fields
// we cannot compute (log-probabilities and the like) are zero.
type verboseResponse struct {
	Task     string           `json:"task"`
	Language string           `json:"language"`
	Duration float64          `json:"duration"`
	Text     string           `json:"text"`
	Segments []verboseSegment `json:"segments"`
}

type verboseSegment struct {
	ID               int     `json:"id"`
	Seek             int     `json:"seek"`
	Start            float64 `json:"start"`
	End              float64 `json:"end"`
	Text             string  `json:"text"`
	Tokens           []int   `json:"tokens"`
	Temperature      float64 `json:"temperature"`
	AvgLogprob       float64 `json:"avg_logprob"`
	CompressionRatio float64 `json:"compression_ratio"`
	NoSpeechProb     float64 `json:"no_speech_prob"`
}

func round3(x float64) float64 { return float64(int64(x*1000+0.5)) / 1000 }

func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(v)
}

// formError is a client mistake in the form fields.
type formError struct{ msg, param, code string }

func (e *formError) Error() string { return e.msg }

// parseForm streams the multipart body, spooling the file part to a temp file
// (ffmpeg must seek in mp4/m4a) and reading the small text fields. The
// returned path is set, and must be removed, even when err is not nil.
func (s *Server) parseForm(r *http.Request) (form, error) {
	f := form{responseFormat: "json"}
	mr, err := r.MultipartReader()
	if err != nil {
		return f, &formError{msg: "request must be multipart/form-data with a file field", param: "file", code: "invalid_content_type"}
	}
	for {
		part, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return f, fmt.Errorf("next part: %w", err)
		}
		switch name := part.FormName(); name {
		case "file":
			if f.path != "" {
				return f, &formError{msg: "only one file may be sent", param: "file", code: "invalid_file"}
			}
			f.filename = part.FileName()
			f.path, err = s.spool(part)
			if err != nil {
				return f, err
			}
		case "model", "language", "response_format", "prompt", "temperature", "timestamp_granularities[]", "timestamp_granularities":
			b, err := io.ReadAll(io.LimitReader(part, 4096))
			if err != nil {
				return f, fmt.Errorf("read field %s: %w", name, err)
			}
			v := strings.TrimSpace(string(b))
			switch name {
			case "model":
				f.model = v
			case "language":
				f.language = v
			case "response_format":
				f.responseFormat = v
			}
		default:
			// Unknown fields are ignored, as OpenAI-compatible servers do.
			_, _ = io.Copy(io.Discard, io.LimitReader(part, 1<<20))
		}
		_ = part.Close()
	}
	switch {
	case f.path == "":
		return f, &formError{msg: "missing required field: file", param: "file", code: "missing_file"}
	case f.model == "":
		return f, &formError{msg: "missing required field: model", param: "model", code: "missing_model"}
	case !responseFormats[f.responseFormat]:
		return f, &formError{msg: fmt.Sprintf("response_format %q is not supported; use json, text or verbose_json", f.responseFormat), param: "response_format", code: "unsupported_response_format"}
	}
	if fi, err := os.Stat(f.path); err == nil && fi.Size() == 0 {
		return f, &formError{msg: "the uploaded file is empty", param: "file", code: "empty_file"}
	}
	return f, nil
}

func (s *Server) spool(part *multipart.Part) (string, error) {
	tmp, err := os.CreateTemp(s.cfg.TempDir, "notegen-asr-upload-*")
	if err != nil {
		return "", fmt.Errorf("create temp file: %w", err)
	}
	_, err = io.Copy(tmp, part)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return tmp.Name(), fmt.Errorf("spool upload: %w", err)
	}
	return tmp.Name(), nil
}
