package conformance

import (
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	st "github.com/notegen/notegen/internal/servertest"
)

func TestTextJobEndToEnd(t *testing.T) {
	eachKey(t, "live", func(t *testing.T, s *st.Server, o *st.Owner, live string) {

		resp := s.Do(t, "POST", "/v1/process-text", textJob(map[string]any{"custom_metadata": map[string]any{"encounter": "E-17"}}), st.APIKey(live))
		require.Equal(t, http.StatusOK, resp.Status, "%s", resp.Body)
		sub := resp.JSON(t)
		require.Equal(t, "queued", sub["status"])
		jobID := sub["job_id"].(string)
		require.NotEmpty(t, resp.Header.Get("X-RateLimit-Limit"))

		done := waitForStatus(t, s, live, jobID, "completed", "error")
		require.Equal(t, "completed", done["status"], "%v", done)
		require.EqualValues(t, 100, done["progress"])

		note := s.Do(t, "GET", "/v1/fetch-note/"+jobID, nil, st.APIKey(live))
		require.Equal(t, http.StatusOK, note.Status, "%s", note.Body)
		n := note.JSON(t)
		for _, f := range []string{"job_id", "status", "note", "note_title", "lang", "output_language", "recording_type", "visit_type", "template", "is_sandbox", "timestamp", "ttl"} {
			require.Contains(t, n, f)
		}
		require.Equal(t, false, n["is_sandbox"])
		require.Contains(t, strings.ToLower(n["note"].(string)), "chest pain", "the built-in writer used the text")
		require.Greater(t, n["ttl"].(float64), float64(47*3600), "kept for the 48-hour retention")

		tr := s.Do(t, "GET", "/v1/fetch-transcript/"+jobID, nil, st.APIKey(live))
		require.Equal(t, http.StatusOK, tr.Status)
		require.Contains(t, tr.JSON(t)["transcript"], "chest pain")

		// Sandbox keys do not see live jobs and the other way round.
		sandbox := createKey(t, s, o, "sandbox", nil)
		require.Equal(t, http.StatusNotFound, s.Do(t, "GET", "/v1/status/"+jobID, nil, st.APIKey(sandbox)).Status)
		other := s.NewOwner(t)
		otherKey := createKey(t, s, other, "live", nil)
		require.Equal(t, http.StatusNotFound, s.Do(t, "GET", "/v1/fetch-note/"+jobID, nil, st.APIKey(otherKey)).Status)
		require.Equal(t, http.StatusNotFound, s.Do(t, "GET", "/v1/status/not-a-job", nil, st.APIKey(live)).Status)

		usage := s.Do(t, "GET", "/v1/user/usage", nil, st.Bearer(o.IDToken))
		require.Equal(t, http.StatusOK, usage.Status, "%s", usage.Body)
		u := usage.JSON(t)
		totals := u["totals"].(map[string]any)
		require.EqualValues(t, 1, totals["jobs"])
		require.EqualValues(t, 99, totals["free_jobs_left"])
		require.Equal(t, totals["total_tokens"], totals["transcription_tokens"].(float64)+totals["note_tokens"].(float64))
		require.Greater(t, totals["note_tokens"].(float64), float64(0))
		keys := u["api_keys"].(map[string]any)
		require.Len(t, keys, 1)
		for masked, v := range keys {
			require.True(t, strings.HasSuffix(masked, live[len(live)-4:]))
			require.EqualValues(t, 100, v.(map[string]any)["usage_percentage"])
		}
	})
}

func TestSandboxJobsFollowTheTemplate(t *testing.T) {
	eachKey(t, "sandbox", func(t *testing.T, s *st.Server, o *st.Owner, sandbox string) {
		resp := s.Do(t, "POST", "/v1/process-text", textJob(map[string]any{"template": "radiology", "lang": "fr"}), st.APIKey(sandbox))
		require.Equal(t, http.StatusOK, resp.Status, "%s", resp.Body)
		jobID := resp.JSON(t)["job_id"].(string)
		waitForStatus(t, s, sandbox, jobID, "completed")
		n := s.Do(t, "GET", "/v1/fetch-note/"+jobID, nil, st.APIKey(sandbox)).JSON(t)
		require.Equal(t, true, n["is_sandbox"])
		require.Equal(t, "fr", n["output_language"])
		note := n["note"].(string)
		require.Contains(t, note, "bac à sable", "a sandbox note says it is a sample")
		require.Contains(t, strings.ToUpper(note), "IMPRESSION", "the radiology template's sections, in French")
		again := s.Do(t, "POST", "/v1/process-text", textJob(map[string]any{"template": "radiology", "lang": "fr"}), st.APIKey(sandbox))
		id2 := again.JSON(t)["job_id"].(string)
		waitForStatus(t, s, sandbox, id2, "completed")
		require.Equal(t, note, s.Do(t, "GET", "/v1/fetch-note/"+id2, nil, st.APIKey(sandbox)).JSON(t)["note"], "deterministic")
		usage := s.Do(t, "GET", "/v1/user/usage", nil, st.Bearer(o.IDToken)).JSON(t)
		require.EqualValues(t, 0, usage["totals"].(map[string]any)["jobs"], "sandbox jobs are not billed")
	})
}

func TestJobFieldValidation(t *testing.T) {
	eachKey(t, "sandbox", func(t *testing.T, s *st.Server, o *st.Owner, key string) {
		for name, tc := range map[string]struct {
			body  map[string]any
			field string
		}{
			"no template":             {textJob(map[string]any{"template": nil}), "template"},
			"unknown template":        {textJob(map[string]any{"template": "cardiologyDeluxe"}), "template"},
			"no visit type":           {textJob(map[string]any{"visit_type": nil}), "visit_type"},
			"bad visit type":          {textJob(map[string]any{"visit_type": "checkup"}), "visit_type"},
			"no recording type":       {textJob(map[string]any{"recording_type": nil}), "recording_type"},
			"bad recording type":      {textJob(map[string]any{"recording_type": "video"}), "recording_type"},
			"bad lang":                {textJob(map[string]any{"lang": "de"}), "lang"},
			"bad output language":     {textJob(map[string]any{"output_language": "es"}), "output_language"},
			"conversation no consent": {textJob(map[string]any{"recording_type": "conversation"}), "patient_consent"},
			"consent false":           {textJob(map[string]any{"recording_type": "conversation", "patient_consent": false}), "patient_consent"},
			"bad style":               {textJob(map[string]any{"documentation_style": "narrative"}), "documentation_style"},
			"custom not object":       {textJob(map[string]any{"custom": "x"}), "custom"},
			"custom field not string": {textJob(map[string]any{"custom": map[string]any{"context": 3}}), "custom.context"},
			"metadata not object":     {textJob(map[string]any{"custom_metadata": []int{1}}), "custom_metadata"},
			"metadata too large":      {textJob(map[string]any{"custom_metadata": map[string]string{"x": strings.Repeat("a", 5000)}}), "custom_metadata"},
			"bad webhook env":         {textJob(map[string]any{"webhook_env": "staging"}), "webhook_env"},
			"no text":                 {textJob(map[string]any{"text": nil}), "text"},
			"consent not boolean":     {textJob(map[string]any{"patient_consent": "yes"}), "patient_consent"},
		} {
			resp := s.Do(t, "POST", "/v1/process-text", tc.body, st.APIKey(key))
			require.Equal(t, http.StatusBadRequest, resp.Status, "%s: %s", name, resp.Body)
			require.Equal(t, "validation_error", resp.ErrorCode(t), name)
			require.Equal(t, tc.field, resp.JSON(t)["error"].(map[string]any)["field"], name)
		}
		for name, body := range map[string]map[string]any{
			"wfw needs no visit or recording type": textJob(map[string]any{"template": "wfw", "visit_type": nil, "recording_type": nil}),
			"smartInsert likewise":                 textJob(map[string]any{"template": "smartInsert", "visit_type": nil, "recording_type": nil}),
			"conversation with consent":            textJob(map[string]any{"recording_type": "conversation", "patient_consent": true}),
			"every option":                         textJob(map[string]any{"output_language": "fr", "documentation_style": "problemBased", "custom": map[string]string{"context": "diabetic", "template": "Summary\nPlan"}, "webhook_env": "prod"}),
			"null metadata":                        textJob(map[string]any{"custom_metadata": nil}),
		} {
			resp := s.Do(t, "POST", "/v1/process-text", body, st.APIKey(key))
			require.Equal(t, http.StatusOK, resp.Status, "%s: %s", name, resp.Body)
		}
		audio := map[string]any{"template": "er", "visit_type": "initialEncounter", "recording_type": "dictation", "lang": "en"}
		for ext, want := range map[string]int{"": 400, "exe": 400, "wav": 200, ".MP3": 200, "opus": 200} {
			body := map[string]any{}
			for k, v := range audio {
				body[k] = v
			}
			if ext != "" {
				body["file_extension"] = ext
			}
			resp := s.Do(t, "POST", "/v1/process-audio", body, st.APIKey(key))
			require.Equal(t, want, resp.Status, "extension %q: %s", ext, resp.Body)
			if want == 400 {
				require.Equal(t, "file_extension", resp.JSON(t)["error"].(map[string]any)["field"])
			}
		}
	}, st.WithEnv("NOTEGEN_RATE_SANDBOX", "1000/min"))
}

// TestIdempotencyKeysAreScopedToTheAPIKey sends the same Idempotency-Key
// and the same body from two accounts, and from two keys of one account.
// Each key gets its own job: a key never replays another key's job, and
// above all never another account's presigned upload URL.
func TestIdempotencyKeysAreScopedToTheAPIKey(t *testing.T) {
	st.EachServer(t, func(t *testing.T, s *st.Server) {
		alice, bob := s.NewOwner(t), s.NewOwner(t)
		aliceKey := createKey(t, s, alice, "sandbox", nil)
		bobKey := createKey(t, s, bob, "sandbox", nil)
		shared := st.Header{"Idempotency-Key", "visit-0001"}

		// Audio: the answer carries a presigned URL that uploads into the job.
		first := s.Do(t, "POST", "/v1/process-audio", audioFields, st.APIKey(aliceKey), shared)
		require.Equal(t, http.StatusOK, first.Status, "%s", first.Body)
		second := s.Do(t, "POST", "/v1/process-audio", audioFields, st.APIKey(bobKey), shared)
		require.Equal(t, http.StatusOK, second.Status, "%s", second.Body)
		aliceJob, bobJob := first.JSON(t)["job_id"].(string), second.JSON(t)["job_id"].(string)
		require.NotEqual(t, aliceJob, bobJob, "another account's Idempotency-Key does not replay its job")
		require.NotEqual(t, first.JSON(t)["presigned_url"], second.JSON(t)["presigned_url"])
		require.NotContains(t, string(second.Body), aliceJob, "nothing of the other account's job is returned")

		// Each key still replays its own job, so the scoping is not a
		// replay that stopped working.
		again := s.Do(t, "POST", "/v1/process-audio", audioFields, st.APIKey(aliceKey), shared)
		require.Equal(t, aliceJob, again.JSON(t)["job_id"])
		require.Equal(t, first.JSON(t)["presigned_url"], again.JSON(t)["presigned_url"])
		require.Equal(t, http.StatusNotFound, s.Do(t, "GET", "/v1/status/"+aliceJob, nil, st.APIKey(bobKey)).Status)

		// Text, from two accounts and from a second key of one account.
		textKey := st.Header{"Idempotency-Key", "visit-0002"}
		aliceLive := createKey(t, s, alice, "live", nil)
		ids := map[string]string{}
		for name, key := range map[string]string{"alice sandbox": aliceKey, "alice live": aliceLive, "bob sandbox": bobKey} {
			resp := s.Do(t, "POST", "/v1/process-text", textJob(nil), st.APIKey(key), textKey)
			require.Equal(t, http.StatusOK, resp.Status, "%s: %s", name, resp.Body)
			id := resp.JSON(t)["job_id"].(string)
			for other, otherID := range ids {
				require.NotEqual(t, otherID, id, "%s replayed the job of %s", name, other)
			}
			ids[name] = id
			require.Equal(t, http.StatusOK, s.Do(t, "GET", "/v1/status/"+id, nil, st.APIKey(key)).Status, "%s sees its own job", name)
		}
	})
}
