package main

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// TestNotegenServeTranscribesThroughASR runs the main service, built from
// the repository root (startNotegen), with notegen-asr as its
// speech-to-text provider, and sends a live audio job from a LibriVox
// recording through the public API.
func TestNotegenServeTranscribesThroughASR(t *testing.T) {
	asr := startServer(t)
	dir, refs, ids := librivox(t)
	n := startNotegen(t, asr, false)
	key := n.liveKey(t)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()

	id := ids[0]
	job, err := n.submitAudio(ctx, key, id+".wav", readFile(t, filepath.Join(dir, id+".wav")),
		map[string]string{"template": "wfw", "recording_type": "dictation", "lang": "en", "file_extension": "wav"})
	require.NoError(t, err)
	status, err := n.waitJob(ctx, key, job)
	require.NoError(t, err)
	require.Equal(t, "completed", status.Status, "%+v", status)
	text, err := n.transcript(ctx, key, job)
	require.NoError(t, err)
	transcript := strings.ToLower(text)
	errors, words := wordErrors(refs[id], transcript)
	t.Logf("reference: %s\ntranscript: %s\nword errors %d/%d", refs[id], transcript, errors, words)
	require.Contains(t, transcript, "dashwood", "the spoken words reach the transcript")
	require.LessOrEqual(t, errors*100, words*25, "at most 25%% word errors on this utterance")
}
