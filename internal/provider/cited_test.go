package provider

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen/internal/evidence"
	"github.com/notegen/notegen/internal/transcript"
)

// TestCitingWriterReadsWhatTheModelAnswers drives WriteCited against a
// fake OpenAI-compatible server (the only part that cannot run here) with
// the answers a model gives in practice: the schema's JSON, the same in a
// code fence, ids of the wrong type, prose, and broken JSON.
func TestCitingWriterReadsWhatTheModelAnswers(t *testing.T) {
	t.Parallel()
	var answer string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(map[string]any{
			"choices": []map[string]any{{"message": map[string]string{"role": "assistant", "content": answer}, "finish_reason": "stop"}},
		})
	}))
	t.Cleanup(srv.Close)
	c := &OpenAIChat{URL: srv.URL + "/v1", Client: srv.Client()}
	req := NoteRequest{Transcript: "[doctor] any cough ?\n[patient] yes , for a week .", Template: "primaryCare", RecordingType: "conversation", Lang: "en"}
	segs := transcript.Split(req.Transcript, nil)
	write := func(content string) (Note, error) {
		answer = content
		return c.WriteCited(context.Background(), req, segs)
	}
	good := `{"sections":[{"key":"historyOfPresentIllness","heading":"History of Present Illness","sentences":[{"text":"Cough for a week.","segments":[0,1]}]}]}`

	note, err := write(good)
	require.NoError(t, err)
	require.Equal(t, "HISTORY OF PRESENT ILLNESS\nCough for a week.\n", note.Text)
	require.Equal(t, evidence.SegmentIDs{0, 1}, note.Cited[0].Sentences[0].Segments)

	note, err = write("```json\n" + good + "\n```")
	require.NoError(t, err)
	require.Equal(t, "HISTORY OF PRESENT ILLNESS\nCough for a week.\n", note.Text, "a fenced answer is the same answer")

	note, err = write(`{"sections":[{"key":"plan","heading":"Plan","sentences":[{"text":"Rest.","segments":["1", null, 2.5, "x"]}]}]}`)
	require.NoError(t, err)
	require.Equal(t, evidence.SegmentIDs{1, -1, -1, -1}, note.Cited[0].Sentences[0].Segments,
		"a numeric string is an id; anything else is a citation of no segment, dropped and counted by the check")

	note, err = write("PLAN\nRest.")
	require.NoError(t, err)
	require.Equal(t, "PLAN\nRest.", note.Text, "prose is a plain note")
	require.Nil(t, note.Cited)

	for _, broken := range []string{`{"sections":[{"key":"plan","sentences":[{"text":"Rest.",`, `{"note":"Rest."}`, `[1, 2]`} {
		_, err = write(broken)
		require.Error(t, err, "broken JSON is never stored as the note: %s", broken)
		require.NotContains(t, err.Error(), "Rest", "the error holds no note text")
		require.False(t, IsTransient(err))
	}
}
