package notetemplate

import (
	"strings"
	"unicode"
)

// wireKeyExceptions are the keys whose wire name is not their plain
// snake_case spelling: the contract's examples name the examination
// sections "physical_exam" and "mental_status_exam".
var wireKeyExceptions = map[string]string{
	KeyPhysicalExam:     "physical_exam",
	KeyMentalStatusExam: "mental_status_exam",
}

// WireKey is a section key as the API names it (fetch-note's sections and
// evidence): snake_case, so "historyOfPresentIllness" is
// "history_of_present_illness" and a custom heading "custom:Care team" is
// "custom_care_team". It is the one place the two spellings meet.
func WireKey(key string) string {
	if w, ok := wireKeyExceptions[key]; ok {
		return w
	}
	var b strings.Builder
	underscore := func() {
		if b.Len() > 0 && !strings.HasSuffix(b.String(), "_") {
			b.WriteByte('_')
		}
	}
	for _, r := range key {
		switch {
		case unicode.IsUpper(r):
			underscore()
			b.WriteRune(unicode.ToLower(r))
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(unicode.ToLower(r))
		default:
			underscore()
		}
	}
	return strings.TrimSuffix(b.String(), "_")
}
