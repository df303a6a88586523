package notegen

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"time"
)

// Job statuses.
const (
	JobPending      = "pending"
	JobQueued       = "queued"
	JobTranscribing = "transcribing"
	JobTranscribed  = "transcribed"
	JobCompleted    = "completed"
	JobError        = "error"
)

// CustomTemplate is a caller-supplied note template.
type CustomTemplate struct {
	Context  string `json:"context"`
	Template string `json:"template"`
}

// JobOptions are the fields every submission takes. Template is required;
// VisitType and RecordingType are required except for the "wfw" and
// "smartInsert" templates; PatientConsent must be true for a
// "conversation" recording.
type JobOptions struct {
	Template           string          `json:"template"`
	VisitType          string          `json:"visit_type,omitempty"`
	RecordingType      string          `json:"recording_type,omitempty"`
	Lang               string          `json:"lang,omitempty"`
	OutputLanguage     string          `json:"output_language,omitempty"`
	PatientConsent     bool            `json:"patient_consent,omitempty"`
	DocumentationStyle string          `json:"documentation_style,omitempty"`
	Custom             *CustomTemplate `json:"custom,omitempty"`
	// CustomMetadata, a JSON object, is kept as sent and echoed in the
	// job's webhook events.
	CustomMetadata json.RawMessage `json:"custom_metadata,omitempty"`
	// WebhookEnv ("dev" or "prod") picks the webhook URL of the job.
	WebhookEnv string `json:"webhook_env,omitempty"`
	// IdempotencyKey is sent as the Idempotency-Key header. When empty
	// the client makes one, so that retries never create a second job.
	IdempotencyKey string `json:"-"`
}

// AudioJobRequest is the body of CreateAudioJob.
type AudioJobRequest struct {
	JobOptions
	// FileExtension is the audio format, e.g. "mp3" or ".wav".
	FileExtension string `json:"file_extension"`
}

// TextJobRequest is the body of SubmitText.
type TextJobRequest struct {
	JobOptions
	Text string `json:"text"`
}

// RegenerateRequest is the body of RegenerateNote. Nil fields keep the
// original job's values (String makes a pointer).
type RegenerateRequest struct {
	JobID              string          `json:"job_id"`
	Template           *string         `json:"template,omitempty"`
	OutputLanguage     *string         `json:"output_language,omitempty"`
	DocumentationStyle *string         `json:"documentation_style,omitempty"`
	Custom             *CustomTemplate `json:"custom,omitempty"`
	CustomMetadata     json.RawMessage `json:"custom_metadata,omitempty"`
	// IdempotencyKey: see JobOptions.
	IdempotencyKey string `json:"-"`
}

// Job is the result of a submission or an upload.
type Job struct {
	JobID string `json:"job_id"`
	// PresignedURL is where to PUT the audio (CreateAudioJob only).
	PresignedURL string `json:"presigned_url,omitempty"`
	Status       string `json:"status"`
}

// UploadResult is the answer to PUT /v1/uploads/{job_id}: 200 once the
// whole audio is in (the job is queued), 202 while a chunked upload goes on.
type UploadResult struct {
	JobID         string `json:"job_id"`
	Status        string `json:"status"`
	BytesReceived int64  `json:"bytes_received"`
}

// JobStatus is the result of GetJobStatus.
type JobStatus struct {
	JobID   string `json:"job_id"`
	Status  string `json:"status"`
	Message string `json:"message"`
	// Progress is a percentage, 0 to 100.
	Progress  int       `json:"progress"`
	CreatedAt time.Time `json:"created_at"`
	UpdatedAt time.Time `json:"updated_at"`
	// SourceJobID names the job a regenerated note was written from; empty
	// for other jobs.
	SourceJobID string `json:"source_job_id,omitempty"`
}

// Done reports whether the job has finished, as completed or error.
func (s *JobStatus) Done() bool { return s.Status == JobCompleted || s.Status == JobError }

// Note is the result of FetchNote.
type Note struct {
	JobID          string `json:"job_id"`
	Status         string `json:"status"`
	Note           string `json:"note"`
	NoteTitle      string `json:"note_title"`
	Lang           string `json:"lang"`
	OutputLanguage string `json:"output_language"`
	RecordingType  string `json:"recording_type"`
	VisitType      string `json:"visit_type"`
	Template       string `json:"template"`
	IsSandbox      bool   `json:"is_sandbox"`
	// Timestamp is when the note was written.
	Timestamp time.Time `json:"timestamp"`
	// TTL is how many seconds the note is kept before it is purged.
	TTL int64 `json:"ttl"`
	// SourceJobID names the job a regenerated note was written from; empty
	// for other jobs.
	SourceJobID string `json:"source_job_id,omitempty"`
	// Sections are the note's sections in order, keyed by the template.
	Sections []NoteSection `json:"sections"`
	// Evidence links each sentence of the note to the transcript.
	Evidence []Evidence `json:"evidence"`
	// Facts are the encounter's structured facts.
	Facts Facts `json:"facts"`
}

// Transcript is the result of FetchTranscript.
type Transcript struct {
	JobID      string `json:"job_id"`
	Transcript string `json:"transcript"`
	// Segments are the transcript's turns (text) or utterances (audio), in
	// order, each with its speaker's role.
	Segments []Segment `json:"segments"`
}

// newIdempotencyKey returns a random key for a submission.
func newIdempotencyKey() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return "idem_" + hex.EncodeToString(b)
}

func idempotencyHeader(key string) http.Header {
	if key == "" {
		key = newIdempotencyKey()
	}
	return http.Header{"Idempotency-Key": {key}}
}

// submit posts a job submission with its Idempotency-Key, which makes it
// safe to retry.
func (c *Client) submit(ctx context.Context, path string, body any, key string) (*Job, error) {
	return doJSON[Job](ctx, c, call{method: "POST", path: path, body: body, auth: authAPIKey, idempotent: true, header: idempotencyHeader(key)})
}

// CreateAudioJob starts an audio job (POST /v1/process-audio, JSON): the
// result's PresignedURL is where UploadAudio sends the audio. SubmitAudio
// does both steps.
func (c *Client) CreateAudioJob(ctx context.Context, req AudioJobRequest) (*Job, error) {
	return c.submit(ctx, "/v1/process-audio", req, req.IdempotencyKey)
}

// SubmitText starts a job from text (POST /v1/process-text).
func (c *Client) SubmitText(ctx context.Context, req TextJobRequest) (*Job, error) {
	return c.submit(ctx, "/v1/process-text", req, req.IdempotencyKey)
}

// RegenerateNote writes the note of a job again, optionally with another
// template or style (POST /v1/regenerate-note), as a new job that names
// its source in SourceJobID; the source job and its note stay unchanged. It
// counts as a job for billing.
func (c *Client) RegenerateNote(ctx context.Context, req RegenerateRequest) (*Job, error) {
	return c.submit(ctx, "/v1/regenerate-note", req, req.IdempotencyKey)
}

// GetJobStatus reads a job's status (GET /v1/status/{job_id}).
func (c *Client) GetJobStatus(ctx context.Context, jobID string) (*JobStatus, error) {
	return doJSON[JobStatus](ctx, c, call{method: "GET", path: "/v1/status/" + pathEscape(jobID), auth: authAPIKey, idempotent: true})
}

// FetchNote reads a completed job's note (GET /v1/fetch-note/{job_id}).
// Before completion it is a ServiceError with code "conflict".
func (c *Client) FetchNote(ctx context.Context, jobID string) (*Note, error) {
	return doJSON[Note](ctx, c, call{method: "GET", path: "/v1/fetch-note/" + pathEscape(jobID), auth: authAPIKey, idempotent: true})
}

// FetchTranscript reads an audio job's transcript (GET
// /v1/fetch-transcript/{job_id}).
func (c *Client) FetchTranscript(ctx context.Context, jobID string) (*Transcript, error) {
	return doJSON[Transcript](ctx, c, call{method: "GET", path: "/v1/fetch-transcript/" + pathEscape(jobID), auth: authAPIKey, idempotent: true})
}
