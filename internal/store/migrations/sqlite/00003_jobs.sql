-- +goose Up
CREATE TABLE jobs (
    id                   TEXT PRIMARY KEY,
    user_id              TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    api_key_id           TEXT NOT NULL REFERENCES api_keys (id),
    is_sandbox           BOOLEAN NOT NULL,
    source               TEXT NOT NULL CHECK (source IN ('audio', 'text')),
    status               TEXT NOT NULL CHECK (status IN ('pending', 'queued', 'transcribing', 'transcribed', 'completed', 'error')),
    message              TEXT NOT NULL DEFAULT '',
    progress             INTEGER NOT NULL DEFAULT 0,
    template             TEXT NOT NULL,
    visit_type           TEXT NOT NULL DEFAULT '',
    recording_type       TEXT NOT NULL DEFAULT '',
    lang                 TEXT NOT NULL,
    output_language      TEXT NOT NULL,
    documentation_style  TEXT NOT NULL,
    custom_sealed        BLOB,
    custom_metadata      TEXT NOT NULL DEFAULT '{}',
    webhook_env          TEXT NOT NULL DEFAULT '',
    patient_consent      BOOLEAN NOT NULL DEFAULT 0,
    file_extension       TEXT NOT NULL DEFAULT '',
    upload_bytes         INTEGER NOT NULL DEFAULT 0,
    upload_total         INTEGER,
    upload_expires_at    TIMESTAMP,
    audio_seconds        REAL,
    -- Patient data, sealed under the master key.
    transcript_sealed    BLOB,
    note_sealed          BLOB,
    note_title           TEXT NOT NULL DEFAULT '',
    transcription_tokens INTEGER NOT NULL DEFAULT 0,
    note_tokens          INTEGER NOT NULL DEFAULT 0,
    error_code           TEXT NOT NULL DEFAULT '',
    error_message        TEXT NOT NULL DEFAULT '',
    regenerations        INTEGER NOT NULL DEFAULT 0,
    created_at           TIMESTAMP NOT NULL,
    updated_at           TIMESTAMP NOT NULL,
    completed_at         TIMESTAMP,
    purge_after          TIMESTAMP,
    purged_at            TIMESTAMP
);
CREATE INDEX jobs_user_idx ON jobs (user_id, created_at);
CREATE INDEX jobs_purge_idx ON jobs (purge_after) WHERE purged_at IS NULL;
CREATE INDEX jobs_pending_idx ON jobs (upload_expires_at) WHERE status = 'pending';

-- Live jobs counted against the free allowance, decremented by nothing:
-- the count only grows, in the same transaction that creates the job.
ALTER TABLE accounts ADD COLUMN live_jobs_used INTEGER NOT NULL DEFAULT 0;
ALTER TABLE accounts ADD COLUMN trial_exhausted_at TIMESTAMP;

CREATE TABLE idempotency_keys (
    api_key_id   TEXT NOT NULL,
    key          TEXT NOT NULL,
    endpoint     TEXT NOT NULL,
    request_hash TEXT NOT NULL,
    status_code  INTEGER NOT NULL,
    response     TEXT NOT NULL,
    created_at   TIMESTAMP NOT NULL,
    PRIMARY KEY (api_key_id, key)
);
CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at);

-- Fixed-window request counters per API key, shared by every replica.
CREATE TABLE rate_windows (
    api_key_id   TEXT NOT NULL,
    window_start TIMESTAMP NOT NULL,
    count        INTEGER NOT NULL,
    PRIMARY KEY (api_key_id, window_start)
);

-- +goose Down
DROP TABLE rate_windows;
DROP TABLE idempotency_keys;
ALTER TABLE accounts DROP COLUMN trial_exhausted_at;
ALTER TABLE accounts DROP COLUMN live_jobs_used;
DROP TABLE jobs;
