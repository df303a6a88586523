package notegen_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"net/http"
	"net/http/httptest"
	"sync"
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

// receiver is a webhook endpoint that records the webhook-id of every
// delivery it is sent.
type receiver struct {
	mu  sync.Mutex
	ids []string
}

func (r *receiver) ServeHTTP(w http.ResponseWriter, req *http.Request) {
	r.mu.Lock()
	r.ids = append(r.ids, req.Header.Get("webhook-id"))
	r.mu.Unlock()
	w.WriteHeader(http.StatusNoContent)
}

func (r *receiver) received() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]string(nil), r.ids...)
}

// requireCompleted waits for the job to end and requires it completed.
func requireCompleted(ctx context.Context, t *testing.T, c *notegen.Client, jobID string) {
	t.Helper()
	done, err := c.WaitForJob(ctx, jobID, 0)
	require.NoError(t, err)
	require.Equal(t, notegen.JobCompleted, done.Status, done.Message)
}

// completedNote waits for the job to complete and fetches its note, which
// must not be empty.
func completedNote(ctx context.Context, t *testing.T, c *notegen.Client, jobID string) *notegen.Note {
	t.Helper()
	requireCompleted(ctx, t, c, jobID)
	note, err := c.FetchNote(ctx, jobID)
	require.NoError(t, err)
	require.NotEmpty(t, note.Note)
	return note
}

// keyed returns the owner's client with a new key of keyType, and the key.
func keyed(ctx context.Context, t *testing.T, owner *notegen.Client, keyType string) (*notegen.Client, string) {
	t.Helper()
	key, err := owner.CreateAPIKey(ctx, notegen.CreateAPIKeyRequest{KeyType: keyType})
	require.NoError(t, err)
	return owner.WithAPIKey(key.APIKey), key.APIKey
}

func TestNoteJobsAgainstServer(t *testing.T) {
	st.EachServer(t, func(t *testing.T, s *st.Server) {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
		defer cancel()
		owner, _, _ := owner(t, s)
		// The owner's client takes the new key; no second client is needed.
		c, _ := keyed(ctx, t, owner, notegen.KeyTypeSandbox)
		require.True(t, c.HasAPIKey())
		require.False(t, owner.HasAPIKey())
		opts := notegen.JobOptions{Template: "primaryCare", VisitType: "followUp", RecordingType: "dictation", Lang: "en"}

		job, err := c.SubmitText(ctx, notegen.TextJobRequest{JobOptions: opts, Text: "Follow-up for hypertension. BP 128/82."})
		require.NoError(t, err)
		require.NotEmpty(t, job.JobID)
		require.True(t, completedNote(ctx, t, c, job.JobID).IsSandbox)

		_, err = c.SubmitText(ctx, notegen.TextJobRequest{JobOptions: notegen.JobOptions{Template: "nope"}, Text: "x"})
		requireKind[*notegen.ValidationError](t, err, notegen.ErrValidation, 400, notegen.CodeValidation)
		_, err = c.GetJobStatus(ctx, "job_missing")
		requireKind[*notegen.NotFoundError](t, err, notegen.ErrNotFound, 404, notegen.CodeNotFound)

		var sent int64
		audio, err := c.SubmitAudio(ctx, notegen.AudioJobRequest{JobOptions: opts, FileExtension: "wav"}, bytes.NewReader(wav()),
			notegen.UploadOptions{Progress: func(n, total int64) { sent = n }})
		require.NoError(t, err)
		require.Equal(t, int64(len(wav())), sent)
		requireCompleted(ctx, t, c, audio.JobID)
		tr, err := c.FetchTranscript(ctx, audio.JobID)
		require.NoError(t, err)
		require.NotEmpty(t, tr.Transcript)

		// A regenerated note is a job that ends with a note of its own.
		regen, err := c.RegenerateNote(ctx, notegen.RegenerateRequest{JobID: job.JobID, DocumentationStyle: notegen.String("soap")})
		require.NoError(t, err)
		require.NotEmpty(t, regen.JobID)
		completedNote(ctx, t, c, regen.JobID)

		// Usage counts the live jobs (sandbox jobs are free and not
		// counted) of the current month, by key.
		before, err := owner.GetUsage(ctx, notegen.UsageRequest{})
		require.NoError(t, err)
		require.Zero(t, before.Totals.Jobs, "sandbox jobs are not usage")
		live, liveKey := keyed(ctx, t, owner, notegen.KeyTypeLive)
		liveJob, err := live.SubmitText(ctx, notegen.TextJobRequest{JobOptions: opts, Text: "Follow-up for hypertension. BP 128/82."})
		require.NoError(t, err)
		requireCompleted(ctx, t, live, liveJob.JobID)
		usage, err := owner.GetUsage(ctx, notegen.UsageRequest{})
		require.NoError(t, err)
		month := time.Now().UTC().Format("2006-01")
		require.Equal(t, month, usage.Period.StartMonth)
		require.Equal(t, month, usage.Period.EndMonth)
		require.Equal(t, int64(1), usage.Totals.Jobs)
		require.NotNil(t, before.Totals.FreeJobsLeft, "the trial plan has free jobs")
		require.NotNil(t, usage.Totals.FreeJobsLeft)
		require.Equal(t, *before.Totals.FreeJobsLeft-1, *usage.Totals.FreeJobsLeft)
		require.Len(t, usage.MonthlyBreakdown, 1)
		require.Equal(t, month, usage.MonthlyBreakdown[0].Month)
		require.Equal(t, int64(1), usage.MonthlyBreakdown[0].Jobs)
		require.Len(t, usage.APIKeys, 1)
		for masked, ku := range usage.APIKeys {
			require.Equal(t, liveKey[len(liveKey)-4:], masked[len(masked)-4:], "keyed by the masked live key")
			require.Equal(t, int64(1), ku.Jobs)
		}
		_, err = owner.GetUsage(ctx, notegen.UsageRequest{StartMonth: "2026-05", EndMonth: "2026-01"})
		requireKind[*notegen.ValidationError](t, err, notegen.ErrValidation, 400, notegen.CodeValidation)
	})
}

func TestWebhookTestAndRedeliverAgainstServer(t *testing.T) {
	st.EachServer(t, func(t *testing.T, s *st.Server) {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		owner, _, _ := owner(t, s)
		recv := &receiver{}
		hook := httptest.NewServer(recv)
		defer hook.Close()

		_, err := owner.UpdateWebhook(ctx, notegen.WebhookUpdate{Dev: notegen.String(hook.URL + "/hook")})
		require.NoError(t, err)
		_, err = owner.TestWebhook(ctx, "dev")
		require.NoError(t, err)
		require.Eventually(t, func() bool { return len(recv.received()) == 1 }, 30*time.Second, 20*time.Millisecond)
		ds, err := owner.ListWebhookDeliveries(ctx, notegen.DeliveryFilter{Limit: 10})
		require.NoError(t, err)
		require.Len(t, ds, 1)
		require.Equal(t, recv.received()[0], ds[0].ID, "the delivery id is the webhook-id header")

		// Redelivery sends the same delivery again and reports the answer.
		a, err := owner.RedeliverWebhook(ctx, ds[0].ID)
		require.NoError(t, err)
		require.NotNil(t, a.StatusCode)
		require.Equal(t, http.StatusNoContent, *a.StatusCode)
		require.Empty(t, a.Error)
		require.Equal(t, []string{ds[0].ID, ds[0].ID}, recv.received())

		_, err = owner.RedeliverWebhook(ctx, "dlv_missing")
		requireKind[*notegen.NotFoundError](t, err, notegen.ErrNotFound, 404, notegen.CodeNotFound)
	}, st.WithEnv("NOTEGEN_WEBHOOK_ALLOW_PRIVATE", "true"))
}
