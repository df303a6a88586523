package httpapi

import (
	"fmt"
	"mime"
	"mime/multipart"
	"net/http"
	"strconv"
	"time"

	"github.com/notegen/notegen"
	"github.com/notegen/notegen/internal/apperr"
	"github.com/notegen/notegen/internal/fhir"
	"github.com/notegen/notegen/internal/job"
	"github.com/notegen/notegen/internal/pipeline"
	"github.com/notegen/notegen/internal/store"
)

// writeSubmission answers a submission as the wire type notegen.Job; a
// replayed submission answers the same value, rebuilt from its job.
func (s *Server) writeSubmission(w http.ResponseWriter, sub job.Submitted) error {
	return s.json(w, http.StatusOK, wireSubmitted(sub))
}

func (s *Server) processText(w http.ResponseWriter, r *http.Request) error {
	req, idem, err := readSubmission[notegen.TextJobRequest](w, r, "process-text")
	if err != nil {
		return err
	}
	resp, err := s.Jobs.SubmitText(r.Context(), caller(r.Context()), specOf(req.JobOptions, ""), req.Text, idem)
	if err != nil {
		return err
	}
	return s.writeSubmission(w, resp)
}

// multipartForm reads a one-shot upload's parts from its multipart body.
type multipartForm struct{ r *multipart.Reader }

// NextPart returns the next part, or io.EOF after the last.
func (f multipartForm) NextPart() (pipeline.FormPart, error) {
	p, err := f.r.NextPart()
	if err != nil {
		return nil, err
	}
	return p, nil
}

func (s *Server) processAudio(w http.ResponseWriter, r *http.Request) error {
	mediaType, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if mediaType == "multipart/form-data" {
		r.Body = http.MaxBytesReader(w, r.Body, job.MaxAudioBytes+MaxJSONBody)
		mr, err := r.MultipartReader()
		if err != nil {
			return apperr.New(apperr.BadRequest, "Malformed multipart body")
		}
		resp, err := s.Pipeline.SubmitMultipart(r.Context(), caller(r.Context()), multipartForm{mr}, r.Header.Get("Idempotency-Key"))
		if err != nil {
			return err
		}
		return s.writeSubmission(w, resp)
	}
	req, idem, err := readSubmission[notegen.AudioJobRequest](w, r, "process-audio")
	if err != nil {
		return err
	}
	resp, err := s.Jobs.SubmitAudio(r.Context(), caller(r.Context()), specOf(req.JobOptions, req.FileExtension), idem)
	if err != nil {
		return err
	}
	return s.writeSubmission(w, resp)
}

func (s *Server) upload(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	if r.ContentLength > job.MaxAudioBytes {
		return apperr.New(apperr.PayloadTooLarge, "Audio must be at most %d MiB", job.MaxAudioBytes>>20)
	}
	jobID := r.PathValue("job_id")
	if err := s.Uploads.Verify(jobID, q.Get("expires"), q.Get("signature"), store.Now()); err != nil {
		return err
	}
	cr, err := parseContentRange(r.Header.Get("Content-Range"))
	if err != nil {
		return err
	}
	res, complete, err := s.Pipeline.Upload(r.Context(), jobID, cr, r.Body)
	if err != nil {
		return err
	}
	if complete {
		return s.json(w, http.StatusOK, wireUpload(res))
	}
	if res.BytesReceived > 0 {
		w.Header().Set("Range", "bytes=0-"+strconv.FormatInt(res.BytesReceived-1, 10))
	}
	return s.json(w, http.StatusAccepted, wireUpload(res))
}

func (s *Server) regenerateNote(w http.ResponseWriter, r *http.Request) error {
	req, idem, err := readSubmission[notegen.RegenerateRequest](w, r, "regenerate-note")
	if err != nil {
		return err
	}
	resp, err := s.Jobs.Regenerate(r.Context(), caller(r.Context()), regenerateOf(req), idem)
	if err != nil {
		return err
	}
	return s.writeSubmission(w, resp)
}

// jobStatus answers at once, or with ?wait= as soon as the status changes
// (a long poll), so clients learn of the end of a job without polling.
func (s *Server) jobStatus(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	var wait time.Duration
	if q.Has("wait") {
		n, err := strconv.Atoi(q.Get("wait"))
		if err != nil || n < 0 || n > int(job.MaxWait.Seconds()) {
			return apperr.Invalid("wait", "wait must be a whole number of seconds from 0 to %d", int(job.MaxWait.Seconds()))
		}
		wait = time.Duration(n) * time.Second
	}
	var seen job.Status
	if q.Has("status") {
		var err error
		if seen, err = job.ParseStatus("status", q.Get("status")); err != nil {
			return err
		}
	}
	v, err := s.Jobs.WaitStatus(r.Context(), caller(r.Context()), r.PathValue("job_id"), wait, seen)
	if err != nil {
		return err
	}
	s.writeJobStatus(w, wireJobStatus(v))
	return nil
}

func (s *Server) fetchNote(w http.ResponseWriter, r *http.Request) error {
	format := r.URL.Query().Get("format")
	if format != "" && format != "json" && format != "fhir" {
		return apperr.Invalid("format", "format must be json or fhir")
	}
	v, err := s.Jobs.FetchNote(r.Context(), caller(r.Context()), r.PathValue("job_id"))
	if err != nil || format != "fhir" {
		return answerSecret(s, w, http.StatusOK, v, err, wireNote)
	}
	return s.fhirNote(w, v)
}

// fhirNote answers with the note as a FHIR R4 document Bundle, built from
// the sections and facts stored with the note.
func (s *Server) fhirNote(w http.ResponseWriter, v job.NoteView) error {
	body, err := FHIRBundle(v, s.Version)
	if err != nil {
		return err
	}
	w.Header().Set("Content-Type", fhir.ContentType)
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	_, err = w.Write(body)
	return err
}

func (s *Server) fetchTranscript(w http.ResponseWriter, r *http.Request) error {
	v, err := s.Jobs.FetchTranscript(r.Context(), caller(r.Context()), r.PathValue("job_id"))
	return answerSecret(s, w, http.StatusOK, v, err, wireTranscript)
}

func (s *Server) usage(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	report, err := s.Billing.Usage(r.Context(), ownerID(r), q.Get("start_month"), q.Get("end_month"))
	return answer(s, w, http.StatusOK, report, err, wireUsage)
}

// FHIRBundle is a completed job's note as the FHIR R4 document Bundle that
// fetch-note answers with format=fhir; the console's download uses it too,
// so both serve the same document. version names the notegen build in the
// Composition's author.
func FHIRBundle(v job.NoteView, version string) ([]byte, error) {
	n := fhir.Note{JobID: v.JobID, Template: v.Template, Title: v.NoteTitle, Lang: v.Lang, Created: v.Timestamp,
		Version: version, PatientID: v.PatientID, Facts: v.Detail.Facts}
	for _, sec := range v.Detail.Sections {
		n.Sections = append(n.Sections, fhir.NoteSection{Key: sec.Key, Title: sec.Title, Text: sec.Text})
	}
	body, err := fhir.Marshal(n)
	if err != nil {
		return nil, fmt.Errorf("FHIR bundle of job %s: %w", v.JobID, err)
	}
	return body, nil
}
