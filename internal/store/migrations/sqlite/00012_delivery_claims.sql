-- +goose Up
-- A delivery the dispatcher hands to its own replica's attempt at once has
-- no queued job: claimed_until is when that attempt is overdue. Recording
-- the attempt clears it; a claim left past it (the replica died) is taken
-- over by any dispatcher, which queues the delivery's job then.
ALTER TABLE webhook_deliveries ADD COLUMN claimed_until TIMESTAMP;
CREATE INDEX webhook_deliveries_claimed_idx ON webhook_deliveries (claimed_until) WHERE claimed_until IS NOT NULL;

-- +goose Down
DROP INDEX webhook_deliveries_claimed_idx;
ALTER TABLE webhook_deliveries DROP COLUMN claimed_until;
