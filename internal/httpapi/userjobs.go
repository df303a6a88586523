package httpapi

import (
	"net/http"
	"strconv"

	"github.com/notegen/notegen"
	"github.com/notegen/notegen/internal/apperr"
	"github.com/notegen/notegen/internal/job"
	"github.com/notegen/notegen/internal/transcript"
)

// listJobs is the owner's list of jobs, for the console and for support:
// job settings and outcomes, never patient text.
func (s *Server) listJobs(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	f := job.ListFilter{Cursor: q.Get("cursor"), Status: q.Get("status"), KeyType: q.Get("key_type")}
	if q.Has("limit") {
		n, err := strconv.Atoi(q.Get("limit"))
		if err != nil || n < 1 || n > job.MaxListLimit {
			return apperr.Invalid("limit", "limit must be between 1 and %d", job.MaxListLimit)
		}
		f.Limit = n
	}
	if q.Has("status") && f.Status == "" {
		return apperr.Invalid("status", "status must not be empty")
	}
	if q.Has("key_type") && f.KeyType == "" {
		return apperr.Invalid("key_type", "key_type must be one of sandbox, live")
	}
	page, err := s.Jobs.ListOwned(r.Context(), principal(r.Context()).UserID, f)
	if err != nil {
		return err
	}
	return s.json(w, http.StatusOK, wireJobPage(page))
}

// viewJob shows the owner one job with its note and transcript; the job
// service records each read in the audit log.
func (s *Server) viewJob(w http.ResponseWriter, r *http.Request) error {
	v, err := s.Jobs.ViewOwned(r.Context(), principal(r.Context()).UserID, r.PathValue("job_id"))
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-store")
	return s.json(w, http.StatusOK, notegen.JobDetail{Note: wireNote(v.NoteView), Transcript: v.Transcript,
		Segments: wireSegments(v.Segments)})
}

func wireJobPage(p job.SummaryPage) notegen.JobPage {
	out := notegen.JobPage{Jobs: mapSlice(p.Jobs, func(j job.Summary) notegen.JobSummary {
		w := notegen.JobSummary{JobID: j.JobID, Status: string(j.Status), Template: j.Template, VisitType: j.VisitType,
			RecordingType: j.RecordingType, Lang: j.Lang, IsSandbox: j.IsSandbox, APIKey: j.APIKey, CreatedAt: j.CreatedAt,
			UpdatedAt: j.UpdatedAt, DurationSeconds: j.DurationSeconds}
		if j.SourceJobID != "" {
			w.SourceJobID = &j.SourceJobID
		}
		if j.Status == job.Failed {
			w.Error = &notegen.JobFailure{Code: j.ErrorCode, Message: j.ErrorMessage}
		}
		return w
	})}
	if p.NextCursor != "" {
		out.NextCursor = &p.NextCursor
	}
	return out
}

func wireSegment(s transcript.Segment) notegen.Segment {
	return notegen.Segment{ID: s.ID, Speaker: string(s.Speaker), StartTime: s.Start, EndTime: s.End, Text: s.Text}
}
