package job

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"path"
	"sort"
	"strconv"
	"unicode/utf8"

	"github.com/google/uuid"

	"github.com/notegen/notegen/internal/apikey"
	"github.com/notegen/notegen/internal/apperr"
	"github.com/notegen/notegen/internal/audio"
	"github.com/notegen/notegen/internal/store"
)

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
// as it arrives.
func (s *Service) SubmitMultipart(ctx context.Context, c apikey.Caller, mr Form, idemKey string) (sub Submitted, err error) {
	if err := s.checkAudioAllowed(c); err != nil {
		return Submitted{}, err
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
			return Submitted{}, apperr.New(apperr.BadRequest, "Malformed multipart body")
		}
		name := part.FormName()
		if name != "file" {
			value, rerr := io.ReadAll(io.LimitReader(part, maxFormField+1))
			if rerr != nil || len(value) > maxFormField {
				return Submitted{}, apperr.Invalid(name, "form field %s is too long or unreadable", name)
			}
			// The contract's input rules, as the HTTP edge applies them to
			// JSON bodies: PostgreSQL would refuse these bytes mid-write.
			if !utf8.Valid(value) || bytes.IndexByte(value, 0) >= 0 {
				return Submitted{}, apperr.Invalid(name, "%s must be valid UTF-8 without NUL characters", name)
			}
			fields[name] = string(value)
			continue
		}
		if stored {
			return Submitted{}, apperr.Invalid("file", "Send one file per job")
		}
		filename = part.FileName()
		sniffer := &headRecorder{limit: audio.SniffLen}
		n, werr := s.blobs.WriteRange(ctx, id, 0, io.TeeReader(part, io.MultiWriter(sniffer, fileHash)), MaxAudioBytes+1)
		stored = true
		if werr != nil {
			return Submitted{}, fmt.Errorf("store audio: %w", werr)
		}
		if n > MaxAudioBytes {
			return Submitted{}, apperr.New(apperr.PayloadTooLarge, "Audio must be at most %d MiB", MaxAudioBytes>>20)
		}
		size, head = n, sniffer.buf
	}
	if !stored {
		return Submitted{}, apperr.Invalid("file", "The audio is required as form part \"file\"")
	}
	if size == 0 {
		return Submitted{}, apperr.Invalid("file", "The audio file is empty")
	}
	spec, err := specFromForm(fields)
	if err != nil {
		return Submitted{}, err
	}
	if spec.FileExtension == "" {
		spec.FileExtension = path.Ext(filename)
	}
	if err := spec.Validate(true); err != nil {
		return Submitted{}, err
	}
	if spec.FileExtension == "" {
		return Submitted{}, apperr.Invalid("file_extension", "file_extension is required (or a file name with an extension)")
	}
	if !audio.Matches(spec.FileExtension, head) {
		return Submitted{}, apperr.Invalid("file", "The file is not %s audio", spec.FileExtension)
	}
	idem, err := NewIdempotency(idemKey, "process-audio", formDigest(fields), fileHash.Sum(nil))
	if err != nil {
		return Submitted{}, err
	}
	if prior, ok, err := s.replay(ctx, c.KeyID, idem, queuedAnswer); err != nil || ok {
		if ok {
			_ = s.blobs.Delete(ctx, id)
		}
		return prior, err
	}
	return s.insert(ctx, newJob{id: id, caller: c, spec: spec, source: "audio", status: Queued, uploadBytes: size, uploadTotal: size},
		idem, queuedAnswer, store.Now())
}

// specFromForm reads job fields sent as form values; custom and
// custom_metadata are JSON objects in their fields.
func specFromForm(f map[string]string) (Spec, error) {
	s := Spec{
		Template: f["template"], VisitType: f["visit_type"], RecordingType: f["recording_type"], Lang: f["lang"],
		OutputLanguage: f["output_language"], DocumentationStyle: f["documentation_style"], WebhookEnv: f["webhook_env"],
		FileExtension: f["file_extension"],
	}
	if v, ok := f["patient_consent"]; ok && v != "" {
		b, err := strconv.ParseBool(v)
		if err != nil {
			return Spec{}, apperr.Invalid("patient_consent", "patient_consent must be true or false")
		}
		s.PatientConsent = &b
	}
	if v := f["custom"]; v != "" {
		var c Custom
		if err := json.Unmarshal([]byte(v), &c); err != nil {
			return Spec{}, apperr.Invalid("custom", "custom must be a JSON object with context and template strings")
		}
		s.Custom = &c
	}
	if v := f["custom_metadata"]; v != "" {
		s.CustomMetadata = json.RawMessage(v)
	}
	return s, nil
}

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

func (h *headRecorder) Write(p []byte) (int, error) {
	if room := h.limit - len(h.buf); room > 0 {
		h.buf = append(h.buf, p[:min(room, len(p))]...)
	}
	return len(p), nil
}
