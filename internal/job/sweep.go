package job

import (
	"context"
	"fmt"
	"time"

	"github.com/notegen/notegen/internal/store"
)

// Retention: what the sweep (internal/pipeline, on the queue's schedule)
// finds due and what it clears. The pipeline deletes each job's audio
// between finding and clearing, since the blobs are its to manage.

// ExpiredUploads lists the jobs whose audio never arrived before their
// upload URL expired at now. A live stream that has received audio
// outlives its URL: it ends when its client leaves it (AbandonedStreams).
func (s *Service) ExpiredUploads(ctx context.Context, now time.Time) ([]string, error) {
	return s.findIDs(ctx, "expired uploads", `SELECT id FROM jobs WHERE status = 'pending' AND upload_expires_at < ? AND stream_active_at IS NULL`, now)
}

// ExpireUpload ends a job whose upload expired in error, as the client is
// told; it returns the job, nil when it had already ended.
func (s *Service) ExpireUpload(ctx context.Context, jobID string) (*Job, error) {
	return s.Fail(ctx, jobID, "upload_expired", "The audio was not uploaded before the upload URL expired")
}

// DueForPurge lists the jobs whose data is past its retention at now and
// still stored.
func (s *Service) DueForPurge(ctx context.Context, now time.Time) ([]string, error) {
	return s.findIDs(ctx, "jobs past retention", `SELECT id FROM jobs WHERE purged_at IS NULL AND purge_after < ?`, now)
}

// Purge deletes the patient data of job id (transcript, note, custom
// template, segments, detail) if it is past retention at now; the row
// stays, so that the job answers that its data was deleted rather than
// that it never existed.
func (s *Service) Purge(ctx context.Context, id string, now time.Time) error {
	if _, err := s.db.Exec(ctx, `UPDATE jobs SET transcript_sealed = NULL, note_sealed = NULL, custom_sealed = NULL,
		segments_sealed = NULL, note_detail_sealed = NULL, stream_segments_sealed = NULL,
		purged_at = ?, updated_at = ? WHERE id = ? AND purge_after < ?`, now, now, id, now); err != nil {
		return fmt.Errorf("purge job: %w", err)
	}
	return nil
}

// ForgetIdempotencyKeys deletes the idempotency records past their window
// at now: a key used again after it is a new request.
func (s *Service) ForgetIdempotencyKeys(ctx context.Context, now time.Time) error {
	return forgetIdempotencyKeys(ctx, s.db, now)
}

// findIDs runs a query that selects job ids; what names them in its error.
func (s *Service) findIDs(ctx context.Context, what, query string, args ...any) ([]string, error) {
	return store.Collect(ctx, s.db, "find "+what, func(row func(...any) error) (string, error) {
		var id string
		err := row(&id)
		return id, err
	}, query, args...)
}
