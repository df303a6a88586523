-- +goose Up
-- Each running replica's heartbeat: a job or delivery left running by a
-- replica whose heartbeat stopped is taken over within seconds. It also
-- records the last credentials change (credentials_epoch) the replica has
-- applied to its API-key cache, so a revocation is answered only once
-- every live replica refuses the key.
CREATE TABLE replicas (
    id               TEXT PRIMARY KEY,
    heartbeat_at     TIMESTAMP NOT NULL,
    credentials_seen INTEGER NOT NULL
);
CREATE TABLE credentials_epoch (
    id    INTEGER PRIMARY KEY,
    epoch INTEGER NOT NULL
);
INSERT INTO credentials_epoch (id, epoch) VALUES (1, 0);

-- +goose Down
DROP TABLE credentials_epoch;
DROP TABLE replicas;
