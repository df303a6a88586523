package store_test

import (
	"context"
	"log/slog"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	st "github.com/notegen/notegen/internal/servertest"
	"github.com/notegen/notegen/internal/store"
)

// TestIdempotencyMigrationKeepsRecords checks that the migration from
// stored answers to job ids keeps every live record: a client retrying
// across the upgrade still gets its first job, not a second one.
func TestIdempotencyMigrationKeepsRecords(t *testing.T) {
	st.Each(t, func(t *testing.T, b st.Backend) {
		ctx := context.Background()
		d := st.NewDatabase(t, b)
		db, err := store.Open(ctx, d.DatabaseURL, d.DataDir)
		require.NoError(t, err)
		t.Cleanup(func() { db.Close() })
		require.NoError(t, db.MigrateTo(ctx, 5))
		jobID := "0193f1a2-7b3c-7d4e-8f90-a1b2c3d4e5f6"
		created := time.Now().UTC().Truncate(time.Second)
		_, err = db.Exec(ctx, `INSERT INTO idempotency_keys (api_key_id, key, endpoint, request_hash, status_code, response, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
			"key-1", "visit-1", "process-audio", "hash", 200,
			`{"job_id":"`+jobID+`","presigned_url":"http://x/v1/uploads/`+jobID+`?expires=1\u0026signature=ab","status":"pending"}`, created)
		require.NoError(t, err)

		require.NoError(t, db.Migrate(ctx, slog.New(slog.DiscardHandler)))
		var endpoint, hash, got string
		var at time.Time
		require.NoError(t, db.QueryRow(ctx, `SELECT endpoint, request_hash, job_id, created_at FROM idempotency_keys WHERE api_key_id = ? AND key = ?`,
			"key-1", "visit-1").Scan(&endpoint, &hash, &got, &at))
		require.Equal(t, jobID, got)
		require.Equal(t, "process-audio", endpoint)
		require.Equal(t, "hash", hash)
		require.True(t, created.Equal(at), "created_at kept: %s vs %s", created, at)
	})
}
