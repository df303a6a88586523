-- +goose Up
-- A job counts its events on its own row: a status change that announces
-- an event takes the event's sequence number in the update it makes
-- anyway (which locks the row, so the job's events are numbered one at a
-- time), where a look-up of the outbox's highest number was a statement,
-- and on PostgreSQL a round trip, of its own per event.
ALTER TABLE jobs ADD COLUMN event_sequence INTEGER NOT NULL DEFAULT 0;
UPDATE jobs SET event_sequence = (SELECT MAX(sequence) FROM outbox_events WHERE job_id = jobs.id)
WHERE id IN (SELECT job_id FROM outbox_events WHERE job_id IS NOT NULL);
-- Two events of one job never share a number: receivers order by it.
CREATE UNIQUE INDEX outbox_events_job_sequence_key ON outbox_events (job_id, sequence) WHERE job_id IS NOT NULL;
DROP INDEX outbox_events_job_idx;

-- +goose Down
CREATE INDEX outbox_events_job_idx ON outbox_events (job_id, sequence) WHERE job_id IS NOT NULL;
DROP INDEX outbox_events_job_sequence_key;
ALTER TABLE jobs DROP COLUMN event_sequence;
