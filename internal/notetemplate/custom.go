package notetemplate

import "strings"

// headingKeys maps words found in a custom heading to the section key whose
// content it should receive. Order matters: "assessment and plan" must win
// over "assessment".
var headingKeys = []struct {
	cues []string
	key  string
}{
	{[]string{"assessment and plan", "assessment & plan", "a/p", "évaluation et plan", "impression et plan"}, KeyAssessmentAndPlan},
	{[]string{"chief complaint", "reason for", "motif", "cc"}, KeyChiefComplaint},
	{[]string{"present illness", "hpi", "subjective", "histoire", "subjectif", "anamnèse"}, KeyHPI},
	{[]string{"review of systems", "ros", "revue des systèmes"}, KeyReviewOfSystems},
	{[]string{"allerg"}, KeyAllergies},
	{[]string{"medication", "médicament", "meds", "traitement actuel"}, KeyMedications},
	{[]string{"surgical", "chirurgic"}, KeyPastSurgicalHistory},
	{[]string{"family", "famil"}, KeyFamilyHistory},
	{[]string{"social", "habitudes"}, KeySocialHistory},
	{[]string{"past", "medical history", "antécédent"}, KeyPastMedicalHistory},
	{[]string{"vital", "signes vitaux"}, KeyVitalSigns},
	{[]string{"exam", "objective", "objectif"}, KeyPhysicalExam},
	{[]string{"result", "lab", "imaging", "investigation", "résultat", "paraclinique"}, KeyResults},
	{[]string{"assessment", "impression", "diagnos", "évaluation"}, KeyAssessment},
	{[]string{"plan", "recommend", "conduite"}, KeyPlan},
	{[]string{"instruction", "education", "enseignement", "counsel"}, KeyPatientEducation},
}

// parseCustomHeadings reads one heading per non-empty line ("HPI:", "##
// Plan", "- Exam"), keeping the user's wording and order, and maps each to
// the section key that best matches it.
func parseCustomHeadings(custom string) []Section {
	var sections []Section
	for _, line := range strings.Split(custom, "\n") {
		heading := strings.TrimSpace(strings.Trim(strings.TrimSpace(line), "#*-•:[]{}"))
		heading = strings.TrimSpace(strings.TrimRight(heading, ":"))
		if heading == "" {
			continue
		}
		sections = append(sections, Section{Key: headingKey(heading), Heading: heading})
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
