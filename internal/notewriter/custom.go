package notewriter

import (
	"strings"

	nt "github.com/notegen/notegen/internal/notetemplate"
)

// headingKeys maps words found in a custom heading to the section key whose
// content it should receive. Order matters: "assessment and plan" must win
// over "assessment".
var headingKeys = []struct {
	cues []string
	key  string
}{
	{[]string{"assessment and plan", "assessment & plan", "a/p", "évaluation et plan", "impression et plan"}, nt.KeyAssessmentAndPlan},
	{[]string{"chief complaint", "reason for", "motif", "cc"}, nt.KeyChiefComplaint},
	{[]string{"present illness", "hpi", "subjective", "histoire", "subjectif", "anamnèse"}, nt.KeyHPI},
	{[]string{"review of systems", "ros", "revue des systèmes"}, nt.KeyReviewOfSystems},
	{[]string{"allerg"}, nt.KeyAllergies},
	{[]string{"medication", "médicament", "meds", "traitement actuel"}, nt.KeyMedications},
	{[]string{"surgical", "chirurgic"}, nt.KeyPastSurgicalHistory},
	{[]string{"family", "famil"}, nt.KeyFamilyHistory},
	{[]string{"social", "habitudes"}, nt.KeySocialHistory},
	{[]string{"past", "medical history", "antécédent"}, nt.KeyPastMedicalHistory},
	{[]string{"vital", "signes vitaux"}, nt.KeyVitalSigns},
	{[]string{"exam", "objective", "objectif"}, nt.KeyPhysicalExam},
	{[]string{"result", "lab", "imaging", "investigation", "résultat", "paraclinique"}, nt.KeyResults},
	{[]string{"assessment", "impression", "diagnos", "évaluation"}, nt.KeyAssessment},
	{[]string{"plan", "recommend", "conduite"}, nt.KeyPlan},
	{[]string{"instruction", "education", "enseignement", "counsel"}, nt.KeyPatientEducation},
}

// parseCustomHeadings reads one heading per non-empty line ("HPI:", "##
// Plan", "- Exam"), keeping the user's wording and order, and maps each to
// the section key that best matches it.
func parseCustomHeadings(custom string) []nt.Section {
	var sections []nt.Section
	for _, line := range strings.Split(custom, "\n") {
		heading := strings.TrimSpace(strings.Trim(strings.TrimSpace(line), "#*-•:[]{}"))
		heading = strings.TrimSpace(strings.TrimRight(heading, ":"))
		if heading == "" {
			continue
		}
		sections = append(sections, nt.Section{Key: headingKey(heading), Heading: heading})
	}
	return sections
}

func headingKey(heading string) string {
	padded := " " + strings.ToLower(heading) + " "
	padded = strings.NewReplacer(":", " ", "(", " ", ")", " ").Replace(padded)
	for _, h := range headingKeys {
		for _, cue := range h.cues {
			if strings.Contains(padded, " "+cue) {
				return h.key
			}
		}
	}
	// An unmatched heading keeps its place but gets no routed content.
	return "custom:" + strings.ToLower(heading)
}
