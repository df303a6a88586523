package pipeline

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"path"
	"sort"
	"unicode/utf8"

	"github.com/google/uuid"

	"github.com/notegen/notegen/internal/apikey"
	"github.com/notegen/notegen/internal/apperr"
	"github.com/notegen/notegen/internal/audio"
	"github.com/notegen/notegen/internal/job"
	"github.com/notegen/notegen/internal/upload"
)

// Upload receives the audio of a pending job, whole (cr nil) or as one
// range of a resumable upload. The caller has checked the upload URL's
// signature. The body streams to storage; it is never held in memory. The
// job is queued once every byte has arrived; complete reports that.
func (s *Service) Upload(ctx context.Context, jobID string, cr *upload.Range, body io.Reader) (res job.UploadResult, complete bool, err error) {
	plan, err := s.jobs.PlanUpload(ctx, jobID, cr)
	if err != nil {
		return job.UploadResult{}, false, err
	}
	if plan.Query {
		return plan.Received, false, nil
	}
	src := bufio.NewReaderSize(body, audio.SniffLen)
	if plan.Start == 0 {
		// The first bytes say what the audio is: a file that is not the
		// format its job named is refused before it is stored.
		head, _ := src.Peek(audio.SniffLen)
		if len(head) == 0 {
			return job.UploadResult{}, false, apperr.Invalid("file", "The audio file is empty")
		}
		if !audio.Matches(plan.Job.Spec.FileExtension, head) {
			return job.UploadResult{}, false, apperr.Invalid("file", "The file is not %s audio", plan.Job.Spec.FileExtension)
		}
	}
	// One byte past the limit tells an oversized body from an exact one.
	written, err := s.blobs.WriteRange(ctx, jobID, plan.Start, src, plan.Limit+1)
	if err != nil {
		return job.UploadResult{}, false, fmt.Errorf("store audio: %w", err)
	}
	if written > plan.Limit {
		_ = s.blobs.Delete(ctx, jobID)
		if !plan.Whole {
			return job.UploadResult{}, false, apperr.Invalid("Content-Range", "The body is longer than its Content-Range")
		}
		return job.UploadResult{}, false, apperr.New(apperr.PayloadTooLarge, "Audio must be at most %d MiB", job.MaxAudioBytes>>20)
	}
	if !plan.Whole && written != plan.Limit {
		return job.UploadResult{}, false, apperr.Invalid("Content-Range", "The body is %d bytes, shorter than its Content-Range", written)
	}
	if plan.Start == 0 && written == 0 {
		return job.UploadResult{}, false, apperr.Invalid("file", "The audio file is empty")
	}
	return s.jobs.RecordUpload(ctx, plan, written)
}

// maxFormField bounds one job field of a one-shot upload.
const maxFormField = 64 << 10

// FormPart is one part of a one-shot upload, read in order: a job field
// named by FormName, or the audio as the part named "file".
type FormPart interface {
	io.Reader
	FormName() string
	// FileName is the name the client gave the file, "" for a field.
	FileName() string
}

// Form yields the parts of a one-shot upload in the order they arrive and
// io.EOF after the last; the HTTP edge reads them from a multipart body.
type Form interface {
	NextPart() (FormPart, error)
}

// SubmitMultipart creates an audio job from a one-shot upload: job fields
// as form fields and the audio as part "file". The file streams to storage
// as it arrives, so the job's id is chosen before its fields are known;
// audio stored for a submission that is refused or replayed is deleted.
func (s *Service) SubmitMultipart(ctx context.Context, c apikey.Caller, mr Form, idemKey string) (sub job.Submitted, err error) {
	if err := s.jobs.CheckAudioAllowed(c); err != nil {
		return job.Submitted{}, err
	}
	id := uuid.Must(uuid.NewV7()).String()
	fields := map[string]string{}
	var size int64
	var head []byte
	var filename string
	fileHash := sha256.New()
	stored := false
	defer func() {
		if err != nil && stored {
			_ = s.blobs.Delete(context.WithoutCancel(ctx), id)
		}
	}()
	for {
		part, perr := mr.NextPart()
		if errors.Is(perr, io.EOF) {
			break
		}
		if perr != nil {
			return job.Submitted{}, apperr.New(apperr.BadRequest, "Malformed multipart body")
		}
		name := part.FormName()
		if name != "file" {
			value, rerr := io.ReadAll(io.LimitReader(part, maxFormField+1))
			if rerr != nil || len(value) > maxFormField {
				return job.Submitted{}, apperr.Invalid(name, "form field %s is too long or unreadable", name)
			}
			// The contract's input rules, as the HTTP edge applies them to
			// JSON bodies: PostgreSQL would refuse these bytes mid-write.
			if !utf8.Valid(value) || bytes.IndexByte(value, 0) >= 0 {
				return job.Submitted{}, apperr.Invalid(name, "%s must be valid UTF-8 without NUL characters", name)
			}
			fields[name] = string(value)
			continue
		}
		if stored {
			return job.Submitted{}, apperr.Invalid("file", "Send one file per job")
		}
		filename = part.FileName()
		sniffer := &headRecorder{limit: audio.SniffLen}
		n, werr := s.blobs.WriteRange(ctx, id, 0, io.TeeReader(part, io.MultiWriter(sniffer, fileHash)), job.MaxAudioBytes+1)
		stored = true
		if werr != nil {
			return job.Submitted{}, fmt.Errorf("store audio: %w", werr)
		}
		if n > job.MaxAudioBytes {
			return job.Submitted{}, apperr.New(apperr.PayloadTooLarge, "Audio must be at most %d MiB", job.MaxAudioBytes>>20)
		}
		size, head = n, sniffer.buf
	}
	if !stored {
		return job.Submitted{}, apperr.Invalid("file", "The audio is required as form part \"file\"")
	}
	if size == 0 {
		return job.Submitted{}, apperr.Invalid("file", "The audio file is empty")
	}
	spec, err := job.SpecFromForm(fields)
	if err != nil {
		return job.Submitted{}, err
	}
	if spec.FileExtension == "" {
		spec.FileExtension = path.Ext(filename)
	}
	if err := spec.Validate(true); err != nil {
		return job.Submitted{}, err
	}
	if spec.FileExtension == "" {
		return job.Submitted{}, apperr.Invalid("file_extension", "file_extension is required (or a file name with an extension)")
	}
	if !audio.Matches(spec.FileExtension, head) {
		return job.Submitted{}, apperr.Invalid("file", "The file is not %s audio", spec.FileExtension)
	}
	idem, err := job.NewIdempotency(idemKey, "process-audio", formDigest(fields), fileHash.Sum(nil))
	if err != nil {
		return job.Submitted{}, err
	}
	sub, replayed, err := s.jobs.SubmitUploaded(ctx, c, id, spec, size, idem)
	if replayed {
		// The first request's job has its own audio; this copy is unused.
		_ = s.blobs.Delete(ctx, id)
	}
	return sub, err
}

// formDigest hashes a one-shot upload's fields in a fixed order, so that
// the same fields sent in another order are the same request.
func formDigest(f map[string]string) []byte {
	keys := make([]string, 0, len(f))
	for k := range f {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	h := sha256.New()
	for _, k := range keys {
		fmt.Fprintf(h, "%s=%q;", k, f[k])
	}
	return h.Sum(nil)
}

// headRecorder keeps the first bytes written to it, for sniffing.
type headRecorder struct {
	buf   []byte
	limit int
}

// Write implements io.Writer, keeping what fits under the limit and
// accepting the rest, so the copy to storage is never cut short.
func (h *headRecorder) Write(p []byte) (int, error) {
	if room := h.limit - len(h.buf); room > 0 {
		h.buf = append(h.buf, p[:min(room, len(p))]...)
	}
	return len(p), nil
}
