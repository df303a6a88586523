// Package job keeps note-generation jobs: their states and the rules
// between them, submissions (text, audio, live streams) with idempotent
// replay, billing of live jobs, status and results, regeneration, and
// retention of patient data, over the jobs and idempotency_keys tables it
// owns. It runs nothing: internal/pipeline (the queue's workers, audio,
// providers, blob storage) does, and calls it for every change it stores.
package job

import (
	"bytes"
	"encoding/json"
	"strings"
	"unicode/utf8"

	"github.com/notegen/notegen/internal/apperr"
	nt "github.com/notegen/notegen/internal/notetemplate"
	"github.com/notegen/notegen/internal/upload"
)

// Limits on free-text job fields, in characters.
const (
	MaxCustomLength         = 20_000
	MaxCustomMetadataLength = 4_096
)

// Custom is a custom template and free context from the clinician.
type Custom struct {
	Context  string `json:"context"`
	Template string `json:"template"`
}

// Spec is the client's description of a job: the job fields of the wire
// contract. Pointers distinguish absent from empty.
type Spec struct {
	Template           string
	VisitType          string
	RecordingType      string
	Lang               string
	OutputLanguage     string
	PatientConsent     *bool
	DocumentationStyle string
	Custom             *Custom
	CustomMetadata     json.RawMessage
	WebhookEnv         string
	FileExtension      string
}

var (
	visitTypes     = []string{"initialEncounter", "followUp"}
	recordingTypes = []string{"dictation", "conversation"}
	languages      = []string{"en", "fr"}
	styles         = []string{"soap", "problemBased"}
	webhookEnvs    = []string{"dev", "prod"}
)

func oneOf(field, value string, allowed []string) error {
	for _, a := range allowed {
		if value == a {
			return nil
		}
	}
	return apperr.Invalid(field, "%s must be one of %s", field, strings.Join(allowed, ", "))
}

// Validate checks every field and fills defaults: lang "en", output
// language = lang, style "soap". audio says whether the job is an audio
// job, whose file extension is checked when given.
func (s *Spec) Validate(isAudio bool) error {
	if s.Template == "" {
		return apperr.Invalid("template", "template is required")
	}
	if _, ok := nt.Lookup(s.Template); !ok {
		return apperr.Invalid("template", "template must be one of %s", strings.Join(nt.IDs(), ", "))
	}
	optionalKinds := s.Template == "wfw" || s.Template == "smartInsert"
	if s.VisitType == "" && !optionalKinds {
		return apperr.Invalid("visit_type", "visit_type is required for the %s template", s.Template)
	}
	if s.VisitType != "" {
		if err := oneOf("visit_type", s.VisitType, visitTypes); err != nil {
			return err
		}
	}
	if s.RecordingType == "" && !optionalKinds {
		return apperr.Invalid("recording_type", "recording_type is required for the %s template", s.Template)
	}
	if s.RecordingType != "" {
		if err := oneOf("recording_type", s.RecordingType, recordingTypes); err != nil {
			return err
		}
	}
	if s.Lang == "" {
		s.Lang = "en"
	}
	if err := oneOf("lang", s.Lang, languages); err != nil {
		return err
	}
	if s.OutputLanguage == "" {
		s.OutputLanguage = s.Lang
	}
	if err := oneOf("output_language", s.OutputLanguage, languages); err != nil {
		return err
	}
	if s.RecordingType == "conversation" && (s.PatientConsent == nil || !*s.PatientConsent) {
		return apperr.Invalid("patient_consent", "patient_consent must be true to record a conversation")
	}
	if s.DocumentationStyle == "" {
		s.DocumentationStyle = "soap"
	}
	if err := oneOf("documentation_style", s.DocumentationStyle, styles); err != nil {
		return err
	}
	if s.Custom != nil {
		if utf8.RuneCountInString(s.Custom.Context) > MaxCustomLength || utf8.RuneCountInString(s.Custom.Template) > MaxCustomLength {
			return apperr.Invalid("custom", "custom.context and custom.template must each be at most %d characters", MaxCustomLength)
		}
	}
	if err := s.validateMetadata(); err != nil {
		return err
	}
	if s.WebhookEnv != "" {
		if err := oneOf("webhook_env", s.WebhookEnv, webhookEnvs); err != nil {
			return err
		}
	}
	if isAudio && s.FileExtension != "" {
		ext, ok := upload.NormalizeExtension(s.FileExtension)
		if !ok {
			return apperr.Invalid("file_extension", "file_extension must be one of %s", strings.Join(upload.Extensions, ", "))
		}
		s.FileExtension = ext
	}
	return nil
}

func (s *Spec) validateMetadata() error {
	raw := bytes.TrimSpace(s.CustomMetadata)
	if len(raw) == 0 || string(raw) == "null" {
		s.CustomMetadata = json.RawMessage("{}")
		return nil
	}
	if raw[0] != '{' {
		return apperr.Invalid("custom_metadata", "custom_metadata must be an object")
	}
	var probe map[string]any
	if err := json.Unmarshal(raw, &probe); err != nil {
		return apperr.Invalid("custom_metadata", "custom_metadata must be an object")
	}
	if len(raw) > MaxCustomMetadataLength {
		return apperr.Invalid("custom_metadata", "custom_metadata must be at most %d bytes of JSON", MaxCustomMetadataLength)
	}
	compact := &bytes.Buffer{}
	_ = json.Compact(compact, raw)
	s.CustomMetadata = compact.Bytes()
	return nil
}

// customOrEmpty returns the custom fields, empty when absent.
func (s *Spec) customOrEmpty() Custom {
	if s.Custom == nil {
		return Custom{}
	}
	return *s.Custom
}
