package console

import (
	"net/http"

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
	c.render(w, r, http.StatusOK, "job", view{Title: "Job " + jv.JobID, Nav: "jobs", Data: jv})
	return nil
}
