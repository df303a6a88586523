package job

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

// Sweep runs one retention pass.
func (s *Service) Sweep(ctx context.Context) error {
	now := store.Now()
	// A live stream that has received audio outlives its URL: it ends when
	// its client leaves it, below.
	expired, err := s.findIDs(ctx, "expired uploads", `SELECT id FROM jobs WHERE status = 'pending' AND upload_expires_at < ? AND stream_active_at IS NULL`, now)
	if err != nil {
		return err
	}
	for _, id := range expired {
		if err := s.fail(ctx, id, "upload_expired", "The audio was not uploaded before the upload URL expired"); err != nil {
			return err
		}
		_ = s.blobs.Delete(ctx, id)
	}

	if err := s.finishAbandonedStreams(ctx, now); err != nil {
		return err
	}

	purge, err := s.findIDs(ctx, "jobs past retention", `SELECT id FROM jobs WHERE purged_at IS NULL AND purge_after < ?`, now)
	if err != nil {
		return err
	}
	for _, id := range purge {
		if err := s.blobs.Delete(ctx, id); err != nil {
			return err
		}
		if _, err := s.db.Exec(ctx, `UPDATE jobs SET transcript_sealed = NULL, note_sealed = NULL, custom_sealed = NULL,
			segments_sealed = NULL, note_detail_sealed = NULL, stream_segments_sealed = NULL,
			purged_at = ?, updated_at = ? WHERE id = ? AND purge_after < ?`, now, now, id, now); err != nil {
			return fmt.Errorf("purge job: %w", err)
		}
	}
	if len(purge) > 0 {
		s.log.InfoContext(ctx, "purged job data past retention", "jobs", len(purge))
	}
	if err := forgetIdempotencyKeys(ctx, s.db, now); err != nil {
		return err
	}
	return ratelimit.ForgetWindows(ctx, s.db, now)
}

// findIDs runs a query that selects job ids; what names them in its error.
func (s *Service) findIDs(ctx context.Context, what, query string, args ...any) ([]string, error) {
	return store.Collect(ctx, s.db, "find "+what, func(row func(...any) error) (string, error) {
		var id string
		err := row(&id)
		return id, err
	}, query, args...)
}
