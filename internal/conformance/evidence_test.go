package conformance

import (
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen"
	"github.com/notegen/notegen/internal/fhir/fhirtest"
	st "github.com/notegen/notegen/internal/servertest"
)

// encounter is a labelled conversation with a medication, a vital and an
// order, so that every part of the note's detail has something to show.
const encounter = `[doctor] Good morning, what brings you in today?
[patient] I have had headaches for two weeks and my blood pressure was high at the pharmacy.
[doctor] Are you taking any medication?
[patient] I take metformin 500 mg twice a day for my diabetes.
[doctor] Your blood pressure today is 150/95. Let's start lisinopril 10 mg once daily and get a basic metabolic panel.
[patient] Okay.
[doctor] I will see you back in four weeks.`

func conversationJob(extra map[string]any) map[string]any {
	return textJob(mergeFields(map[string]any{"text": encounter, "recording_type": "conversation", "patient_consent": true}, extra))
}

// completedConversation submits the encounter as a conversation, with extra
// fields merged in, and waits for its job to complete; it returns the job id.
func completedConversation(t *testing.T, s *st.Server, key string, extra map[string]any) string {
	t.Helper()
	resp := s.Do(t, "POST", "/v1/process-text", conversationJob(extra), st.APIKey(key))
	require.Equal(t, http.StatusOK, resp.Status, "%s", resp.Body)
	jobID := resp.JSON(t)["job_id"].(string)
	require.Equal(t, "completed", waitForStatus(t, s, key, jobID, "completed", "error")["status"])
	return jobID
}

func mergeFields(a, b map[string]any) map[string]any {
	for k, v := range b {
		a[k] = v
	}
	return a
}

// requireSpanInside checks that a span points inside a real segment.
func requireSpanInside(t *testing.T, segs []notegen.Segment, sp notegen.Span) string {
	t.Helper()
	require.Less(t, sp.Segment, len(segs), "span names a segment that exists")
	runes := []rune(segs[sp.Segment].Text)
	require.True(t, sp.Start >= 0 && sp.Start < sp.End && sp.End <= len(runes), "span %+v inside segment %q", sp, segs[sp.Segment].Text)
	return string(runes[sp.Start:sp.End])
}

func TestTextJobHasSegmentsSectionsEvidenceAndFacts(t *testing.T) {
	eachKey(t, "live", func(t *testing.T, s *st.Server, o *st.Owner, live string) {
		jobID := completedConversation(t, s, live, nil)

		tr := decode[notegen.Transcript](t, s.Do(t, "GET", "/v1/fetch-transcript/"+jobID, nil, st.APIKey(live)).Body)
		require.Equal(t, encounter, tr.Transcript, "transcript stays the plain text")
		require.Len(t, tr.Segments, 7, "one segment per turn")
		require.Equal(t, "clinician", tr.Segments[0].Speaker)
		require.Equal(t, "patient", tr.Segments[1].Speaker)
		require.Equal(t, "Good morning, what brings you in today?", tr.Segments[0].Text, "the label is not part of the text")
		for i, seg := range tr.Segments {
			require.Equal(t, i, seg.ID)
			require.Nil(t, seg.StartTime, "text jobs have no times")
		}

		raw := s.Do(t, "GET", "/v1/fetch-note/"+jobID, nil, st.APIKey(live))
		require.Equal(t, http.StatusOK, raw.Status, "%s", raw.Body)
		note := decode[notegen.Note](t, raw.Body)
		keys := []string{}
		for _, sec := range note.Sections {
			keys = append(keys, sec.Key)
			require.Contains(t, note.Note, sec.Text, "a section's text is as it appears in the note")
		}
		require.Contains(t, keys, "chief_complaint")
		require.Contains(t, keys, "history_of_present_illness")
		require.Contains(t, keys, "plan")

		require.NotEmpty(t, note.Evidence)
		supported := 0
		for _, ev := range note.Evidence {
			require.Contains(t, keys, ev.Section)
			require.Contains(t, note.Note, ev.Sentence)
			require.NotEqual(t, "Not discussed.", ev.Sentence, "placeholders state nothing from the encounter")
			for _, sp := range ev.Spans {
				requireSpanInside(t, tr.Segments, sp)
			}
			if len(ev.Spans) > 0 {
				supported++
			}
		}
		require.Greater(t, supported, len(note.Evidence)/2, "most sentences cite the transcript: %+v", note.Evidence)

		var names []string
		for _, m := range note.Facts.Medications {
			names = append(names, strings.ToLower(m.Name))
			require.NotEmpty(t, m.Spans)
			for _, sp := range m.Spans {
				requireSpanInside(t, tr.Segments, sp)
			}
		}
		require.Contains(t, names, "metformin")
		require.Contains(t, names, "lisinopril")
		require.NotEmpty(t, note.Facts.Vitals, "the blood pressure is a vital")
		require.Equal(t, "150/95", note.Facts.Vitals[0].Value)
		require.Equal(t, "mm[Hg]", note.Facts.Vitals[0].Unit)
		require.NotNil(t, note.Facts.Problems)
		require.NotNil(t, note.Facts.Allergies, "empty lists are [], not null")
		require.Contains(t, string(raw.Body), `"allergies":[]`)

		// The owner's view shows the same note body with the segments.
		view := s.Do(t, "GET", "/v1/user/jobs/"+jobID, nil, st.Bearer(o.IDToken))
		require.Equal(t, http.StatusOK, view.Status, "%s", view.Body)
		detail := decode[notegen.JobDetail](t, view.Body)
		require.Equal(t, note.Sections, detail.Sections)
		require.Equal(t, note.Evidence, detail.Evidence)
		require.Equal(t, note.Facts, detail.Facts)
		require.Equal(t, tr.Segments, detail.Segments)
	})
}

func TestSandboxNoteHasSampleDetailOfTheSameShape(t *testing.T) {
	eachKey(t, "sandbox", func(t *testing.T, s *st.Server, o *st.Owner, sandbox string) {
		jobID := completedConversation(t, s, sandbox, nil)
		raw := s.Do(t, "GET", "/v1/fetch-note/"+jobID, nil, st.APIKey(sandbox))
		note := decode[notegen.Note](t, raw.Body)
		require.NotEmpty(t, note.Sections)
		require.Equal(t, "chief_complaint", note.Sections[0].Key)
		require.Len(t, note.Evidence, len(note.Sections), "one sample sentence per section")
		// A sample sentence says nothing the submitted text said: it cites
		// none of it, and shows as a sentence to check.
		for _, ev := range note.Evidence {
			require.Contains(t, ev.Sentence, "sandbox")
			require.Empty(t, ev.Spans, "%q cites the input it does not come from", ev.Sentence)
		}
		require.NotContains(t, string(raw.Body), `"spans":null`, "no spans is [], not null")
		require.NotEmpty(t, note.Facts.Medications, "sample facts come from the submitted text")
	})
}

func TestAudioJobSegmentsAreTheProvidersTimedUtterances(t *testing.T) {
	eachLiveKeyHearing(t, "Patient reports a cough. Lungs clear.", func(t *testing.T, s *st.Server, o *st.Owner, live string, stt *fakeOpenAI) {
		// A provider answering plain json: the transcript is one segment.
		plain := submitMultipart(t, s, live, map[string]string{"template": "primaryCare", "visit_type": "followUp", "recording_type": "dictation", "lang": "en", "file_extension": "wav"}, "a.wav", testWAV(1))
		require.Equal(t, http.StatusOK, plain.Status, "%s", plain.Body)
		plainID := plain.JSON(t)["job_id"].(string)
		require.Equal(t, "completed", waitForStatus(t, s, live, plainID, "completed", "error")["status"])
		one := decode[notegen.Transcript](t, s.Do(t, "GET", "/v1/fetch-transcript/"+plainID, nil, st.APIKey(live)).Body)
		require.Len(t, one.Segments, 1)
		require.Equal(t, stt.text, one.Segments[0].Text)

		// verbose_json: one segment per utterance, with its times.
		verbose, _ := json.Marshal(map[string]any{"text": "Patient reports a cough. Lungs clear.", "segments": []map[string]any{
			{"id": 0, "start": 0.0, "end": 1.5, "text": " Patient reports a cough."},
			{"id": 1, "start": 1.5, "end": 2.75, "text": " Lungs clear."},
		}})
		stt.Script(func(path string, nth int) (int, string, time.Duration) {
			if path == "/v1/audio/transcriptions" {
				return 0, string(verbose), 0
			}
			return 0, "", 0
		})
		timed := submitMultipart(t, s, live, map[string]string{"template": "primaryCare", "visit_type": "followUp", "recording_type": "dictation", "lang": "en", "file_extension": "wav"}, "b.wav", testWAV(3))
		require.Equal(t, http.StatusOK, timed.Status, "%s", timed.Body)
		timedID := timed.JSON(t)["job_id"].(string)
		require.Equal(t, "completed", waitForStatus(t, s, live, timedID, "completed", "error")["status"])
		tr := decode[notegen.Transcript](t, s.Do(t, "GET", "/v1/fetch-transcript/"+timedID, nil, st.APIKey(live)).Body)
		require.Equal(t, "Patient reports a cough. Lungs clear.", tr.Transcript)
		require.Len(t, tr.Segments, 2)
		require.Equal(t, "Lungs clear.", tr.Segments[1].Text)
		require.NotNil(t, tr.Segments[1].StartTime)
		require.InDelta(t, 1.5, *tr.Segments[1].StartTime, 1e-9)
		require.InDelta(t, 2.75, *tr.Segments[1].EndTime, 1e-9)
		require.Equal(t, "clinician", tr.Segments[0].Speaker, "a dictation is the clinician speaking")

		note := decode[notegen.Note](t, s.Do(t, "GET", "/v1/fetch-note/"+timedID, nil, st.APIKey(live)).Body)
		for _, ev := range note.Evidence {
			for _, sp := range ev.Spans {
				requireSpanInside(t, tr.Segments, sp)
			}
		}

		// A regeneration keeps the source's timed utterances.
		regen := s.Do(t, "POST", "/v1/regenerate-note", map[string]any{"job_id": timedID, "documentation_style": "problemBased"}, st.APIKey(live))
		require.Equal(t, http.StatusOK, regen.Status, "%s", regen.Body)
		regenID := regen.JSON(t)["job_id"].(string)
		require.Equal(t, "completed", waitForStatus(t, s, live, regenID, "completed", "error")["status"])
		again := decode[notegen.Transcript](t, s.Do(t, "GET", "/v1/fetch-transcript/"+regenID, nil, st.APIKey(live)).Body)
		require.Equal(t, tr.Segments, again.Segments)
	})
}

func TestFetchNoteAsFHIRBundle(t *testing.T) {
	eachKey(t, "live", func(t *testing.T, s *st.Server, o *st.Owner, live string) {
		withID := completedConversation(t, s, live, map[string]any{"custom_metadata": map[string]any{"patient_id": "MRN-0042"}})
		withoutID := completedConversation(t, s, live, nil)

		dir := t.TempDir()
		for name, jobID := range map[string]string{"with-id": withID, "without-id": withoutID} {
			got := s.Do(t, "GET", "/v1/fetch-note/"+jobID+"?format=fhir", nil, st.APIKey(live))
			require.Equal(t, http.StatusOK, got.Status, "%s", got.Body)
			require.Equal(t, "application/fhir+json", got.Header.Get("Content-Type"))
			bundle := got.JSON(t)
			require.Equal(t, "Bundle", bundle["resourceType"])
			require.Equal(t, "document", bundle["type"])
			entries := bundle["entry"].([]any)
			require.Equal(t, "Composition", entries[0].(map[string]any)["resource"].(map[string]any)["resourceType"])
			var patient map[string]any
			kinds := map[string]int{}
			for _, e := range entries {
				r := e.(map[string]any)["resource"].(map[string]any)
				kinds[r["resourceType"].(string)]++
				if r["resourceType"] == "Patient" {
					patient = r
				}
			}
			require.NotNil(t, patient)
			require.Positive(t, kinds["MedicationStatement"], "the medications are resources")
			require.Positive(t, kinds["Observation"], "the blood pressure is an observation")
			if name == "with-id" {
				require.Contains(t, string(got.Body), "MRN-0042", "the patient is identified by custom_metadata.patient_id")
			} else {
				require.Nil(t, patient["identifier"], "no identifier without a patient_id")
			}
			require.NoError(t, os.WriteFile(filepath.Join(dir, name+".json"), got.Body, 0o600))
		}
		bad := s.Do(t, "GET", "/v1/fetch-note/"+withID+"?format=xml", nil, st.APIKey(live))
		require.Equal(t, http.StatusBadRequest, bad.Status, "%s", bad.Body)

		out, err := fhirtest.Validate(fhirtest.Validator(t), dir)
		require.NoError(t, err, "the FHIR validator rejects a bundle from the server:\n%s", out)
	})
}
