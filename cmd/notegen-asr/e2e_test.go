package main

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen"
	"github.com/notegen/notegen/internal/servertest"
)

// TestNotegenServeTranscribesThroughASR runs the main service, built from
// the repository root (servertest.StartProcess), with notegen-asr as its
// speech-to-text provider, and sends a live audio job from a LibriVox
// recording through the public API.
func TestNotegenServeTranscribesThroughASR(t *testing.T) {
	asr := startServer(t)
	dir, refs, ids := librivox(t)
	p := servertest.StartProcess(t, servertest.NewDatabase(t, servertest.SQLite), map[string]string{"NOTEGEN_STT_URL": asr.base + "/v1"})
	c := liveKeyClient(t, p.Server)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()

	id := ids[0]
	job, err := c.SubmitAudio(ctx, notegen.AudioJobRequest{
		JobOptions:    notegen.JobOptions{Template: "wfw", RecordingType: "dictation", Lang: "en"},
		FileExtension: "wav",
	}, bytes.NewReader(readFile(t, filepath.Join(dir, id+".wav"))), notegen.UploadOptions{})
	require.NoError(t, err)
	status, err := c.WaitForJob(ctx, job.JobID, 0)
	require.NoError(t, err)
	require.Equal(t, notegen.JobCompleted, status.Status, "%+v", status)
	tr, err := c.FetchTranscript(ctx, job.JobID)
	require.NoError(t, err)
	transcript := strings.ToLower(tr.Transcript)
	errors, words := wordErrors(refs[id], transcript)
	t.Logf("reference: %s\ntranscript: %s\nword errors %d/%d", refs[id], transcript, errors, words)
	require.Contains(t, transcript, "dashwood", "the spoken words reach the transcript")
	require.LessOrEqual(t, errors*100, words*25, "at most 25%% word errors on this utterance")
}
