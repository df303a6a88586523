// Package pipeline runs note jobs: the queue's workers that transcribe a
// job's audio (normalised with ffmpeg) and write its note (speech and note
// providers), the audio itself in blob storage (uploads, one-shot uploads,
// live streams) and the retention sweep. It decides nothing about a job's
// state and writes no SQL: package job keeps the rules and the jobs table,
// and every step here stores its result by calling it.
package pipeline

import (
	"context"
	"errors"
	"log/slog"
	"runtime"
	"time"

	"github.com/riverqueue/river"

	"github.com/notegen/notegen/internal/audio"
	"github.com/notegen/notegen/internal/blobstore"
	"github.com/notegen/notegen/internal/evidence"
	"github.com/notegen/notegen/internal/job"
	"github.com/notegen/notegen/internal/provider"
	"github.com/notegen/notegen/internal/queue"
	"github.com/notegen/notegen/internal/replica"
	"github.com/notegen/notegen/internal/store"
)

// Config tunes the pipeline.
type Config struct {
	// KeepAudio keeps a job's audio once it is transcribed; by default it
	// is deleted as soon as it is no longer needed.
	KeepAudio bool
	// TempDir holds normalised audio while it is being transcribed.
	TempDir string
	// SweepInterval is how often expired data and uploads are swept.
	SweepInterval time.Duration
	// RetryBase is the first delay before a job retries after a transient
	// provider failure; it doubles with each attempt.
	RetryBase time.Duration
}

// Deps are what the pipeline works with.
type Deps struct {
	// Jobs keeps the jobs' states and stores every step's result.
	Jobs *job.Service
	// DB is the database the sweep forgets stale rate-limit windows in.
	DB    *store.DB
	Blobs blobstore.Store
	// STT is nil when no speech-to-text provider is configured: live audio
	// jobs are then refused (job.Config.LiveAudio says so to the job's
	// rules).
	STT    provider.Transcriber
	Writer provider.NoteWriter
	// Queue wakes the notes queue when a retry falls due; nil in tests
	// that run the workers by hand.
	Queue *queue.Inserter
	Log   *slog.Logger
}

// Service runs note jobs.
type Service struct {
	jobs   *job.Service
	db     *store.DB
	blobs  blobstore.Store
	stt    provider.Transcriber // nil: speech-to-text not configured
	writer provider.NoteWriter
	queue  *queue.Inserter
	cfg    Config
	log    *slog.Logger
	// detail computes each note's sections, evidence and facts.
	detail *evidence.Builder
	// transcodes bounds the ffmpeg runs at once to the CPUs: the notes
	// queue runs many jobs at once because most of a job is waiting (on a
	// provider, on the database), but decoding audio is all CPU.
	transcodes chan struct{}
}

// New returns the pipeline. Its workers run once Register has been passed
// to queue.New.
func New(d Deps, cfg Config) *Service {
	return &Service{jobs: d.Jobs, db: d.DB, blobs: d.Blobs, stt: d.STT, writer: d.Writer, queue: d.Queue, cfg: cfg, log: d.Log,
		detail: evidence.NewBuilder(), transcodes: make(chan struct{}, runtime.NumCPU())}
}

// processArgs is the queued work of one job.
type processArgs struct {
	JobID string `json:"job_id"`
}

// Kind implements river.JobArgs.
func (processArgs) Kind() string { return "note_job" }

// InsertOpts implements river.JobArgsWithInsertOpts.
func (processArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: queue.Notes, MaxAttempts: 6}
}

// Enqueuer is job.Enqueuer over the durable queue: a job's processing is a
// River job inserted in the transaction that makes the job ready. Once
// RunOn has named the pipeline, that replica runs the job as soon as the
// transaction commits instead of waiting for a worker to fetch it: a job
// that the transaction inserts (a submission) is held by a claim on its
// own row, with no River job (ClaimRun, job.Claimer); one stored before (an
// upload's or a stream's) by a River job stored as running under this
// replica (queue.Inserter.InsertRunTx). Without RunOn, or when the
// replica's direct runs are all taken, a worker runs the job.
type Enqueuer struct {
	q *queue.Inserter
	s *Service
}

// NewEnqueuer returns the Enqueuer the job service is built with; it needs
// only the queue, so the job service can be built before the pipeline.
func NewEnqueuer(q *queue.Inserter) *Enqueuer { return &Enqueuer{q: q} }

// RunOn makes the jobs enqueued from now on run on s at once. It is called
// once the pipeline is built, before any job is submitted.
func (e *Enqueuer) RunOn(s *Service) { e.s = s }

// Enqueue implements job.Enqueuer. A run on this replica starts from the
// inserted job when there is one, rather than reading it back: a read of
// the whole row per submission.
func (e *Enqueuer) Enqueue(ctx context.Context, tx *store.Tx, jobID string, inserted *job.Job) error {
	args := processArgs{JobID: jobID}
	opts := &river.InsertOpts{Queue: queue.Notes}
	if e.s == nil {
		return e.q.InsertTx(ctx, tx, args, opts)
	}
	return e.q.InsertRunTx(ctx, tx, args, opts,
		queue.WorkOnce[processArgs](&processWorker{s: e.s, inserted: inserted}, args, queue.Notes, args.InsertOpts().MaxAttempts))
}

// ClaimRun implements job.Claimer: a job that its submission inserts runs
// on this replica once the submission commits, held by a claim on the
// job's row (queue.ClaimRunTx), with no River job unless the run fails.
func (e *Enqueuer) ClaimRun(ctx context.Context, tx *store.Tx, jobID string, inserted *job.Job) (job.Claim, bool) {
	if e.s == nil {
		return job.Claim{}, false
	}
	args := processArgs{JobID: jobID}
	run := queue.WorkOnce[processArgs](&processWorker{s: e.s, inserted: inserted}, args, queue.Notes, args.InsertOpts().MaxAttempts)
	var claim queue.Claim
	claim, ok := e.q.ClaimRunTx(tx, run, func(ctx context.Context, runErr error) { e.handOff(ctx, jobID, claim.By, runErr) })
	return job.Claim{By: claim.By, Until: claim.Until}, ok
}

// handOff gives a claimed job whose run failed to the workers, which retry
// it with the worker's policy. Should it fail, the claim stays, and is
// taken over once it is past its time.
func (e *Enqueuer) handOff(ctx context.Context, jobID, by string, runErr error) {
	// Work has logged the failed attempt.
	args := processArgs{JobID: jobID}
	err := e.s.jobs.ReleaseClaim(ctx, jobID, by, func(tx *store.Tx) error {
		return e.q.InsertRetryTx(ctx, tx, args, &river.InsertOpts{Queue: queue.Notes}, runErr)
	})
	if err != nil {
		e.s.log.ErrorContext(ctx, "give a failed note job to the workers", "job_id", jobID, "error", err.Error())
	}
}

// TakeOver enqueues the jobs that a dead replica, or a run past its time,
// left claimed (job.Service.TakeOverClaims); self is this replica's ID. The
// replica's heartbeat calls it.
func (s *Service) TakeOver(ctx context.Context, self string) (int, error) {
	return s.jobs.TakeOverClaims(ctx, self, func(ctx context.Context) (map[string]bool, error) { return replica.Live(ctx, s.db) })
}

// Register adds the job workers and the retention sweep to the queue.
func (s *Service) Register(w *river.Workers) []*river.PeriodicJob {
	river.AddWorker(w, &processWorker{s: s})
	river.AddWorker(w, &sweepWorker{s: s})
	return []*river.PeriodicJob{
		river.NewPeriodicJob(river.PeriodicInterval(s.cfg.SweepInterval), func() (river.JobArgs, *river.InsertOpts) {
			return sweepArgs{}, &river.InsertOpts{Queue: queue.Maintenance}
		}, &river.PeriodicJobOpts{RunOnStart: true}),
	}
}

type processWorker struct {
	river.WorkerDefaults[processArgs]
	s *Service
	// inserted is the job as its submission inserted it, for the run that
	// starts at once on this replica; nil for the queue's workers, which
	// read the job.
	inserted *job.Job
}

// NextRetry spaces retries after transient failures: RetryBase, doubling,
// at most ten minutes, or the provider's own Retry-After when longer. A
// retry soon is announced to nobody, so it wakes the queue at its time.
func (w *processWorker) NextRetry(j *river.Job[processArgs]) time.Time {
	delay := w.s.cfg.RetryBase << min(j.Attempt-1, 10)
	delay = min(delay, 10*time.Minute)
	at := time.Now().Add(delay)
	if w.s.queue != nil {
		w.s.queue.WakeAt(j.Queue, at)
	}
	return at
}

// Work runs one attempt. Each step checks the job's stored status, so an
// attempt after a crash resumes where the last one stopped.
func (w *processWorker) Work(ctx context.Context, j *river.Job[processArgs]) error {
	err := w.s.process(ctx, j.Args, w.inserted)
	if err == nil {
		return nil
	}
	code, message, permanent := classify(err)
	if !permanent && j.Attempt < j.MaxAttempts {
		w.s.log.WarnContext(ctx, "note job attempt failed; will retry", "job_id", j.Args.JobID, "attempt", j.Attempt, "error", err.Error())
		return err
	}
	w.s.log.ErrorContext(ctx, "note job failed", "job_id", j.Args.JobID, "attempt", j.Attempt, "error", err.Error())
	if ferr := w.s.fail(context.WithoutCancel(ctx), j.Args.JobID, code, message); ferr != nil {
		return errors.Join(err, ferr)
	}
	return nil
}

// classify turns a failure into the error code and message the client sees
// and says whether retrying is pointless.
func classify(err error) (code, message string, permanent bool) {
	var decodeErr *audio.DecodeError
	var pe *provider.Error
	switch {
	case errors.As(err, &decodeErr):
		return "audio_unreadable", "The audio could not be decoded: " + decodeErr.Detail, true
	case errors.Is(err, audio.ErrNoFFmpeg):
		return "unavailable", "Audio cannot be processed: ffmpeg is not installed on the server", true
	case errors.As(err, &pe):
		code := "note_generation_failed"
		if pe.Provider == "speech-to-text" {
			code = "transcription_failed"
		}
		return code, "The " + pe.Provider + " provider failed: " + pe.Message, !pe.Transient
	}
	return "internal_error", "The job failed because of a server error", false
}

// process runs the steps a job's stored status says are left. inserted,
// when not nil, is the job as its submission's transaction stored it, a
// moment ago: the run starts from it instead of reading it back.
func (s *Service) process(ctx context.Context, args processArgs, inserted *job.Job) error {
	j, err := inserted, error(nil)
	if j == nil {
		j, err = s.jobs.Load(ctx, args.JobID)
	}
	if errors.Is(err, job.ErrNotFound) {
		return nil // deleted with its account: nothing to run
	}
	if err != nil {
		return err
	}
	if j.PurgedAt.Valid {
		return nil
	}
	switch j.Status {
	case job.Queued, job.Transcribing:
		// A regenerated audio job starts with its source's transcript.
		if j.Source == "audio" && j.TranscriptSealed == nil {
			if err := s.transcribe(ctx, j); err != nil {
				return err
			}
			// The note is written from the transcript as stored, which may
			// be another attempt's if one finished first: read it back
			// rather than trust the copy in memory.
			if j, err = s.jobs.Load(ctx, args.JobID); err != nil {
				return err
			}
		}
		return s.writeNote(ctx, j)
	case job.Transcribed:
		return s.writeNote(ctx, j)
	}
	return nil // pending, completed or error: nothing to do
}

// fail ends a job in error and tells the client, then drops its audio,
// which nothing will read again.
func (s *Service) fail(ctx context.Context, jobID, code, message string) error {
	failed, err := s.jobs.Fail(ctx, jobID, code, message)
	if err == nil && failed != nil && !s.cfg.KeepAudio && failed.Source == "audio" {
		_ = s.blobs.Delete(ctx, jobID)
	}
	return err
}
