package console

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/notegen/notegen/internal/apperr"
	"github.com/notegen/notegen/internal/fhir"
	"github.com/notegen/notegen/internal/job"
)

type jobsData struct {
	Page   job.SummaryPage
	Status string
	Type   string
	// Limit is the page size asked for, empty for the service's default.
	Limit string
}

// jobs lists the owner's jobs with the service behind GET /v1/user/jobs,
// with its filters and cursor.
func (c *Console) jobs(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	f := job.ListFilter{Cursor: q.Get("cursor"), Status: q.Get("status"), KeyType: q.Get("key_type")}
	v := view{Title: "Jobs", Nav: "jobs"}
	status := http.StatusOK
	if q.Get("limit") != "" {
		// The service checks the range; a word is refused with its message.
		n, err := strconv.Atoi(q.Get("limit"))
		if err != nil {
			n = -1
		}
		f.Limit = n
	}
	page, err := c.Jobs.ListOwned(r.Context(), sessionFrom(r.Context()).UserID, f)
	if err != nil {
		status = c.formError(r, &v, err, "status", "key_type", "limit", "cursor")
	}
	limit := ""
	if f.Limit != 0 {
		limit = strconv.Itoa(f.Limit)
	}
	v.Data = jobsData{Page: page, Status: f.Status, Type: f.KeyType, Limit: limit}
	c.render(w, r, status, "jobs", v)
	return nil
}

// job shows one job with its note's sections and the transcript with
// speakers, read through the service behind GET /v1/user/jobs/{id}, which
// records the read in the audit log.
func (c *Console) job(w http.ResponseWriter, r *http.Request) error {
	jv, err := c.Jobs.ViewOwned(r.Context(), sessionFrom(r.Context()).UserID, r.PathValue("job_id"))
	if err != nil {
		return err
	}
	c.render(w, r, http.StatusOK, "job", view{Title: "Job " + jv.JobID, Nav: "jobs", Data: jobData{OwnerView: jv, Sections: sections(jv),
		Completed: jv.Status == job.Completed}})
	return nil
}

// jobFHIR downloads a completed job's note as the FHIR R4 document Bundle
// that GET /v1/fetch-note/{id}?format=fhir answers with. The read goes
// through the owner's view, so it is recorded in the audit log as well.
func (c *Console) jobFHIR(w http.ResponseWriter, r *http.Request) error {
	jv, err := c.Jobs.ViewOwned(r.Context(), sessionFrom(r.Context()).UserID, r.PathValue("job_id"))
	if err != nil {
		return err
	}
	if jv.Status != job.Completed {
		return apperr.New(apperr.Conflict, "The note is not ready: the job is %s", jv.Status)
	}
	body, err := c.FHIR(jv.NoteView)
	if err != nil {
		return fmt.Errorf("build FHIR bundle of job %s: %w", jv.JobID, err)
	}
	h := w.Header()
	h.Set("Content-Type", fhir.ContentType)
	h.Set("Content-Disposition", `attachment; filename="note-`+jv.JobID+`.fhir.json"`)
	h.Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	_, err = w.Write(body)
	return err
}

// jobData is the job page's data: the job and its note laid out by section.
type jobData struct {
	job.OwnerView
	Sections []noteSection
	// Completed offers the FHIR download, which only a written note has.
	Completed bool
}

// noteSection is one section of the note as the job page shows it: its
// sentences with the transcript segments that support each.
type noteSection struct {
	Title     string
	Text      string
	Sentences []noteSentence
}

type noteSentence struct {
	Text string
	// Spans lists the supporting spans as segment:start:end (code-point
	// offsets into the segment's text, end exclusive), space-separated,
	// for the page's script to highlight; empty when the transcript does
	// not support the sentence.
	Spans string
}

// sections pairs each section with its evidence sentences, in the note's
// order; a section without evidence shows its text.
func sections(v job.OwnerView) []noteSection {
	out := make([]noteSection, 0, len(v.Detail.Sections))
	for _, s := range v.Detail.Sections {
		ns := noteSection{Title: s.Title, Text: s.Text}
		for _, e := range v.Detail.Evidence {
			if e.Section != s.Key {
				continue
			}
			spans := make([]string, 0, len(e.Spans))
			for _, sp := range e.Spans {
				spans = append(spans, fmt.Sprintf("%d:%d:%d", sp.Segment, sp.Start, sp.End))
			}
			ns.Sentences = append(ns.Sentences, noteSentence{Text: e.Sentence, Spans: strings.Join(spans, " ")})
		}
		out = append(out, ns)
	}
	return out
}
