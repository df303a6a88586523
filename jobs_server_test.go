package notegen_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen"
	st "github.com/notegen/notegen/internal/servertest"
)

// wav returns one second of 16 kHz mono silence.
func wav() []byte {
	var b bytes.Buffer
	data := make([]byte, 32000)
	b.WriteString("RIFF")
	_ = binary.Write(&b, binary.LittleEndian, uint32(36+len(data)))
	b.WriteString("WAVEfmt ")
	_ = binary.Write(&b, binary.LittleEndian, []any{uint32(16), uint16(1), uint16(1), uint32(16000), uint32(32000), uint16(2), uint16(16)})
	b.WriteString("data")
	_ = binary.Write(&b, binary.LittleEndian, uint32(len(data)))
	b.Write(data)
	return b.Bytes()
}

func TestNoteJobsAgainstServer(t *testing.T) {
	t.Parallel()
	st.Each(t, func(t *testing.T, b st.Backend) {
		s := st.Start(t, b)
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
		defer cancel()
		owner, _, _ := owner(t, s)
		key, err := owner.CreateAPIKey(ctx, notegen.CreateAPIKeyRequest{KeyType: notegen.KeyTypeSandbox})
		require.NoError(t, err)
		c, err := notegen.New(s.URL, notegen.WithAPIKey(key.APIKey))
		require.NoError(t, err)
		opts := notegen.JobOptions{Template: "primaryCare", VisitType: "followUp", RecordingType: "dictation", Lang: "en"}

		job, err := c.SubmitText(ctx, notegen.TextJobRequest{JobOptions: opts, Text: "Follow-up for hypertension. BP 128/82."})
		require.NoError(t, err)
		require.NotEmpty(t, job.JobID)
		done, err := c.WaitForJob(ctx, job.JobID, 0)
		require.NoError(t, err)
		require.Equal(t, notegen.JobCompleted, done.Status, done.Message)
		note, err := c.FetchNote(ctx, job.JobID)
		require.NoError(t, err)
		require.NotEmpty(t, note.Note)
		require.True(t, note.IsSandbox)

		_, err = c.SubmitText(ctx, notegen.TextJobRequest{JobOptions: notegen.JobOptions{Template: "nope"}, Text: "x"})
		requireKind[*notegen.ValidationError](t, err, notegen.ErrValidation, 400, notegen.CodeValidation)
		_, err = c.GetJobStatus(ctx, "job_missing")
		requireKind[*notegen.NotFoundError](t, err, notegen.ErrNotFound, 404, notegen.CodeNotFound)

		var sent int64
		audio, err := c.SubmitAudio(ctx, notegen.AudioJobRequest{JobOptions: opts, FileExtension: "wav"}, bytes.NewReader(wav()),
			notegen.UploadOptions{Progress: func(n, total int64) { sent = n }})
		require.NoError(t, err)
		require.Equal(t, int64(len(wav())), sent)
		done, err = c.WaitForJob(ctx, audio.JobID, 0)
		require.NoError(t, err)
		require.Equal(t, notegen.JobCompleted, done.Status, done.Message)
		tr, err := c.FetchTranscript(ctx, audio.JobID)
		require.NoError(t, err)
		require.NotEmpty(t, tr.Transcript)

		regen, err := c.RegenerateNote(ctx, notegen.RegenerateRequest{JobID: job.JobID, DocumentationStyle: notegen.String("soap")})
		require.NoError(t, err)
		require.NotEmpty(t, regen.JobID)

		usage, err := owner.GetUsage(ctx, notegen.UsageRequest{})
		require.NoError(t, err)
		require.NotEmpty(t, usage.Period.StartMonth)
		_, err = owner.GetUsage(ctx, notegen.UsageRequest{StartMonth: "2026-05", EndMonth: "2026-01"})
		requireKind[*notegen.ValidationError](t, err, notegen.ErrValidation, 400, notegen.CodeValidation)

		_, err = owner.UpdateWebhook(ctx, notegen.WebhookUpdate{Dev: notegen.String("http://127.0.0.1:9/hook")})
		require.NoError(t, err)
		_, err = owner.TestWebhook(ctx, "dev")
		require.NoError(t, err)
		ds, err := owner.ListWebhookDeliveries(ctx, notegen.DeliveryFilter{Limit: 10})
		require.NoError(t, err)
		require.NotEmpty(t, ds)
		_, err = owner.RedeliverWebhook(ctx, ds[0].ID)
		if err != nil {
			var se *notegen.ServiceError
			require.ErrorAs(t, err, &se) // a refused redelivery is still a typed error
		}
	})
}
