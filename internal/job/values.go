package job

import (
	"slices"

	nt "github.com/notegen/notegen/internal/notetemplate"
)

// FieldValues lists, by wire field name, the values that the job fields of
// a submission accept, for the API's documentation. Validate checks the
// same lists.
func FieldValues() map[string][]string {
	return map[string][]string{
		"template":            nt.IDs(),
		"visit_type":          slices.Clone(visitTypes),
		"recording_type":      slices.Clone(recordingTypes),
		"lang":                slices.Clone(languages),
		"output_language":     slices.Clone(languages),
		"documentation_style": slices.Clone(styles),
		"webhook_env":         slices.Clone(webhookEnvs),
	}
}
