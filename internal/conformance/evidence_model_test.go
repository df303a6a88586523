package conformance

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen"
	st "github.com/notegen/notegen/internal/servertest"
)

// fakeChat is an OpenAI-compatible chat server whose nth answer's content
// a test gives, and which keeps the requests it was sent.
type fakeChat struct {
	*httptest.Server
	mu       sync.Mutex
	requests []map[string]any
	answers  []string
}

func newFakeChat(t *testing.T, answers ...string) *fakeChat {
	f := &fakeChat{answers: answers}
	f.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		var req map[string]any
		_ = json.Unmarshal(body, &req)
		f.mu.Lock()
		f.requests = append(f.requests, req)
		content := f.answers[min(len(f.requests), len(f.answers))-1]
		f.mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(map[string]any{
			"choices": []map[string]any{{"message": map[string]string{"role": "assistant", "content": content}, "finish_reason": "stop"}},
			"usage":   map[string]int{"completion_tokens": 50},
		})
	}))
	t.Cleanup(f.Close)
	return f
}

func (f *fakeChat) request(i int) map[string]any {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.requests[i]
}

func TestModelCitationsAreVerifiedOnTheServer(t *testing.T) {
	// Segments of encounter: 0 greeting, 1 headaches, 2 question, 3 metformin,
	// 4 blood pressure and lisinopril, 5 okay, 6 follow-up.
	cited, err := json.Marshal(map[string]any{"sections": []map[string]any{
		{"key": "chiefComplaint", "heading": "Chief Complaint", "sentences": []map[string]any{
			{"text": "Headaches for two weeks.", "segments": []int{1}}, // good
		}},
		{"key": "historyOfPresentIllness", "heading": "History of Present Illness", "sentences": []map[string]any{
			{"text": "Takes metformin 500 mg twice a day for diabetes.", "segments": []int{3, 0}}, // 0 is wrong
			{"text": "Blood pressure was high at the pharmacy.", "segments": []int{99}},           // no such segment
		}},
		{"key": "plan", "heading": "Plan", "sentences": []map[string]any{
			{"text": "Start lisinopril 20 mg once daily.", "segments": []int{4}}, // 20 was never said
			{"text": "Basic metabolic panel.", "segments": []int{4}},             // good
		}},
	}})
	require.NoError(t, err)
	st.Each(t, func(t *testing.T, b st.Backend) {
		llm := newFakeChat(t, string(cited), "PLAN\nStart lisinopril 10 mg once daily.\nRecheck in four weeks.")
		s := st.Start(t, b, st.WithEnv("NOTEGEN_LLM_URL", llm.URL+"/v1"))
		o := s.NewOwner(t)
		live := createKey(t, s, o, "live", nil)
		fetch := func() (notegen.Note, notegen.Transcript) {
			id := completedConversation(t, s, live, nil)
			return decode[notegen.Note](t, s.Do(t, "GET", "/v1/fetch-note/"+id, nil, st.APIKey(live)).Body),
				decode[notegen.Transcript](t, s.Do(t, "GET", "/v1/fetch-transcript/"+id, nil, st.APIKey(live)).Body)
		}

		note, tr := fetch()
		// The request asked for structured output over the segments.
		req := llm.request(0)
		format := req["response_format"].(map[string]any)
		require.Equal(t, "json_schema", format["type"])
		require.NotNil(t, format["json_schema"].(map[string]any)["schema"])
		require.Contains(t, req["messages"].([]any)[1].(map[string]any)["content"], "[3 patient] I take metformin 500 mg")

		spans := map[string][]int{}
		for _, ev := range note.Evidence {
			ids := []int{}
			for _, sp := range ev.Spans {
				requireSpanInside(t, tr.Segments, sp)
				ids = append(ids, sp.Segment)
			}
			spans[ev.Sentence] = ids
		}
		require.Equal(t, map[string][]int{
			"Headaches for two weeks.":                         {1},
			"Takes metformin 500 mg twice a day for diabetes.": {3},
			"Blood pressure was high at the pharmacy.":         {},
			"Start lisinopril 20 mg once daily.":               {},
			"Basic metabolic panel.":                           {4},
		}, spans)
		require.Equal(t, []string{"chief_complaint", "history_of_present_illness", "plan"},
			[]string{note.Sections[0].Key, note.Sections[1].Key, note.Sections[2].Key})
		require.Contains(t, note.Note, "Start lisinopril 20 mg once daily.")
		logs := s.Logs()
		require.Contains(t, logs, "fidelity warning")
		require.NotContains(t, logs, "lisinopril", "no patient text in the log")
		require.NotContains(t, logs, "metformin", "no patient text in the log")

		// A model that ignores the schema: the note is its text, and the
		// server finds the evidence itself.
		plain, _ := fetch()
		require.Equal(t, "PLAN\nStart lisinopril 10 mg once daily.\nRecheck in four weeks.", plain.Note)
		require.Len(t, plain.Sections, 1)
		require.Equal(t, "plan", plain.Sections[0].Key)
		require.Equal(t, "Start lisinopril 10 mg once daily.", plain.Evidence[0].Sentence)
		require.Equal(t, []notegen.Span{{Segment: 4, Start: 0, End: len([]rune(tr.Segments[4].Text))}}, plain.Evidence[0].Spans)
	})
}
