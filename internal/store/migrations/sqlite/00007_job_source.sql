-- +goose Up
-- A regenerated note is a new job that names the job whose transcript it
-- was written from. No foreign key: the source's row outlives its data,
-- and the link is shown to the owner, never followed for access.
ALTER TABLE jobs ADD COLUMN source_job_id TEXT;

-- +goose Down
ALTER TABLE jobs DROP COLUMN source_job_id;
