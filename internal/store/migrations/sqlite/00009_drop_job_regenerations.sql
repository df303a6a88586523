-- +goose Up
-- Regeneration makes a new job that names its source (source_job_id); a job
-- is no longer rewritten in place, so nothing counts regenerations on it.
ALTER TABLE jobs DROP COLUMN regenerations;

-- +goose Down
ALTER TABLE jobs ADD COLUMN regenerations INTEGER NOT NULL DEFAULT 0;
