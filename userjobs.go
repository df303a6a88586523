package notegen

import (
	"context"
	"net/url"
	"strconv"
	"time"
)

// JobFilter selects the jobs of ListJobs. Empty fields select all.
type JobFilter struct {
	// Limit is 1 to 100; 0 lets the server choose (20).
	Limit int
	// Cursor is the NextCursor of the previous page.
	Cursor string
	// Status is one of the job statuses, e.g. JobCompleted.
	Status string
	// KeyType is "sandbox" or "live".
	KeyType string
}

// JobSummary is one job of the owner's list: what was asked and how it
// went, without patient text.
type JobSummary struct {
	JobID         string `json:"job_id"`
	Status        string `json:"status"`
	Template      string `json:"template"`
	VisitType     string `json:"visit_type"`
	RecordingType string `json:"recording_type"`
	Lang          string `json:"lang"`
	IsSandbox     bool   `json:"is_sandbox"`
	// APIKey is the key that submitted the job, masked.
	APIKey string `json:"api_key"`
	// SourceJobID names the job a regenerated note was written from; nil
	// for other jobs.
	SourceJobID *string   `json:"source_job_id"`
	CreatedAt   time.Time `json:"created_at"`
	UpdatedAt   time.Time `json:"updated_at"`
	// DurationSeconds is the audio's length; nil for text jobs.
	DurationSeconds *float64 `json:"duration_seconds"`
	// Error is set for jobs that ended in error.
	Error *JobFailure `json:"error"`
}

// JobFailure says why a job ended in error.
type JobFailure struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

// JobPage is one page of ListJobs, newest first.
type JobPage struct {
	Jobs []JobSummary `json:"jobs"`
	// NextCursor fetches the next, older page; nil on the last page.
	NextCursor *string `json:"next_cursor"`
}

// Segment is one turn (text jobs) or utterance of a transcript.
type Segment struct {
	ID int `json:"id"`
	// Speaker is clinician, patient, other or unknown.
	Speaker string `json:"speaker"`
	// StartTime and EndTime are seconds into the audio; nil for text.
	StartTime *float64 `json:"start_time"`
	EndTime   *float64 `json:"end_time"`
	Text      string   `json:"text"`
}

// JobDetail is a job as its owner reads it (GetJob): the FetchNote answer
// with the transcript and its segments. Note is empty until the job is
// completed, Transcript until it is transcribed.
type JobDetail struct {
	Note
	Transcript string    `json:"transcript"`
	Segments   []Segment `json:"segments"`
}

// ListJobs lists the account's jobs, sandbox and live, newest first
// (GET /v1/user/jobs).
func (c *Client) ListJobs(ctx context.Context, f JobFilter) (*JobPage, error) {
	q := url.Values{}
	if f.Limit > 0 {
		q.Set("limit", strconv.Itoa(f.Limit))
	}
	for name, v := range map[string]string{"cursor": f.Cursor, "status": f.Status, "key_type": f.KeyType} {
		if v != "" {
			q.Set(name, v)
		}
	}
	return doJSON[JobPage](ctx, c, call{method: "GET", path: "/v1/user/jobs", query: q, auth: authBearer, idempotent: true})
}

// GetJob reads one of the account's jobs with its note and transcript
// (GET /v1/user/jobs/{job_id}). Each read is recorded in the audit log as
// job.viewed.
func (c *Client) GetJob(ctx context.Context, jobID string) (*JobDetail, error) {
	return doJSON[JobDetail](ctx, c, call{method: "GET", path: "/v1/user/jobs/" + pathEscape(jobID), auth: authBearer, idempotent: true})
}
