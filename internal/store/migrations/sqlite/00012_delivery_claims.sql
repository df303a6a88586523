-- +goose Up
-- A delivery the dispatcher hands to its own replica's attempt at once has
-- no queued job: claimed_by is that replica, claimed_until when its attempt
-- is overdue. Recording the attempt clears the claim; a claim of a dead
-- replica, or one left past its time, is taken over by any dispatcher,
-- which queues the delivery's job then.
ALTER TABLE webhook_deliveries ADD COLUMN claimed_until TIMESTAMP;
ALTER TABLE webhook_deliveries ADD COLUMN claimed_by TEXT;
CREATE INDEX webhook_deliveries_claimed_idx ON webhook_deliveries (claimed_until) WHERE claimed_until IS NOT NULL;

-- +goose Down
DROP INDEX webhook_deliveries_claimed_idx;
ALTER TABLE webhook_deliveries DROP COLUMN claimed_by;
ALTER TABLE webhook_deliveries DROP COLUMN claimed_until;
