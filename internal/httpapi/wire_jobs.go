package httpapi

import (
	"github.com/notegen/notegen"
	"github.com/notegen/notegen/internal/job"
)

// specOf maps the wire's job fields to the job service's description of a
// job. A consent of false and an absent one mean the same: no consent.
func specOf(o notegen.JobOptions, fileExtension string) job.Spec {
	spec := job.Spec{Template: o.Template, VisitType: o.VisitType, RecordingType: o.RecordingType, Lang: o.Lang,
		OutputLanguage: o.OutputLanguage, DocumentationStyle: o.DocumentationStyle, Custom: customOf(o.Custom),
		CustomMetadata: o.CustomMetadata, WebhookEnv: o.WebhookEnv, FileExtension: fileExtension}
	if o.PatientConsent {
		spec.PatientConsent = &o.PatientConsent
	}
	return spec
}

func customOf(c *notegen.CustomTemplate) *job.Custom {
	if c == nil {
		return nil
	}
	return &job.Custom{Context: c.Context, Template: c.Template}
}

func regenerateOf(r notegen.RegenerateRequest) job.RegenerateRequest {
	return job.RegenerateRequest{JobID: r.JobID, Template: r.Template, OutputLanguage: r.OutputLanguage,
		DocumentationStyle: r.DocumentationStyle, Custom: customOf(r.Custom), CustomMetadata: r.CustomMetadata}
}

func wireSubmitted(s job.Submitted) notegen.Job {
	return notegen.Job{JobID: s.JobID, PresignedURL: s.PresignedURL, Status: string(s.Status)}
}

func wireUpload(u job.UploadResult) notegen.UploadResult {
	return notegen.UploadResult{JobID: u.JobID, Status: string(u.Status), BytesReceived: u.BytesReceived}
}

func wireJobStatus(v job.StatusView) notegen.JobStatus {
	return notegen.JobStatus{JobID: v.JobID, Status: string(v.Status), Message: v.Message, Progress: v.Progress,
		CreatedAt: v.CreatedAt, UpdatedAt: v.UpdatedAt, SourceJobID: v.SourceJobID}
}

func wireNote(v job.NoteView) notegen.Note {
	return notegen.Note{JobID: v.JobID, Status: string(v.Status), Note: v.Note, NoteTitle: v.NoteTitle, Lang: v.Lang,
		OutputLanguage: v.OutputLanguage, RecordingType: v.RecordingType, VisitType: v.VisitType, Template: v.Template,
		IsSandbox: v.IsSandbox, Timestamp: v.Timestamp, TTL: v.TTL, SourceJobID: v.SourceJobID,
		Sections: wireSections(v.Detail.Sections), Evidence: wireEvidence(v.Detail.Evidence), Facts: wireFacts(v.Detail.Facts)}
}

func wireTranscript(v job.TranscriptView) notegen.Transcript {
	return notegen.Transcript{JobID: v.JobID, Transcript: v.Transcript, Segments: wireSegments(v.Segments)}
}
