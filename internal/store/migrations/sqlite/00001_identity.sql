-- +goose Up
CREATE TABLE settings (
    name  TEXT PRIMARY KEY,
    value BLOB NOT NULL
);

CREATE TABLE users (
    id                  TEXT PRIMARY KEY,
    email               TEXT NOT NULL UNIQUE,
    password_hash       TEXT NOT NULL,
    -- Bumped on every password change; ID tokens carry the generation they
    -- were issued under, so older tokens stop verifying at once.
    token_generation    INTEGER NOT NULL DEFAULT 1,
    password_changed_at TIMESTAMP,
    created_at          TIMESTAMP NOT NULL
);

CREATE TABLE accounts (
    user_id        TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    company_name   TEXT NOT NULL DEFAULT '',
    contact_email  TEXT NOT NULL DEFAULT '',
    phone_number   TEXT NOT NULL DEFAULT '',
    address        TEXT NOT NULL DEFAULT '',
    status         TEXT NOT NULL DEFAULT 'inactive' CHECK (status IN ('inactive', 'active', 'cancelled')),
    plan           TEXT NOT NULL DEFAULT 'trial' CHECK (plan IN ('trial', 'paid')),
    created_at     TIMESTAMP NOT NULL,
    updated_at     TIMESTAMP NOT NULL,
    cancelled_at   TIMESTAMP,
    reactivated_at TIMESTAMP
);

CREATE TABLE signing_keys (
    kid         TEXT PRIMARY KEY,
    algorithm   TEXT NOT NULL,
    private_key BLOB NOT NULL, -- sealed under the master key
    public_key  BLOB NOT NULL,
    created_at  TIMESTAMP NOT NULL,
    retire_at   TIMESTAMP
);

CREATE TABLE refresh_tokens (
    id               TEXT PRIMARY KEY,
    user_id          TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    family_id        TEXT NOT NULL,
    token_hash       TEXT NOT NULL UNIQUE,
    created_at       TIMESTAMP NOT NULL,
    expires_at       TIMESTAMP NOT NULL,
    rotated_at       TIMESTAMP,
    successor_id     TEXT,
    -- The successor's value sealed under the master key, kept only so that a
    -- concurrent duplicate refresh inside the grace window gets the same one.
    successor_sealed BLOB,
    revoked_at       TIMESTAMP
);
CREATE INDEX refresh_tokens_family_idx ON refresh_tokens (family_id);
CREATE INDEX refresh_tokens_user_idx ON refresh_tokens (user_id);

CREATE TABLE login_failures (
    subject      TEXT PRIMARY KEY,
    failures     INTEGER NOT NULL,
    window_start TIMESTAMP NOT NULL
);

-- +goose Down
DROP TABLE login_failures;
DROP TABLE refresh_tokens;
DROP TABLE signing_keys;
DROP TABLE accounts;
DROP TABLE users;
DROP TABLE settings;
