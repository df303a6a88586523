-- +goose Up
-- A live stream is an audio job whose audio arrives over a WebSocket. Its
-- state lives here, not in the replica that holds the connection, so a
-- client can rejoin on any replica: the sample rate of its PCM, when audio
-- last arrived (a stream silent for long is finished by the sweep), and the
-- utterances transcribed so far, sealed like the transcript.
ALTER TABLE jobs ADD COLUMN stream_sample_rate INTEGER;
ALTER TABLE jobs ADD COLUMN stream_active_at TIMESTAMP;
ALTER TABLE jobs ADD COLUMN stream_segments_sealed BLOB;
-- The connection that holds the stream: a client that rejoins takes it
-- over, and the connection it left can no longer append.
ALTER TABLE jobs ADD COLUMN stream_owner TEXT;

-- +goose Down
ALTER TABLE jobs DROP COLUMN stream_owner;
ALTER TABLE jobs DROP COLUMN stream_segments_sealed;
ALTER TABLE jobs DROP COLUMN stream_active_at;
ALTER TABLE jobs DROP COLUMN stream_sample_rate;
