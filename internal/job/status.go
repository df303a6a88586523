package job

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/notegen/notegen/internal/apikey"
	"github.com/notegen/notegen/internal/batch"
	"github.com/notegen/notegen/internal/store"
)

// statusQuery reads only what a status answer and its ownership check use.
// GET /v1/status is the most frequent call, and reading the whole row (load)
// made it scan the sealed transcript, note and detail blobs, which a status
// answer never shows: about 45% of the server's CPU per status request.
// Query texts are constants, so the store's statement cache prepares them
// once on SQLite. PostgreSQL reads through statusBatchQuery.
const statusQuery = `SELECT ` + statusColumns + ` FROM jobs WHERE id = ?`

// sqliteStatusQuery is statusQuery with the two times as the text SQLite
// stores. Given a TIMESTAMPTZ column the driver tries a layout that never
// matches what it writes before the one that does, a failed parse and its
// error per time; parsing the text once here halves that (the driver's
// parse was 4% of the server's CPU under GET /v1/status). Text in any other
// layout (rows written before _time_format=sqlite) is read again through
// statusQuery.
const sqliteStatusQuery = `SELECT id, user_id, is_sandbox, status, message, error_message,
	CAST(created_at AS TEXT), CAST(updated_at AS TEXT), source_job_id FROM jobs WHERE id = ?`

// sqliteTimeLayout is how the SQLite driver writes a time
// (_time_format=sqlite).
const sqliteTimeLayout = "2006-01-02 15:04:05.999999999-07:00"

// statusColumns are the columns statusRow.dest scans, in its order.
const statusColumns = `id, user_id, is_sandbox, status, message, error_message, created_at, updated_at, source_job_id`

// statusRow is what a status answer is made from, as stored.
type statusRow struct {
	view         StatusView
	userID       string
	sandbox      bool
	errorMessage string
	source       sql.NullString
}

// dest is the scan destinations of statusColumns. The id is the stored
// one, as load answers it, not the caller's spelling.
func (r *statusRow) dest() []any {
	return r.destTimes(&r.view.CreatedAt, &r.view.UpdatedAt)
}

// destTimes is dest with the two times scanned into created and updated.
func (r *statusRow) destTimes(created, updated any) []any {
	return []any{&r.view.JobID, &r.userID, &r.sandbox, &r.view.Status, &r.view.Message, &r.errorMessage,
		created, updated, &r.source}
}

// Status reports a job's progress. It answers as if the whole job were
// loaded by owned: a job of another account or key type is not found.
func (s *Service) Status(ctx context.Context, c apikey.Caller, id string) (StatusView, error) {
	if _, err := uuid.Parse(id); err != nil {
		return StatusView{}, ErrNotFound
	}
	row, found, err := s.readStatus(ctx, id)
	if err != nil {
		return StatusView{}, fmt.Errorf("read job status: %w", err)
	}
	if !found || row.userID != c.UserID || row.sandbox != c.Sandbox() {
		return StatusView{}, ErrNotFound
	}
	v := row.view
	if v.Status == Failed && row.errorMessage != "" {
		v.Message = row.errorMessage
	}
	v.Progress = progressOf[v.Status]
	v.CreatedAt, v.UpdatedAt = v.CreatedAt.UTC(), v.UpdatedAt.UTC()
	v.SourceJobID = row.source.String
	return v, nil
}

// readStatus reads job id's status row; found is false when there is none.
// On PostgreSQL the read joins the batch of reads that start while others
// are in flight (newStatusBatcher); SQLite answers in process, without a round
// trip to save.
func (s *Service) readStatus(ctx context.Context, id string) (statusRow, bool, error) {
	if s.statusReads != nil {
		r := &statusRead{id: id}
		if err := s.statusReads.Do(ctx, r); err != nil {
			return statusRow{}, false, err
		}
		return r.row, r.found, r.err
	}
	// Without the request's cancellation: this is a point read by primary
	// key that a WAL reader never waits on a writer for, and watching a
	// cancellable context cost two goroutines per read (database/sql's and
	// the driver's), more than the read itself.
	ctx = context.WithoutCancel(ctx)
	var row statusRow
	var created, updated string
	err := s.db.ScanRow(ctx, sqliteStatusQuery, []any{id}, row.destTimes(&created, &updated)...)
	if err == nil {
		var createdErr, updatedErr error
		row.view.CreatedAt, createdErr = time.Parse(sqliteTimeLayout, created)
		row.view.UpdatedAt, updatedErr = time.Parse(sqliteTimeLayout, updated)
		if createdErr != nil || updatedErr != nil {
			row = statusRow{}
			err = s.db.ScanRow(ctx, statusQuery, []any{id}, row.dest()...)
		}
	}
	if errors.Is(err, sql.ErrNoRows) {
		return statusRow{}, false, nil
	}
	return row, err == nil, err
}

// newStatusReads is the status batcher on PostgreSQL, nil on SQLite.
func newStatusReads(db *store.DB) *batch.Batcher[*statusRead] {
	if db.Dialect() != store.Postgres {
		return nil
	}
	return newStatusBatcher(db)
}
