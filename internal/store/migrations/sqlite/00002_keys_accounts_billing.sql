-- +goose Up
CREATE TABLE api_keys (
    id         TEXT PRIMARY KEY,
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    key_type   TEXT NOT NULL CHECK (key_type IN ('sandbox', 'live')),
    -- SHA-256 of the key, for look-up; the key itself only sealed.
    key_hash   TEXT NOT NULL UNIQUE,
    key_sealed BLOB NOT NULL,
    last4      TEXT NOT NULL,
    status     TEXT NOT NULL CHECK (status IN ('active', 'inactive')),
    deleted_at TIMESTAMP,
    metadata   TEXT NOT NULL DEFAULT '{}',
    created_at TIMESTAMP NOT NULL,
    last_used  TIMESTAMP,
    CHECK (deleted_at IS NULL OR status = 'inactive')
);
-- One sandbox key per account, enforced by the database whatever the
-- concurrency. A deleted sandbox key frees the slot.
CREATE UNIQUE INDEX api_keys_one_sandbox_idx ON api_keys (user_id) WHERE key_type = 'sandbox' AND deleted_at IS NULL;
CREATE INDEX api_keys_user_idx ON api_keys (user_id, key_type, created_at);

ALTER TABLE accounts ADD COLUMN webhook_dev TEXT;
ALTER TABLE accounts ADD COLUMN webhook_prod TEXT;

CREATE TABLE webhook_secrets (
    id            TEXT PRIMARY KEY,
    user_id       TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    secret_sealed BLOB NOT NULL,
    created_at    TIMESTAMP NOT NULL,
    -- Set when a newer secret replaces this one: it keeps signing until then.
    expires_at    TIMESTAMP
);
CREATE INDEX webhook_secrets_user_idx ON webhook_secrets (user_id, created_at);

CREATE TABLE invoices (
    id           TEXT PRIMARY KEY,
    user_id      TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind         TEXT NOT NULL CHECK (kind IN ('final', 'manual', 'monthly')),
    amount_cents INTEGER NOT NULL CHECK (amount_cents >= 0),
    status       TEXT NOT NULL CHECK (status IN ('open', 'paid')),
    period_start TIMESTAMP NOT NULL,
    period_end   TIMESTAMP NOT NULL,
    issued_at    TIMESTAMP NOT NULL,
    due_at       TIMESTAMP NOT NULL,
    paid_at      TIMESTAMP
);
CREATE INDEX invoices_user_idx ON invoices (user_id, status);

-- The usage ledger: one row per billable job, written by the job pipeline.
CREATE TABLE usage_records (
    id                   TEXT PRIMARY KEY,
    user_id              TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    api_key_id           TEXT NOT NULL,
    job_id               TEXT NOT NULL,
    transcription_tokens INTEGER NOT NULL DEFAULT 0,
    note_tokens          INTEGER NOT NULL DEFAULT 0,
    created_at           TIMESTAMP NOT NULL
);
CREATE INDEX usage_records_user_idx ON usage_records (user_id, created_at);

-- Events waiting to be delivered as webhooks, written in the same
-- transaction as the change they announce.
CREATE TABLE outbox_events (
    id         TEXT PRIMARY KEY,
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    type       TEXT NOT NULL,
    payload    TEXT NOT NULL,
    job_id     TEXT,
    sequence   INTEGER,
    env        TEXT,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX outbox_events_user_idx ON outbox_events (user_id, created_at);

CREATE TABLE audit_log (
    id          TEXT PRIMARY KEY,
    user_id     TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    actor       TEXT NOT NULL,
    action      TEXT NOT NULL,
    target      TEXT NOT NULL DEFAULT '',
    details     TEXT NOT NULL DEFAULT '{}',
    client_addr TEXT NOT NULL DEFAULT '',
    request_id  TEXT NOT NULL DEFAULT '',
    created_at  TIMESTAMP NOT NULL
);
CREATE INDEX audit_log_user_idx ON audit_log (user_id, created_at DESC, id DESC);

-- +goose Down
DROP TABLE audit_log;
DROP TABLE outbox_events;
DROP TABLE usage_records;
DROP TABLE invoices;
DROP TABLE webhook_secrets;
ALTER TABLE accounts DROP COLUMN webhook_prod;
ALTER TABLE accounts DROP COLUMN webhook_dev;
DROP TABLE api_keys;
