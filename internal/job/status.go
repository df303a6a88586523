package job

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/google/uuid"

	"github.com/notegen/notegen/internal/apikey"
)

// statusQuery reads only what a status answer and its ownership check use.
// GET /v1/status is the most frequent call, and reading the whole row (load)
// made it scan the sealed transcript, note and detail blobs, which a status
// answer never shows: about 45% of the server's CPU per status request. The
// text is a constant, so the store's statement cache prepares it once on
// SQLite (pgx caches it per connection on PostgreSQL).
const statusQuery = `SELECT id, user_id, is_sandbox, status, message, error_message, created_at, updated_at, source_job_id
	FROM jobs WHERE id = ?`

// Status reports a job's progress. It answers as if the whole job were
// loaded by owned: a job of another account or key type is not found.
func (s *Service) Status(ctx context.Context, c apikey.Caller, id string) (StatusView, error) {
	if _, err := uuid.Parse(id); err != nil {
		return StatusView{}, errJobNotFound
	}
	var userID, errorMessage string
	var sandbox bool
	var source sql.NullString
	// The id is the stored one, as load answers it, not the caller's spelling.
	var v StatusView
	err := s.db.ScanRow(ctx, statusQuery, []any{id}, &v.JobID, &userID, &sandbox, &v.Status, &v.Message, &errorMessage,
		&v.CreatedAt, &v.UpdatedAt, &source)
	if errors.Is(err, sql.ErrNoRows) {
		return StatusView{}, errJobNotFound
	}
	if err != nil {
		return StatusView{}, fmt.Errorf("read job status: %w", err)
	}
	if userID != c.UserID || sandbox != c.Sandbox() {
		return StatusView{}, errJobNotFound
	}
	if v.Status == Failed && errorMessage != "" {
		v.Message = errorMessage
	}
	v.Progress = progressOf[v.Status]
	v.CreatedAt, v.UpdatedAt = v.CreatedAt.UTC(), v.UpdatedAt.UTC()
	v.SourceJobID = source.String
	return v, nil
}
