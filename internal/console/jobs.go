package console

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/notegen/notegen/internal/job"
)

type jobsData struct {
	Page   job.SummaryPage
	Status string
	Type   string
}

// jobs lists the owner's jobs with the service behind GET /v1/user/jobs,
// with its filters and cursor.
func (c *Console) jobs(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	f := job.ListFilter{Cursor: q.Get("cursor"), Status: q.Get("status"), KeyType: q.Get("key_type")}
	v := view{Title: "Jobs", Nav: "jobs"}
	page, err := c.Jobs.ListOwned(r.Context(), sessionFrom(r.Context()).UserID, f)
	status := http.StatusOK
	if err != nil {
		status = c.formError(r, &v, err)
	}
	v.Data = jobsData{Page: page, Status: f.Status, Type: f.KeyType}
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
	c.render(w, r, http.StatusOK, "job", view{Title: "Job " + jv.JobID, Nav: "jobs", Data: jobData{OwnerView: jv, Sections: sections(jv)}})
	return nil
}

// jobData is the job page's data: the job and its note laid out by section.
type jobData struct {
	job.OwnerView
	Sections []noteSection
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
	// Segments lists the supporting segments' ids, space-separated, for
	// the page's script to highlight; empty when the transcript does not
	// support the sentence.
	Segments string
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
			seen := map[int]bool{}
			var ids []string
			for _, sp := range e.Spans {
				if !seen[sp.Segment] {
					seen[sp.Segment] = true
					ids = append(ids, strconv.Itoa(sp.Segment))
				}
			}
			ns.Sentences = append(ns.Sentences, noteSentence{Text: e.Sentence, Segments: strings.Join(ids, " ")})
		}
		out = append(out, ns)
	}
	return out
}
