-- +goose Up
-- Each job event takes the next sequence number of its job; without this
-- index that look-up scans the whole outbox.
CREATE INDEX outbox_events_job_idx ON outbox_events (job_id, sequence) WHERE job_id IS NOT NULL;

-- +goose Down
DROP INDEX outbox_events_job_idx;
