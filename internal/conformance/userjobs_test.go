package conformance

import (
	"encoding/json"
	"net/http"
	"net/url"
	"slices"
	"sort"
	"testing"

	"github.com/stretchr/testify/require"

	st "github.com/notegen/notegen/internal/servertest"
)

// jobListFields are exactly the fields of a job in the owner's list: job
// settings and outcome, no patient text.
var jobListFields = []string{"job_id", "status", "template", "visit_type", "recording_type", "lang", "is_sandbox", "api_key",
	"source_job_id", "created_at", "updated_at", "duration_seconds", "error"}

func listJobs(t *testing.T, s *st.Server, o *st.Owner, query string) map[string]any {
	t.Helper()
	resp := s.Do(t, "GET", "/v1/user/jobs"+query, nil, st.Bearer(o.IDToken))
	require.Equal(t, http.StatusOK, resp.Status, "%s: %s", query, resp.Body)
	return resp.JSON(t)
}

func jobIDs(page map[string]any) []string {
	var ids []string
	for _, j := range page["jobs"].([]any) {
		ids = append(ids, j.(map[string]any)["job_id"].(string))
	}
	return ids
}

func TestOwnerListsJobs(t *testing.T) {
	eachLiveKeyHearing(t, "Patient reports a cough.", func(t *testing.T, s *st.Server, o *st.Owner, live string, stt *fakeOpenAI) {
		sandbox := createKey(t, s, o, "sandbox", nil)

		// Newest last, as submitted.
		var created []string
		text := submitText(t, s, live)
		created = append(created, text)
		waitForStatus(t, s, live, text, "completed")
		regen := s.Do(t, "POST", "/v1/regenerate-note", map[string]any{"job_id": text, "template": "er"}, st.APIKey(live)).JSON(t)["job_id"].(string)
		created = append(created, regen)
		// In one request: a presigned upload could expire under load with
		// the one-second upload TTL this test needs.
		multipart := submitMultipart(t, s, live, map[string]string{"template": "primaryCare", "visit_type": "followUp",
			"recording_type": "dictation", "lang": "en"}, "visit.wav", testWAV(1.5))
		require.Equal(t, http.StatusOK, multipart.Status, "%s", multipart.Body)
		audioID := multipart.JSON(t)["job_id"].(string)
		created = append(created, audioID)
		expired, _ := audioJob(t, s, sandbox)
		created = append(created, expired)
		sandboxText := submitText(t, s, sandbox)
		created = append(created, sandboxText)
		for _, id := range []string{regen, audioID} {
			waitForStatus(t, s, live, id, "completed")
		}
		waitForStatus(t, s, sandbox, sandboxText, "completed")
		waitForStatus(t, s, sandbox, expired, "error")

		// Another account's jobs are not listed.
		other := s.NewOwner(t)
		otherKey := createKey(t, s, other, "sandbox", nil)
		require.Equal(t, http.StatusOK, s.Do(t, "POST", "/v1/process-text", textJob(nil), st.APIKey(otherKey)).Status)

		page := listJobs(t, s, o, "")
		newestFirst := slices.Clone(created)
		slices.Reverse(newestFirst)
		require.Equal(t, newestFirst, jobIDs(page), "every job of the account, newest first")
		require.Nil(t, page["next_cursor"])
		byID := map[string]map[string]any{}
		for _, j := range page["jobs"].([]any) {
			job := j.(map[string]any)
			var fields []string
			for k := range job {
				fields = append(fields, k)
			}
			sort.Strings(fields)
			want := slices.Clone(jobListFields)
			sort.Strings(want)
			require.Equal(t, want, fields, "the list's fields, and no patient text")
			byID[job["job_id"].(string)] = job
		}

		var maskedLive string
		var keys []map[string]any
		require.NoError(t, json.Unmarshal(s.Do(t, "GET", "/v1/user/list-api-keys", nil, st.Bearer(o.IDToken)).Body, &keys))
		for _, k := range keys {
			if k["type"] == "live" {
				maskedLive = k["key"].(string)
			}
		}
		require.NotEmpty(t, maskedLive)
		require.Equal(t, maskedLive, byID[text]["api_key"], "the key is shown masked, as the key list shows it")
		raw := string(s.Do(t, "GET", "/v1/user/jobs", nil, st.Bearer(o.IDToken)).Body)
		require.NotContains(t, raw, live, "never the full key")
		require.NotContains(t, raw, "chest pain", "never patient text")

		require.Equal(t, "completed", byID[text]["status"])
		require.Equal(t, "primaryCare", byID[text]["template"])
		require.Equal(t, false, byID[text]["is_sandbox"])
		require.Nil(t, byID[text]["source_job_id"])
		require.Nil(t, byID[text]["duration_seconds"], "a text job has no duration")
		require.Nil(t, byID[text]["error"])
		require.Equal(t, text, byID[regen]["source_job_id"], "a regeneration names its source")
		require.Equal(t, "er", byID[regen]["template"])
		require.InDelta(t, 1.5, byID[audioID]["duration_seconds"], 0.05, "an audio job's duration")
		require.Equal(t, "error", byID[expired]["status"])
		failure := byID[expired]["error"].(map[string]any)
		require.NotEmpty(t, failure["code"])
		require.Contains(t, failure["message"], "not uploaded")
		require.Equal(t, true, byID[sandboxText]["is_sandbox"])

		// Filters.
		require.Equal(t, []string{sandboxText, expired}, jobIDs(listJobs(t, s, o, "?key_type=sandbox")))
		require.Equal(t, []string{audioID, regen, text}, jobIDs(listJobs(t, s, o, "?key_type=live")))
		require.Equal(t, []string{expired}, jobIDs(listJobs(t, s, o, "?status=error")))
		require.Equal(t, []string{audioID, regen, text}, jobIDs(listJobs(t, s, o, "?status=completed&key_type=live")))

		// Pages of two follow each other with the cursor.
		var paged []string
		query := "?limit=2"
		for pages := 0; ; pages++ {
			require.Less(t, pages, 5, "the pages end")
			p := listJobs(t, s, o, query)
			ids := jobIDs(p)
			require.LessOrEqual(t, len(ids), 2)
			paged = append(paged, ids...)
			if p["next_cursor"] == nil {
				break
			}
			query = "?limit=2&cursor=" + url.QueryEscape(p["next_cursor"].(string))
		}
		require.Equal(t, newestFirst, paged, "the pages hold every job once, in order")

		for q, field := range map[string]string{
			"?limit=0": "limit", "?limit=101": "limit", "?limit=x": "limit", "?status=done": "status", "?status=": "status",
			"?key_type=gold": "key_type", "?cursor=bm90LWEtY3Vyc29y": "cursor", "?cursor=%25%25": "cursor",
		} {
			resp := s.Do(t, "GET", "/v1/user/jobs"+q, nil, st.Bearer(o.IDToken))
			require.Equal(t, http.StatusBadRequest, resp.Status, "%s: %s", q, resp.Body)
			require.Equal(t, "validation_error", resp.ErrorCode(t), q)
			require.Equal(t, field, resp.JSON(t)["error"].(map[string]any)["field"], q)
		}
		require.Equal(t, http.StatusUnauthorized, s.Do(t, "GET", "/v1/user/jobs", nil, st.APIKey(live)).Status, "an API key cannot list the account's jobs")
	}, st.WithEnv("NOTEGEN_UPLOAD_TTL", "1s"), st.WithEnv("NOTEGEN_SWEEP_INTERVAL", "200ms"),
		st.WithEnv("NOTEGEN_RATE_SANDBOX", "100000/min"), st.WithEnv("NOTEGEN_RATE_LIVE", "100000/min"))
}

func TestOwnerViewsJob(t *testing.T) {
	eachKey(t, "sandbox", func(t *testing.T, s *st.Server, o *st.Owner, key string) {
		conversation := "[doctor] What brings you in today?\n[patient] My knee has hurt for a week.\nIt is worse on stairs.\n[doctor] Let us get an x-ray."
		jobID := s.Do(t, "POST", "/v1/process-text", textJob(map[string]any{"text": conversation, "recording_type": "conversation", "patient_consent": true}),
			st.APIKey(key)).JSON(t)["job_id"].(string)
		waitForStatus(t, s, key, jobID, "completed")
		fetched := s.Do(t, "GET", "/v1/fetch-note/"+jobID, nil, st.APIKey(key)).JSON(t)

		resp := s.Do(t, "GET", "/v1/user/jobs/"+jobID, nil, st.Bearer(o.IDToken))
		require.Equal(t, http.StatusOK, resp.Status, "%s", resp.Body)
		require.Equal(t, "no-store", resp.Header.Get("Cache-Control"))
		view := resp.JSON(t)
		for k, v := range fetched {
			if k == "ttl" {
				continue // counts down between the two reads
			}
			require.Equal(t, v, view[k], "the fetch-note field %s", k)
		}
		require.Equal(t, conversation, view["transcript"])
		require.Equal(t, []any{
			map[string]any{"id": float64(0), "speaker": "clinician", "start_time": nil, "end_time": nil, "text": "What brings you in today?"},
			map[string]any{"id": float64(1), "speaker": "patient", "start_time": nil, "end_time": nil, "text": "My knee has hurt for a week.\nIt is worse on stairs."},
			map[string]any{"id": float64(2), "speaker": "clinician", "start_time": nil, "end_time": nil, "text": "Let us get an x-ray."},
		}, view["segments"], "one segment per labelled turn, with its role")

		// A job still waiting for its audio: no note and no transcript yet.
		pending, _ := audioJob(t, s, key)
		early := s.Do(t, "GET", "/v1/user/jobs/"+pending, nil, st.Bearer(o.IDToken))
		require.Equal(t, http.StatusOK, early.Status, "%s", early.Body)
		require.Equal(t, "pending", early.JSON(t)["status"])
		require.Equal(t, "", early.JSON(t)["note"])
		require.Equal(t, "", early.JSON(t)["transcript"])
		require.Equal(t, []any{}, early.JSON(t)["segments"])

		// Only the owner sees the job, and each read is on the record.
		other := s.NewOwner(t)
		require.Equal(t, http.StatusNotFound, s.Do(t, "GET", "/v1/user/jobs/"+jobID, nil, st.Bearer(other.IDToken)).Status)
		require.Equal(t, http.StatusNotFound, s.Do(t, "GET", "/v1/user/jobs/0190a000-0000-7000-8000-000000000000", nil, st.Bearer(o.IDToken)).Status)
		require.Equal(t, http.StatusNotFound, s.Do(t, "GET", "/v1/user/jobs/not-a-job", nil, st.Bearer(o.IDToken)).Status)
		require.Equal(t, http.StatusUnauthorized, s.Do(t, "GET", "/v1/user/jobs/"+jobID, nil, st.APIKey(key)).Status)

		viewed := func(owner *st.Owner) []string {
			var targets []string
			log := s.Do(t, "GET", "/v1/user/audit-log", nil, st.Bearer(owner.IDToken)).JSON(t)
			for _, e := range log["entries"].([]any) {
				entry := e.(map[string]any)
				if entry["action"] == "job.viewed" {
					require.Equal(t, owner.UserID, entry["actor"])
					targets = append(targets, entry["target"].(string))
				}
			}
			return targets
		}
		require.Equal(t, []string{pending, jobID}, viewed(o), "each read, newest first")
		require.Empty(t, viewed(other), "a refused read is not the other account's record")
	})
}
