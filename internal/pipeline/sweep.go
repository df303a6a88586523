package pipeline

import (
	"context"
	"fmt"

	"github.com/riverqueue/river"

	"github.com/notegen/notegen/internal/ratelimit"
	"github.com/notegen/notegen/internal/store"
)

type sweepArgs struct{}

// Kind implements river.JobArgs.
func (sweepArgs) Kind() string { return "retention_sweep" }

type sweepWorker struct {
	river.WorkerDefaults[sweepArgs]
	s *Service
}

// Work purges patient data past its retention, ends jobs whose upload never
// arrived, finishes live streams their client left, and forgets stale
// idempotency keys and rate-limit windows.
func (w *sweepWorker) Work(ctx context.Context, _ *river.Job[sweepArgs]) error {
	return w.s.Sweep(ctx)
}

// Sweep runs one retention pass. The job service says what is due and
// clears it; the sweep deletes the audio, which is the pipeline's, in
// between.
func (s *Service) Sweep(ctx context.Context) error {
	now := store.Now()
	expired, err := s.jobs.ExpiredUploads(ctx, now)
	if err != nil {
		return err
	}
	for _, id := range expired {
		if _, err := s.jobs.ExpireUpload(ctx, id); err != nil {
			return fmt.Errorf("end expired upload %s: %w", id, err)
		}
		// Deleted whatever the job's state: a partial upload is never
		// resumed once its URL has expired.
		_ = s.blobs.Delete(ctx, id)
	}

	abandoned, err := s.jobs.AbandonedStreams(ctx, now)
	if err != nil {
		return err
	}
	for _, id := range abandoned {
		if _, err := s.EndStream(ctx, id); err != nil {
			return fmt.Errorf("finish abandoned stream %s: %w", id, err)
		}
	}
	if len(abandoned) > 0 {
		s.log.InfoContext(ctx, "finished abandoned live streams", "streams", len(abandoned))
	}

	purge, err := s.jobs.DueForPurge(ctx, now)
	if err != nil {
		return err
	}
	for _, id := range purge {
		// The audio goes first: a purge that fails after it is retried by
		// the next sweep, while data marked purged with its audio left
		// would never be looked at again.
		if err := s.blobs.Delete(ctx, id); err != nil {
			return fmt.Errorf("delete purged audio %s: %w", id, err)
		}
		if err := s.jobs.Purge(ctx, id, now); err != nil {
			return err
		}
	}
	if len(purge) > 0 {
		s.log.InfoContext(ctx, "purged job data past retention", "jobs", len(purge))
	}
	if err := s.jobs.ForgetIdempotencyKeys(ctx, now); err != nil {
		return err
	}
	return ratelimit.ForgetWindows(ctx, s.db, now)
}
