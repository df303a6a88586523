package job

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/google/uuid"

	"github.com/notegen/notegen/internal/apikey"
	"github.com/notegen/notegen/internal/apperr"
	"github.com/notegen/notegen/internal/batch"
	"github.com/notegen/notegen/internal/billing"
	"github.com/notegen/notegen/internal/broker"
	"github.com/notegen/notegen/internal/evidence"
	"github.com/notegen/notegen/internal/masterkey"
	"github.com/notegen/notegen/internal/outbox"
	"github.com/notegen/notegen/internal/store"
	"github.com/notegen/notegen/internal/transcript"
	"github.com/notegen/notegen/internal/upload"
)

// Config tunes the job service.
type Config struct {
	PublicURL string
	FreeJobs  int
	// Retention is how long job data is kept after the job ends.
	Retention time.Duration
	// UploadTTL is how long a presigned upload URL is valid.
	UploadTTL time.Duration
	// LiveAudio says whether live keys' audio can be transcribed (a
	// speech-to-text provider is configured and ffmpeg is installed): without
	// it their audio submissions are refused at once rather than failing
	// later in the pipeline.
	LiveAudio bool
	// WaitRecheck is how often a status waiter re-reads its job when no
	// wake-up has come.
	WaitRecheck time.Duration
	// StreamAbandon is how long a live stream may go without audio before
	// the sweep finishes it with what it received.
	StreamAbandon time.Duration
}

// Enqueuer adds a job's processing to the work queue inside the
// transaction that makes the job ready, so the work exists exactly when
// that change commits. The pipeline implements it over River; the job's
// rules only say when. inserted, when not nil, is the job exactly as this
// transaction inserts it, so that a run that starts at once need not read
// it back (a submission's job); it is nil for a job that was stored
// before.
type Enqueuer interface {
	Enqueue(ctx context.Context, tx *store.Tx, jobID string, inserted *Job) error
}

// Service keeps the note jobs: their states and rules, and the jobs and
// idempotency_keys tables. What runs the jobs (queue workers, audio,
// providers, blob storage) calls it for every change it stores.
type Service struct {
	db     *store.DB
	master *masterkey.Key
	cfg    Config
	// events announces committed status changes to status waiters.
	events *broker.Broker
	// uploads signs the URLs audio is uploaded to.
	uploads *upload.Signer
	// queue takes the jobs' processing, in the transaction that causes it.
	queue Enqueuer
	// dispatch writes a job's first event's delivery with the event; nil
	// leaves every event to the webhook dispatcher.
	dispatch outbox.Dispatcher
	// statusReads batches concurrent status reads on PostgreSQL; nil on
	// SQLite.
	statusReads *batch.Batcher[*statusRead]
	// writes commits the submissions and the pipeline's steps of
	// concurrent jobs together: a job's own transactions were the largest
	// share of the one SQLite writer's turns, and of PostgreSQL's WAL
	// flushes, per job.
	writes *store.Group
}

// maxGroupedWrites bounds the job transactions committed together.
const maxGroupedWrites = 64

// groupSlots is how many shared job transactions run at once. SQLite's
// writes take turns anyway: one, and every job transaction that arrives
// while it commits joins the next. On PostgreSQL two: a sandbox job's
// submission and its note are deferred statements only (store.Tx.Defer),
// so a shared transaction sends all its members' statements and its
// COMMIT in one round trip, one commit (and one WAL flush) for the lot,
// where side by side each member paid its own BEGIN, COMMIT and flush.
// Under 03_webhook_throughput.sh's load that cut PostgreSQL's CPU per job
// by about a fifth (1.03 to 0.80 ms, medians of 5 alternated runs; one
// slot was no better than two). The second slot keeps job writes going
// while one shared transaction waits on a row lock.
func groupSlots(d store.Dialect) int {
	if d == store.Postgres {
		return 2
	}
	return 1
}

// Deps are what the job service works with.
type Deps struct {
	DB     *store.DB
	Master *masterkey.Key
	// Uploads signs the URLs audio is uploaded to.
	Uploads *upload.Signer
	// Queue takes the jobs' processing.
	Queue Enqueuer
	// Events carries each committed status change to the clients
	// waiting for it.
	Events *broker.Broker
	// Dispatch, when set, writes the delivery of a job's first event in
	// the statement that writes the event (outbox.Dispatcher): the webhook
	// service of this replica.
	Dispatch outbox.Dispatcher
}

// NewService returns the job service.
func NewService(d Deps, cfg Config) *Service {
	return &Service{db: d.DB, master: d.Master, cfg: cfg, uploads: d.Uploads, queue: d.Queue, events: d.Events, dispatch: d.Dispatch,
		statusReads: newStatusReads(d.DB), writes: d.DB.NewGroup(maxGroupedWrites, groupSlots(d.DB.Dialect()))}
}

// Submitted is the answer to a submission.
type Submitted struct {
	JobID        string
	PresignedURL string
	Status       Status
	// StreamURL and ExpiresAt answer a live stream: the signed WebSocket
	// URL its audio goes to, and until when a first connection is taken.
	StreamURL string
	ExpiresAt time.Time
}

const (
	customPurpose     = "job-custom"
	transcriptPurpose = "job-transcript"
	notePurpose       = "job-note"
	segmentsPurpose   = "job-segments"
	detailPurpose     = "job-note-detail"
)

func sealPurpose(purpose, jobID string) string { return purpose + ":" + jobID }

// newJob is a job about to be inserted.
type newJob struct {
	id          string
	caller      apikey.Caller
	spec        Spec
	source      string
	status      Status
	transcript  string // text jobs and regenerations
	uploadBytes int64
	uploadTotal int64
	expires     time.Time
	// sourceJobID is the job a regeneration copies its transcript from.
	sourceJobID  string
	audioSeconds sql.NullFloat64
	// streamRate is a live stream's sample rate; 0 for other jobs.
	streamRate int
	// segments are a regenerated audio job's timed utterances (JSON),
	// copied from its source.
	segments []byte
}

// insert writes the job, charges a live job, stores the idempotency record
// and, for a queued job, enqueues its processing, all in one transaction.
// build makes the answer; a concurrent request with the same key that
// committed first gets the answer of its job instead.
func (s *Service) insert(ctx context.Context, n newJob, idem *Idempotency, build answer, now time.Time) (Submitted, error) {
	custom, _ := json.Marshal(n.spec.customOrEmpty())
	var sealedTranscript []byte
	if n.source == "text" || n.sourceJobID != "" {
		sealedTranscript = s.master.Seal(sealPurpose(transcriptPurpose, n.id), []byte(n.transcript))
	}
	transcriptionTokens := transcript.EstimateTokens(n.transcript)
	var segments []byte
	if n.segments != nil {
		segments = s.master.Seal(sealPurpose(segmentsPurpose, n.id), n.segments)
	}
	var sourceJobID any
	if n.sourceJobID != "" {
		sourceJobID = n.sourceJobID
		transcriptionTokens = 0 // the transcript was billed with the source job
	}
	var expires, total any
	if !n.expires.IsZero() {
		expires = n.expires
	}
	if n.uploadTotal > 0 {
		total = n.uploadTotal
	}
	var streamRate any
	if n.streamRate > 0 {
		streamRate = n.streamRate
	}
	customSealed := s.master.Seal(sealPurpose(customPurpose, n.id), custom)
	consent := n.spec.PatientConsent != nil && *n.spec.PatientConsent
	err := s.writes.InTx(ctx, func(tx *store.Tx) error {
		if !n.caller.Sandbox() {
			if err := billing.ChargeLiveJob(ctx, tx, n.caller.UserID, s.cfg.FreeJobs, now); err != nil {
				return err
			}
		}
		// A queued job that this replica runs itself is claimed by the
		// insert below; any other is enqueued after it.
		var inserted *Job
		var claimedBy, claimedUntil any
		claimed := false
		if n.status == Queued {
			inserted = n.stored(customSealed, sealedTranscript, segments, transcriptionTokens, consent, now)
			if c, ok := s.queue.(Claimer); ok {
				var claim Claim
				if claim, claimed = c.ClaimRun(ctx, tx, n.id, inserted); claimed {
					claimedBy, claimedUntil = claim.By, claim.Until
				}
			}
		}
		// Deferred: it goes to the database with the idempotency record's
		// insert (or the River job's), one round trip for both.
		err := tx.Defer(ctx, "insert job", `INSERT INTO jobs (id, user_id, api_key_id, is_sandbox, source, status, message, progress, template, visit_type,
			recording_type, lang, output_language, documentation_style, custom_sealed, custom_metadata, webhook_env, patient_consent,
			file_extension, upload_bytes, upload_total, upload_expires_at, transcript_sealed, transcription_tokens, audio_seconds,
			source_job_id, stream_sample_rate, created_at, updated_at, segments_sealed, claimed_by, claimed_until)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			n.id, n.caller.UserID, n.caller.KeyID, n.caller.Sandbox(), n.source, n.status, statusMessage(n.status), progressOf[n.status],
			n.spec.Template, n.spec.VisitType, n.spec.RecordingType, n.spec.Lang, n.spec.OutputLanguage, n.spec.DocumentationStyle,
			customSealed, string(n.spec.CustomMetadata), n.spec.WebhookEnv, consent,
			n.spec.FileExtension, n.uploadBytes, total, expires, sealedTranscript, transcriptionTokens, n.audioSeconds,
			sourceJobID, streamRate, now, now, segments, claimedBy, claimedUntil)
		if err != nil {
			return err
		}
		if err := remember(ctx, tx, n.caller.KeyID, idem, n.id, now); err != nil {
			return err
		}
		if n.status == Queued && !claimed {
			return s.queue.Enqueue(ctx, tx, n.id, inserted)
		}
		return nil
	})
	if errors.Is(err, errIdempotencyRace) {
		sub, ok, rerr := s.replay(ctx, n.caller.KeyID, idem, build)
		if rerr != nil || ok {
			return sub, rerr
		}
	}
	if err != nil {
		return Submitted{}, err
	}
	return build(n.id, n.expires), nil
}

// stored is the job n as insert writes it, as load would read it back.
func (n newJob) stored(customSealed, transcriptSealed, segmentsSealed []byte, transcriptionTokens int64, consent bool, now time.Time) *Job {
	j := &Job{ID: n.id, UserID: n.caller.UserID, APIKeyID: n.caller.KeyID, Sandbox: n.caller.Sandbox(), Source: n.source,
		Status: n.status, Message: statusMessage(n.status), Spec: n.spec, CustomSealed: customSealed, UploadBytes: n.uploadBytes,
		UploadTotal: sql.NullInt64{Int64: n.uploadTotal, Valid: n.uploadTotal > 0}, AudioSeconds: n.audioSeconds,
		UploadExpiresAt: sql.NullTime{Time: n.expires, Valid: !n.expires.IsZero()}, TranscriptSealed: transcriptSealed,
		SegmentsSealed: segmentsSealed, TranscriptionTokens: transcriptionTokens, SourceJobID: n.sourceJobID,
		CreatedAt: now.UTC(), UpdatedAt: now.UTC()}
	j.Spec.PatientConsent = &consent
	j.Spec.CustomMetadata = []byte(string(n.spec.CustomMetadata))
	return j
}

func statusMessage(st Status) string {
	switch st {
	case Pending:
		return "Waiting for the audio upload"
	case Queued:
		return "Queued"
	case Transcribing:
		return "Transcribing audio"
	case Transcribed:
		return "Writing the note"
	case Completed:
		return "Note ready"
	}
	return ""
}

// queuedAnswer answers a submission whose job was queued at once.
func queuedAnswer(jobID string, _ time.Time) Submitted {
	return Submitted{JobID: jobID, Status: Queued}
}

// pendingUpload answers an audio submission waiting for its upload with
// the URL to PUT the audio to.
func (s *Service) pendingUpload(jobID string, expires time.Time) Submitted {
	return Submitted{JobID: jobID, PresignedURL: s.uploads.URL(jobID, expires), Status: Pending}
}

// SubmitText creates a job from dictated or pasted text.
func (s *Service) SubmitText(ctx context.Context, c apikey.Caller, spec Spec, text string, idem *Idempotency) (Submitted, error) {
	if sub, ok, err := s.replay(ctx, c.KeyID, idem, queuedAnswer); err != nil || ok {
		return sub, err
	}
	if err := spec.Validate(false); err != nil {
		return Submitted{}, err
	}
	if len([]rune(text)) == 0 || len(text) > 1<<20 {
		return Submitted{}, apperr.Invalid("text", "text is required")
	}
	id := uuid.Must(uuid.NewV7()).String()
	return s.insert(ctx, newJob{id: id, caller: c, spec: spec, source: "text", status: Queued, transcript: text},
		idem, queuedAnswer, store.Now())
}

// CheckAudioAllowed refuses live audio when nothing can transcribe it.
func (s *Service) CheckAudioAllowed(c apikey.Caller) error {
	if !c.Sandbox() && !s.cfg.LiveAudio {
		return apperr.New(apperr.Unavailable, "Speech-to-text is not configured on this server; submit text, or ask the operator to set NOTEGEN_STT_URL")
	}
	return nil
}

// SubmitAudio creates an audio job waiting for its upload and returns the
// presigned URL to PUT the audio to.
func (s *Service) SubmitAudio(ctx context.Context, c apikey.Caller, spec Spec, idem *Idempotency) (Submitted, error) {
	now := store.Now()
	if sub, ok, err := s.replay(ctx, c.KeyID, idem, s.pendingUpload); err != nil || ok {
		return sub, err
	}
	if err := spec.Validate(true); err != nil {
		return Submitted{}, err
	}
	if spec.FileExtension == "" {
		return Submitted{}, apperr.Invalid("file_extension", "file_extension is required")
	}
	if err := s.CheckAudioAllowed(c); err != nil {
		return Submitted{}, err
	}
	id := uuid.Must(uuid.NewV7()).String()
	// Whole seconds: the URL carries the expiry in seconds, and the URL and
	// the sweep that ends a job without audio must agree on the instant.
	expires := now.Add(s.cfg.UploadTTL).Truncate(time.Second)
	return s.insert(ctx, newJob{id: id, caller: c, spec: spec, source: "audio", status: Pending, expires: expires},
		idem, s.pendingUpload, now)
}

// StatusView is the answer to the status endpoint.
type StatusView struct {
	JobID     string
	Status    Status
	Message   string
	Progress  int
	CreatedAt time.Time
	UpdatedAt time.Time
	// SourceJobID names the job a regenerated note was written from.
	SourceJobID string
}

// owned loads a job the caller may see: its own account and its own key
// type (sandbox jobs are invisible to live keys and the other way round).
func (s *Service) owned(ctx context.Context, c apikey.Caller, id string) (*Job, error) {
	if _, err := uuid.Parse(id); err != nil {
		return nil, ErrNotFound
	}
	j, err := load(ctx, s.db, id, false)
	if err != nil {
		return nil, err
	}
	if j.UserID != c.UserID || j.Sandbox != c.Sandbox() {
		return nil, ErrNotFound
	}
	return j, nil
}

// readable is owned for the calls that read a job's data, which a purged
// job no longer has.
func (s *Service) readable(ctx context.Context, c apikey.Caller, id string) (*Job, error) {
	j, err := s.owned(ctx, c, id)
	if err != nil {
		return nil, err
	}
	if j.PurgedAt.Valid {
		return nil, errPurged
	}
	return j, nil
}

// transcriptOf is OpenTranscript for a job that may have no transcript yet:
// that is a Conflict, notReady followed by the job's status.
func (s *Service) transcriptOf(j *Job, notReady string) (string, error) {
	if j.TranscriptSealed == nil {
		return "", apperr.New(apperr.Conflict, "%s %s", notReady, j.Status)
	}
	return s.OpenTranscript(j)
}

// OpenTranscript unseals a job's transcript; the job must have one.
func (s *Service) OpenTranscript(j *Job) (string, error) {
	text, err := s.master.Open(sealPurpose(transcriptPurpose, j.ID), j.TranscriptSealed)
	if err != nil {
		return "", fmt.Errorf("open transcript: %w", err)
	}
	return string(text), nil
}

// NoteView is the answer to fetch-note.
type NoteView struct {
	JobID          string
	Status         Status
	Note           string
	NoteTitle      string
	Lang           string
	OutputLanguage string
	RecordingType  string
	VisitType      string
	Template       string
	IsSandbox      bool
	Timestamp      time.Time
	// TTL is how many seconds the note is kept before it is purged.
	TTL int64
	// SourceJobID names the job a regenerated note was written from.
	SourceJobID string
	// Detail is the note's sections, evidence and facts, as computed when
	// it was written.
	Detail evidence.Detail
	// PatientID is custom_metadata.patient_id when the job had one: the
	// FHIR export's Patient identifier.
	PatientID string
}

var errPurged = apperr.New(apperr.NotFound, "The job's data has passed its retention period and was deleted")

// FetchNote returns a completed job's note.
func (s *Service) FetchNote(ctx context.Context, c apikey.Caller, id string) (NoteView, error) {
	j, err := s.readable(ctx, c, id)
	if err != nil {
		return NoteView{}, err
	}
	if j.Status != Completed {
		return NoteView{}, apperr.New(apperr.Conflict, "The note is not ready: the job is %s", j.Status)
	}
	return s.noteView(j)
}

// noteView is a job's fetch-note answer, for fetch-note and the owner's
// view alike; a job not completed yet has no note in it.
func (s *Service) noteView(j *Job) (NoteView, error) {
	v := NoteView{
		JobID: j.ID, Status: j.Status, Lang: j.Spec.Lang, OutputLanguage: j.Spec.OutputLanguage,
		RecordingType: j.Spec.RecordingType, VisitType: j.Spec.VisitType, Template: j.Spec.Template, IsSandbox: j.Sandbox,
		Timestamp: j.UpdatedAt, SourceJobID: j.SourceJobID,
	}
	if j.Status != Completed {
		return v, nil
	}
	note, err := s.master.Open(sealPurpose(notePurpose, j.ID), j.NoteSealed)
	if err != nil {
		return NoteView{}, fmt.Errorf("open note: %w", err)
	}
	v.Note, v.NoteTitle = string(note), j.NoteTitle
	if v.Detail, err = s.openDetail(j); err != nil {
		return NoteView{}, err
	}
	var meta struct {
		PatientID any `json:"patient_id"`
	}
	if json.Unmarshal(j.Spec.CustomMetadata, &meta) == nil {
		switch id := meta.PatientID.(type) {
		case string:
			v.PatientID = id
		case float64:
			v.PatientID = strconv.FormatFloat(id, 'f', -1, 64)
		}
	}
	if j.PurgeAfter.Valid {
		v.TTL = max(0, int64(time.Until(j.PurgeAfter.Time).Seconds()))
	}
	return v, nil
}

// TranscriptView is the answer to fetch-transcript.
type TranscriptView struct {
	JobID      string
	Transcript string
	Segments   []transcript.Segment
}

// FetchTranscript returns a job's transcript once it exists.
func (s *Service) FetchTranscript(ctx context.Context, c apikey.Caller, id string) (TranscriptView, error) {
	j, err := s.readable(ctx, c, id)
	if err != nil {
		return TranscriptView{}, err
	}
	text, err := s.transcriptOf(j, "The transcript is not ready: the job is")
	if err != nil {
		return TranscriptView{}, err
	}
	segs, err := s.Segments(j, text)
	if err != nil {
		return TranscriptView{}, err
	}
	return TranscriptView{JobID: j.ID, Transcript: text, Segments: segs}, nil
}
