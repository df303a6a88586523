-- +goose Up
-- An idempotency record names the job its request created instead of
-- holding the encoded HTTP answer: a replay rebuilds the answer from
-- the job, so the job service keeps no HTTP bytes. The table is rebuilt
-- because SQLite cannot add a NOT NULL column to rows that exist.
CREATE TABLE idempotency_records (
    api_key_id   TEXT NOT NULL,
    key          TEXT NOT NULL,
    endpoint     TEXT NOT NULL,
    request_hash TEXT NOT NULL,
    job_id       TEXT NOT NULL,
    created_at   TIMESTAMP NOT NULL,
    PRIMARY KEY (api_key_id, key)
);
-- Every stored answer is the JSON of a submission, which begins with
-- {"job_id":"<36-character id>": the id is read from there in both dialects.
INSERT INTO idempotency_records (api_key_id, key, endpoint, request_hash, job_id, created_at)
    SELECT api_key_id, key, endpoint, request_hash, SUBSTR(response, 12, 36), created_at
    FROM idempotency_keys WHERE response LIKE '{"job_id":"%';
DROP TABLE idempotency_keys;
ALTER TABLE idempotency_records RENAME TO idempotency_keys;
CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at);

-- +goose Down
-- The records are a 24-hour cache of answers; going back forgets them.
DROP TABLE idempotency_keys;
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
