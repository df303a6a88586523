-- +goose Up
-- A text job that the replica which accepted it runs at once has no queued
-- job: claimed_by is that replica and claimed_until when its run is
-- overdue, written by the insert that stores the job. The job's end (its
-- note or its error) clears the claim in the update it makes anyway; a
-- claim of a dead replica, or one left past its time, is taken over by any
-- replica, which queues the job's processing then.
ALTER TABLE jobs ADD COLUMN claimed_until TIMESTAMPTZ;
ALTER TABLE jobs ADD COLUMN claimed_by TEXT;
CREATE INDEX jobs_claimed_idx ON jobs (claimed_until) WHERE claimed_until IS NOT NULL;

-- +goose Down
DROP INDEX jobs_claimed_idx;
ALTER TABLE jobs DROP COLUMN claimed_by;
ALTER TABLE jobs DROP COLUMN claimed_until;
