package console_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen"
	st "github.com/notegen/notegen/internal/servertest"
)

// liveEncounter is the live job's transcript; the mask emoji before the
// patient's words puts code points and UTF-16 units out of step, as a
// highlight counting the wrong one would show.
const liveEncounter = "Doctor: What brings you in today?\n" +
	"Patient: 😷 I have had a dry cough for three days and my temperature was 38.5 degrees.\n" +
	"Doctor: Any allergies?\nPatient: I am allergic to penicillin.\n" +
	"Doctor: Your blood pressure is 130/85. Take ibuprofen 400 mg three times a day and come back in one week."

// receiver is a webhook endpoint that records the ids of the deliveries it
// was sent.
type receiver struct {
	mu  sync.Mutex
	ids []string
}

func (rc *receiver) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	_, _ = io.Copy(io.Discard, r.Body)
	rc.mu.Lock()
	rc.ids = append(rc.ids, r.Header.Get("webhook-id"))
	rc.mu.Unlock()
	w.WriteHeader(http.StatusNoContent)
}

func (rc *receiver) got(id string) int {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	n := 0
	for _, got := range rc.ids {
		if got == id {
			n++
		}
	}
	return n
}

// reloadAfter runs an action that loads a new page (a form sent, a link
// followed) and waits for the new page's ready element, not the old one's.
func (b *browser) reloadAfter(t *testing.T, action chromedp.Action[chromedp.Void], ready string) {
	t.Helper()
	markOld := chromedp.Evaluate[bool](`document.body.dataset.old = "1"; true`)
	b.run(t, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := markOld(ctx, tg)
		return err
	}), action)
	var sel []string
	for _, r := range strings.Split(ready, ",") {
		sel = append(sel, "body:not([data-old]) "+strings.TrimSpace(r))
	}
	// A guard against a page that never comes, which then shows what came.
	ctx, cancel := context.WithTimeout(b.ctx, 90*time.Second)
	defer cancel()
	if err := chromedp.Do(ctx, chromedp.WaitVisible(css(strings.Join(sel, ", ")))); err != nil {
		page, _ := chromedp.Run(b.ctx, chromedp.OuterHTML(css(`main`)))
		t.Fatalf("waiting for %s: %v; the page shows:\n%s", ready, err, page)
	}
}

// count is how many elements of the page match a CSS selector.
func count(t *testing.T, b *browser, selector string) int {
	t.Helper()
	return get(t, b, chromedp.Evaluate[int](fmt.Sprintf(`document.querySelectorAll(%q).length`, selector)))
}

// submitJob submits a text job through the API and waits for its end.
func submitJob(t *testing.T, s *st.Server, key, text string) string {
	t.Helper()
	resp := s.Do(t, "POST", "/v1/process-text", map[string]any{"text": text, "template": "primaryCare", "visit_type": "followUp",
		"recording_type": "conversation", "lang": "en", "patient_consent": true}, st.APIKey(key))
	require.Equal(t, http.StatusOK, resp.Status, "submit: %s", resp.Body)
	id := resp.JSON(t)["job_id"].(string)
	status := "queued"
	for i := 0; i < 10 && status != "completed" && status != "error"; i++ {
		resp = s.Do(t, "GET", "/v1/status/"+id+"?wait=60&status="+status, nil, st.APIKey(key))
		require.Equal(t, http.StatusOK, resp.Status, "status: %s", resp.Body)
		status = resp.JSON(t)["status"].(string)
	}
	require.Equal(t, "completed", status, "job %s", id)
	return id
}

// listedJobs reads the job ids of the jobs page, top to bottom.
func listedJobs(t *testing.T, b *browser) []string {
	t.Helper()
	return get(t, b, chromedp.Evaluate[[]string](`Array.from(document.querySelectorAll('tbody td:first-child a')).map(a => a.textContent)`))
}

// keyMetadata reads a key's metadata through the API.
func keyMetadata(t *testing.T, s *st.Server, o *st.Owner, key string) map[string]string {
	t.Helper()
	resp := s.Do(t, "GET", "/v1/user/list-api-keys?showFull=true", nil, st.Bearer(o.IDToken))
	require.Equal(t, http.StatusOK, resp.Status, "%s", resp.Body)
	var keys []struct {
		Key      string            `json:"key"`
		Status   string            `json:"status"`
		Metadata map[string]string `json:"metadata"`
	}
	require.NoError(t, json.Unmarshal(resp.Body, &keys))
	for _, k := range keys {
		if k.Key == key {
			return k.Metadata
		}
	}
	t.Fatalf("key not listed")
	return nil
}

// TestConsoleOwnerTasksInBrowser does in a real browser what an owner does
// after the first visit: live keys with metadata, the job list's filters and
// pages, the FHIR download, evidence highlighted character by character,
// key deletion, the webhook secret and deliveries, cancelling and
// reactivating the account, and logging out; then checks every main page
// for labels, keyboard reach and phone width, with screenshots.
func TestConsoleOwnerTasksInBrowser(t *testing.T) {
	st.Each(t, func(t *testing.T, backend st.Backend) {
		s := st.Start(t, backend, st.WithEnv("NOTEGEN_WEBHOOK_ALLOW_PRIVATE", "true"))
		hooks := &receiver{}
		hookServer := httptest.NewServer(hooks)
		t.Cleanup(hookServer.Close)
		dir := screenshotDir(t, "pages-"+string(backend))
		o := s.NewOwner(t)
		b := newBrowser(t)
		b.run(t, chromedp.Navigate(s.URL+"/console/login"), chromedp.WaitVisible(css(`#email`)),
			chromedp.SendKeys(css(`#email`), o.Email), chromedp.SendKeys(css(`#password`), o.Password))
		b.reloadAfter(t, chromedp.Submit(css(`#password`)), `nav`)

		// Keys: a sandbox key, then a live key with metadata.
		b.run(t, chromedp.Navigate(s.URL+"/console/keys"), chromedp.WaitVisible(css(`#key_type`)),
			chromedp.SetValue(css(`#key_type`), "sandbox"))
		b.reloadAfter(t, chromedp.Submit(css(`#key_type`)), `#new-key`)
		sandbox := get(t, b, chromedp.Text(css(`#new-key`)))
		b.run(t, chromedp.SetValue(css(`#key_type`), "live"), chromedp.SendKeys(css(`#metadata`), `{"clinic": "north"}`))
		b.reloadAfter(t, chromedp.Submit(css(`#key_type`)), `#new-key`)
		live := get(t, b, chromedp.Text(css(`#new-key`)))
		require.True(t, strings.HasPrefix(live, "ng_live_"), live)

		// Live key metadata: the form shows it; a refused edit keeps what was
		// typed with the API's message beside it and changes nothing; a good
		// one replaces the whole map.
		form := `.metadata-form textarea`
		b.run(t, chromedp.Navigate(s.URL+"/console/keys"), chromedp.WaitVisible(css(form)))
		require.Contains(t, get(t, b, chromedp.Value(css(form))), `"north"`)
		b.run(t, chromedp.Clear(css(form)), chromedp.SendKeys(css(form), `{"password": "hunter2"}`))
		b.reloadAfter(t, chromedp.Submit(css(form)), `.metadata-form .field-error`)
		errID := get(t, b, chromedp.AttributeValue(css(form), "aria-describedby")).Value
		require.NotEmpty(t, get(t, b, chromedp.Text(css("#"+errID))))
		require.Equal(t, `{"password": "hunter2"}`, get(t, b, chromedp.Value(css(form))))
		b.expectRefusals(t, 1)
		require.Equal(t, map[string]string{"clinic": "north"}, keyMetadata(t, s, o, live))
		b.run(t, chromedp.Clear(css(form)), chromedp.SendKeys(css(form), `{"clinic": "south", "site": "2"}`))
		b.reloadAfter(t, chromedp.Submit(css(form)), `p.notice`)
		require.Equal(t, map[string]string{"clinic": "south", "site": "2"}, keyMetadata(t, s, o, live))

		// Jobs of both kinds, and an audio job left waiting for its upload.
		var sandboxJobs []string
		for i := range 3 {
			sandboxJobs = append(sandboxJobs, submitJob(t, s, sandbox, fmt.Sprintf("Doctor: How are you?\nPatient: Better, visit %d.", i)))
		}
		liveJob := submitJob(t, s, live, liveEncounter)
		resp := s.Do(t, "POST", "/v1/process-audio", map[string]any{"template": "primaryCare", "visit_type": "followUp",
			"recording_type": "dictation", "lang": "en", "file_extension": "wav", "patient_consent": true}, st.APIKey(sandbox))
		require.Equal(t, http.StatusOK, resp.Status, "%s", resp.Body)
		audioJob := resp.JSON(t)["job_id"].(string)
		resp = s.Do(t, "GET", "/v1/user/jobs?limit=100", nil, st.Bearer(o.IDToken))
		require.Equal(t, http.StatusOK, resp.Status)
		var apiList notegen.JobPage
		require.NoError(t, json.Unmarshal(resp.Body, &apiList))
		var want []string
		for _, j := range apiList.Jobs {
			want = append(want, j.JobID)
		}
		require.Len(t, want, 5)

		// Paging two at a time walks every job once, newest first.
		b.run(t, chromedp.Navigate(s.URL+"/console/jobs?limit=2"), chromedp.WaitVisible(css(`table`)))
		var seen []string
		var pages []int
		for range 5 {
			ids := listedJobs(t, b)
			seen, pages = append(seen, ids...), append(pages, len(ids))
			if count(t, b, `a.older`) == 0 {
				break
			}
			b.reloadAfter(t, chromedp.Click(css(`a.older`)), `table`)
		}
		require.Equal(t, want, seen)
		require.Equal(t, []int{2, 2, 1}, pages)

		// Filters: by key type, by status, and one that matches nothing.
		b.run(t, chromedp.Navigate(s.URL+"/console/jobs"), chromedp.WaitVisible(css(`#key_type`)), chromedp.SetValue(css(`#key_type`), "live"))
		b.reloadAfter(t, chromedp.Submit(css(`#key_type`)), `table`)
		require.Equal(t, []string{liveJob}, listedJobs(t, b))
		require.Equal(t, "live", get(t, b, chromedp.Value(css(`#key_type`))))
		b.run(t, chromedp.SetValue(css(`#key_type`), ""), chromedp.SetValue(css(`#status`), "pending"))
		b.reloadAfter(t, chromedp.Submit(css(`#status`)), `table`)
		require.Equal(t, []string{audioJob}, listedJobs(t, b))
		b.run(t, chromedp.SetValue(css(`#status`), "error"))
		b.reloadAfter(t, chromedp.Submit(css(`#status`)), `p.empty`)
		require.Contains(t, get(t, b, chromedp.Text(css(`p.empty`))), "No jobs match")
		b.screenshot(t, dir, "jobs-filtered-empty")

		// The job page offers the note as FHIR: the same document the API
		// serves, as a download.
		b.run(t, chromedp.Navigate(s.URL+"/console/jobs/"+liveJob), chromedp.WaitVisible(css(`#transcript-title`)))
		href := get(t, b, chromedp.AttributeValue(css(`a[href$="/fhir"]`), "href")).Value
		fetch := cookieClient(t, b, s)
		res := fetch(href)
		require.Equal(t, http.StatusOK, res.StatusCode)
		require.Equal(t, "application/fhir+json", res.Header.Get("Content-Type"))
		require.Equal(t, `attachment; filename="note-`+liveJob+`.fhir.json"`, res.Header.Get("Content-Disposition"))
		body, err := io.ReadAll(res.Body)
		require.NoError(t, err)
		api := s.Do(t, "GET", "/v1/fetch-note/"+liveJob+"?format=fhir", nil, st.APIKey(live))
		require.Equal(t, http.StatusOK, api.Status)
		require.JSONEq(t, string(api.Body), string(body))
		require.Contains(t, string(body), `"resourceType":"Bundle"`)

		checkEvidence(t, b, s, o, liveJob)
		b.screenshot(t, dir, "job-evidence")

		// Deleting the sandbox key turns it off for the API at once, and the
		// API's rule holds in the console: a deleted key never comes back.
		row := `tbody tr:first-child `
		b.run(t, chromedp.Navigate(s.URL+"/console/keys"), chromedp.WaitVisible(css(`table`)))
		b.reloadAfter(t, chromedp.Click(css(row+`form[action="/console/keys/delete"] button`)), `table`)
		require.Equal(t, "deleted", get(t, b, chromedp.Text(css(row+`.status`))))
		require.Equal(t, http.StatusUnauthorized, s.Do(t, "GET", "/v1/status/"+sandboxJobs[0], nil, st.APIKey(sandbox)).Status)
		actions := get(t, b, chromedp.Text(css(row+`td.actions`)))
		require.NotContains(t, actions, "Activate", "no action is offered that the API would refuse")
		require.NotContains(t, actions, "Delete")
		var listed []map[string]any
		require.NoError(t, json.Unmarshal(s.Do(t, "GET", "/v1/user/list-api-keys", nil, st.Bearer(o.IDToken)).Body, &listed))
		require.Equal(t, "inactive", listed[0]["status"], "the API still lists the deleted key as inactive")

		webhookTasks(t, b, s, o, hooks, hookServer.URL, dir)
		accountTasks(t, b, s, o.Email, live, liveJob, dir)

		for _, p := range []consolePage{
			{"jobs", "/console/jobs", "table"}, {"job", "/console/jobs/" + liveJob, "#transcript-title"},
			{"keys", "/console/keys", "table"}, {"webhooks", "/console/webhooks", "#webhook_dev"},
			{"usage", "/console/usage", "svg.bars"}, {"audit", "/console/audit", "table"},
			{"account", "/console/account", "#company_name"},
		} {
			checkPage(t, b, s.URL, dir, p)
		}

		// Logging out ends the refresh session on the server: the refresh
		// token the cookie held is refused by the API afterwards, while the
		// token of a live console session is accepted.
		before := refreshTokenOf(t, b, s)
		b.reloadAfter(t, chromedp.Click(css(`form.logout button`)), `#password`)
		require.Equal(t, http.StatusUnauthorized, refreshStatus(t, s, before))
		for _, p := range []consolePage{{"login", "/console/login", "#password"}, {"signup", "/console/signup", "#password"}} {
			checkPage(t, b, s.URL, dir, p)
		}
		b.run(t, chromedp.Navigate(s.URL+"/console/login"), chromedp.WaitVisible(css(`#email`)),
			chromedp.SendKeys(css(`#email`), o.Email), chromedp.SendKeys(css(`#password`), o.Password))
		b.reloadAfter(t, chromedp.Submit(css(`#password`)), `nav`)
		require.Equal(t, http.StatusOK, refreshStatus(t, s, refreshTokenOf(t, b, s)))

		b.mu.Lock()
		defer b.mu.Unlock()
		for _, u := range b.requests {
			require.True(t, strings.HasPrefix(u, s.URL+"/") || strings.HasPrefix(u, "data:"), "request left the origin: %s", u)
		}
		require.Empty(t, b.problems, "the browser reported problems")
	})
}

// checkEvidence clicks every supported sentence of the job's note and
// checks that the transcript highlights exactly the API's spans: the
// code-point ranges [start,end) of the segments' text, and nothing else.
func checkEvidence(t *testing.T, b *browser, s *st.Server, o *st.Owner, jobID string) {
	t.Helper()
	resp := s.Do(t, "GET", "/v1/user/jobs/"+jobID, nil, st.Bearer(o.IDToken))
	require.Equal(t, http.StatusOK, resp.Status, "%s", resp.Body)
	var detail struct {
		Sections []struct {
			Key string `json:"key"`
		} `json:"sections"`
		Evidence []struct {
			Section, Sentence string
			Spans             []struct{ Segment, Start, End int }
		} `json:"evidence"`
		Segments []struct {
			ID   int    `json:"id"`
			Text string `json:"text"`
		} `json:"segments"`
	}
	require.NoError(t, json.Unmarshal(resp.Body, &detail))
	text := map[int][]rune{}
	for _, seg := range detail.Segments {
		text[seg.ID] = []rune(seg.Text)
	}
	type highlight struct{ Segment, Text string }
	var sentences []string
	var wants [][]highlight
	for _, sec := range detail.Sections {
		for _, e := range detail.Evidence {
			if e.Section != sec.Key || len(e.Spans) == 0 {
				continue
			}
			bySegment := map[int][][2]int{}
			for _, sp := range e.Spans {
				bySegment[sp.Segment] = append(bySegment[sp.Segment], [2]int{sp.Start, sp.End})
			}
			var ids []int
			for id := range bySegment {
				ids = append(ids, id)
			}
			sort.Ints(ids)
			var want []highlight
			for _, id := range ids {
				for _, r := range mergeRanges(bySegment[id]) {
					want = append(want, highlight{fmt.Sprintf("seg-%d", id), string(text[id][r[0]:r[1]])})
				}
			}
			sentences, wants = append(sentences, e.Sentence), append(wants, want)
		}
	}
	require.NotEmpty(t, sentences, "the note has sentences supported by the transcript")
	n := get(t, b, chromedp.Evaluate[int](`(() => { const all = document.querySelectorAll('button.sentence[data-spans]');
		all.forEach((el, i) => el.setAttribute('data-i', String(i))); return all.length; })()`))
	require.Equal(t, len(sentences), n)
	for i, sentence := range sentences {
		button := css(fmt.Sprintf(`button[data-i="%d"]`, i))
		require.Equal(t, sentence, get(t, b, chromedp.TextContent(button)))
		b.run(t, chromedp.Click(button), chromedp.WaitVisible(css(`.transcript mark`)))
		got := get(t, b, chromedp.Evaluate[[]highlight](`Array.from(document.querySelectorAll('.transcript mark'))
			.map(m => ({Segment: m.closest('li').id, Text: m.textContent}))`))
		require.Equal(t, wants[i], got, "sentence %q", sentence)
		require.Equal(t, "true", get(t, b, chromedp.AttributeValue(button, "aria-pressed")).Value)
	}
}

// mergeRanges sorts ranges and joins those that overlap or touch, as the
// page marks them.
func mergeRanges(rs [][2]int) [][2]int {
	sort.Slice(rs, func(i, j int) bool { return rs[i][0] < rs[j][0] })
	var out [][2]int
	for _, r := range rs {
		if r[1] <= r[0] {
			continue
		}
		if n := len(out); n > 0 && r[0] <= out[n-1][1] {
			out[n-1][1] = max(out[n-1][1], r[1])
			continue
		}
		out = append(out, r)
	}
	return out
}

// webhookTasks sets the development URL, reveals and rotates the secret
// (checked against the API), sends a test event and redelivers it.
func webhookTasks(t *testing.T, b *browser, s *st.Server, o *st.Owner, hooks *receiver, hookURL, dir string) {
	t.Helper()
	secretOf := func() string {
		resp := s.Do(t, "GET", "/v1/user/webhook/secret", nil, st.Bearer(o.IDToken))
		require.Equal(t, http.StatusOK, resp.Status, "%s", resp.Body)
		return resp.JSON(t)["secret"].(string)
	}
	b.run(t, chromedp.Navigate(s.URL+"/console/webhooks"), chromedp.WaitVisible(css(`#webhook_dev`)),
		chromedp.SendKeys(css(`#webhook_dev`), hookURL+"/hook"))
	b.reloadAfter(t, chromedp.Submit(css(`#webhook_dev`)), `p.notice`)
	b.reloadAfter(t, chromedp.Click(css(`form[action="/console/webhooks/secret"] button`)), `#webhook-secret`)
	first := get(t, b, chromedp.Text(css(`#webhook-secret`)))
	require.True(t, strings.HasPrefix(first, "whsec_"), first)
	require.Equal(t, secretOf(), first)
	b.reloadAfter(t, chromedp.Click(css(`form[action="/console/webhooks/secret/rotate"] button`)), `#webhook-secret`)
	rotated := get(t, b, chromedp.Text(css(`#webhook-secret`)))
	require.NotEqual(t, first, rotated)
	require.Equal(t, secretOf(), rotated)

	b.run(t, chromedp.SetValue(css(`#env`), "dev"))
	b.reloadAfter(t, chromedp.Submit(css(`#env`)), `p.notice`)
	// The delivery is sent by a worker: reload the log until it has ended
	// (bounded; the bound is a guard, not a speed check).
	findRow := `(() => { const row = Array.from(document.querySelectorAll('tbody tr'))
		.find(tr => tr.querySelector('td').textContent.trim().startsWith('webhook.test'));
		if (!row) return ''; row.setAttribute('data-test-row', '1');
		return row.querySelector('.status').textContent + ' ' + row.querySelector('input[name=delivery]').value; })()`
	var status, id string
	for i := 0; i < 120 && status != "succeeded"; i++ {
		if i > 0 {
			b.run(t, chromedp.Sleep(500*time.Millisecond))
		}
		b.run(t, chromedp.Navigate(s.URL+"/console/webhooks"), chromedp.WaitVisible(css(`#webhook_dev`)))
		status, id, _ = strings.Cut(get(t, b, chromedp.Evaluate[string](findRow)), " ")
	}
	require.Equal(t, "succeeded", status)
	require.Equal(t, 1, hooks.got(id))
	b.reloadAfter(t, chromedp.Click(css(`tr[data-test-row] form[action="/console/webhooks/redeliver"] button`)), `p.notice`)
	require.Contains(t, get(t, b, chromedp.Text(css(`p.notice`))), "Redelivered: succeeded")
	require.Equal(t, 2, hooks.got(id))
	get(t, b, chromedp.Evaluate[string](findRow))
	require.Contains(t, get(t, b, chromedp.Text(css(`tr[data-test-row] summary`))), "2 attempt")
	b.screenshot(t, dir, "webhooks-redelivered")
}

// accountTasks cancels the account (after the confirmation the console
// asks for), checks that live keys stop working and cannot be created, and
// reactivates it with the interface's rules: not while the final invoice
// is open, and the old keys stay off.
func accountTasks(t *testing.T, b *browser, s *st.Server, email, live, liveJob, dir string) {
	t.Helper()
	cancel := css(`form[action="/console/account/status"] button`)
	b.run(t, chromedp.Navigate(s.URL+"/console/account"), chromedp.WaitVisible(cancel))
	b.reloadAfter(t, chromedp.Click(cancel), `#confirm-error`)
	b.expectRefusals(t, 1)
	require.Equal(t, "active", get(t, b, chromedp.Text(css(`dl .status`))))
	b.run(t, chromedp.Click(css(`#confirm`)))
	b.reloadAfter(t, chromedp.Click(cancel), `p.notice`)
	require.Equal(t, "cancelled", get(t, b, chromedp.Text(css(`dl .status`))))
	require.Equal(t, http.StatusUnauthorized, s.Do(t, "GET", "/v1/status/"+liveJob, nil, st.APIKey(live)).Status)
	b.screenshot(t, dir, "account-cancelled")

	b.run(t, chromedp.Navigate(s.URL+"/console/keys"), chromedp.WaitVisible(css(`#key_type`)), chromedp.SetValue(css(`#key_type`), "live"))
	b.reloadAfter(t, chromedp.Submit(css(`#key_type`)), `p.alert, #key_type-error`)
	b.expectRefusals(t, 1)
	require.Zero(t, count(t, b, `#new-key`))

	// Cancelling issued the final invoice for the live job: while it is
	// open, reactivation is refused with the API's message.
	b.run(t, chromedp.Navigate(s.URL+"/console/account"), chromedp.WaitVisible(cancel))
	require.Equal(t, "Reactivate account", get(t, b, chromedp.Text(cancel)))
	b.reloadAfter(t, chromedp.Click(cancel), `p.alert`)
	require.Contains(t, get(t, b, chromedp.Text(css(`p.alert`))), "unpaid invoices")
	b.expectRefusals(t, 1)
	require.Equal(t, "cancelled", get(t, b, chromedp.Text(css(`dl .status`))))
	out, err := s.DB.Admin("invoice", "pay", "--email", email)
	require.NoError(t, err, out)
	b.reloadAfter(t, chromedp.Click(cancel), `p.notice`)
	require.Equal(t, "inactive", get(t, b, chromedp.Text(css(`dl .status`))))
	require.Equal(t, http.StatusUnauthorized, s.Do(t, "GET", "/v1/status/"+liveJob, nil, st.APIKey(live)).Status)
}
