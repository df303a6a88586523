-- +goose Up
-- Set when the dispatcher has turned the event into a delivery.
ALTER TABLE outbox_events ADD COLUMN dispatched_at TIMESTAMP;
CREATE INDEX outbox_events_undispatched_idx ON outbox_events (created_at) WHERE dispatched_at IS NULL;

-- One delivery per outbox event; its id is the event id, which is also the
-- webhook-id header of every attempt.
CREATE TABLE webhook_deliveries (
    id               TEXT PRIMARY KEY REFERENCES outbox_events (id) ON DELETE CASCADE,
    user_id          TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    event_type       TEXT NOT NULL,
    job_id           TEXT,
    sequence         INTEGER,
    -- waiting: behind an earlier event of the same job; pending: queued or
    -- between attempts; then succeeded, failed or skipped for good.
    status           TEXT NOT NULL CHECK (status IN ('waiting', 'pending', 'succeeded', 'failed', 'skipped')),
    env              TEXT NOT NULL DEFAULT '',
    endpoint         TEXT NOT NULL DEFAULT '',
    attempts         INTEGER NOT NULL DEFAULT 0,
    last_status_code INTEGER,
    last_error       TEXT NOT NULL DEFAULT '',
    next_attempt_at  TIMESTAMP,
    created_at       TIMESTAMP NOT NULL,
    updated_at       TIMESTAMP NOT NULL
);
CREATE INDEX webhook_deliveries_user_idx ON webhook_deliveries (user_id, id);
CREATE INDEX webhook_deliveries_job_idx ON webhook_deliveries (job_id, sequence) WHERE job_id IS NOT NULL;

-- Every HTTP attempt of a delivery, automatic or asked for.
CREATE TABLE webhook_attempts (
    id           TEXT PRIMARY KEY,
    delivery_id  TEXT NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
    number       INTEGER NOT NULL,
    trigger      TEXT NOT NULL CHECK (trigger IN ('automatic', 'redeliver')),
    env          TEXT NOT NULL,
    endpoint     TEXT NOT NULL,
    outcome      TEXT NOT NULL CHECK (outcome IN ('succeeded', 'retry', 'failed', 'refused')),
    status_code  INTEGER,
    latency_ms   INTEGER NOT NULL,
    error        TEXT NOT NULL DEFAULT '',
    attempted_at TIMESTAMP NOT NULL
);
CREATE INDEX webhook_attempts_delivery_idx ON webhook_attempts (delivery_id, number);

-- +goose Down
DROP TABLE webhook_attempts;
DROP TABLE webhook_deliveries;
DROP INDEX outbox_events_undispatched_idx;
ALTER TABLE outbox_events DROP COLUMN dispatched_at;
