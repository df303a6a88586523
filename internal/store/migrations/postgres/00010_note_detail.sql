-- +goose Up
-- Patient data, sealed under the master key like the transcript and note:
-- an audio job's timed utterances as speech-to-text returned them, and the
-- note's sections, evidence and facts, computed once when it is written.
ALTER TABLE jobs ADD COLUMN segments_sealed BYTEA;
ALTER TABLE jobs ADD COLUMN note_detail_sealed BYTEA;

-- +goose Down
ALTER TABLE jobs DROP COLUMN note_detail_sealed;
ALTER TABLE jobs DROP COLUMN segments_sealed;
