package notegen_test

import (
	"bytes"
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen"
	st "github.com/notegen/notegen/internal/servertest"
)

func TestStreamAudioAgainstServer(t *testing.T) {
	t.Parallel()
	st.EachServer(t, func(t *testing.T, s *st.Server) {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
		defer cancel()
		owner, _, _ := owner(t, s)
		key, err := owner.CreateAPIKey(ctx, notegen.CreateAPIKeyRequest{KeyType: notegen.KeyTypeSandbox})
		require.NoError(t, err)
		c := owner.WithAPIKey(key.APIKey)
		req := notegen.StreamJobRequest{SampleRate: 8000,
			JobOptions: notegen.JobOptions{Template: "primaryCare", VisitType: "followUp", RecordingType: "dictation", Lang: "en"}}

		// Two seconds and an odd byte: the SDK sends whole samples only.
		var got []notegen.StreamMessage
		job, err := c.StreamAudio(ctx, req, bytes.NewReader(make([]byte, 2*8000*2+1)), notegen.StreamOptions{
			OnMessage: func(m notegen.StreamMessage) { got = append(got, m) }})
		require.NoError(t, err)
		require.Equal(t, "transcribed", job.Status)
		require.Len(t, got, 1)
		require.Equal(t, notegen.StreamSegment, got[0].Type)
		require.InDelta(t, 2.0, *got[0].Segment.EndTime, 0.001)
		requireCompleted(ctx, t, c, job.JobID)
		tr, err := c.FetchTranscript(ctx, job.JobID)
		require.NoError(t, err)
		require.Equal(t, got[0].Segment.Text, tr.Transcript)

		_, err = c.StreamAudio(ctx, notegen.StreamJobRequest{JobOptions: req.JobOptions, SampleRate: 100}, bytes.NewReader(nil), notegen.StreamOptions{})
		requireKind[*notegen.ValidationError](t, err, notegen.ErrValidation, 400, notegen.CodeValidation)
	})
}
