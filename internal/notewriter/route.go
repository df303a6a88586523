package notewriter

import nt "github.com/notegen/notegen/internal/notetemplate"

// destinations lists, per category, the section keys that can hold it in
// order of preference; a template without any of them leaves the content
// out (a radiology report has no place for social history).
var destinations = map[category][]string{
	catChiefComplaint:  {nt.KeyChiefComplaint, nt.KeyReasonForReferral, nt.KeyClinicalIndication, nt.KeyIndication},
	catHPI:             {nt.KeyHPI, nt.KeyClinicalIndication, nt.KeyIndication},
	catROS:             {nt.KeyReviewOfSystems, nt.KeyHPI},
	catPastHistory:     {nt.KeyPastMedicalHistory, nt.KeyPsychiatricHistory, nt.KeyHPI, nt.KeyClinicalIndication},
	catSurgicalHistory: {nt.KeyPastSurgicalHistory, nt.KeyPastMedicalHistory, nt.KeyHPI},
	catMedications:     {nt.KeyMedications, nt.KeyHPI},
	catAllergies:       {nt.KeyAllergies, nt.KeyMedications, nt.KeyHPI},
	catSocial:          {nt.KeySocialHistory, nt.KeySubstanceUse, nt.KeyHPI},
	catFamily:          {nt.KeyFamilyHistory, nt.KeySupportSystem, nt.KeySocialHistory, nt.KeyHPI},
	catVitals:          {nt.KeyVitalSigns, nt.KeyPhysicalExam, nt.KeyMentalStatusExam, nt.KeyFindings},
	catExam:            {nt.KeyPhysicalExam, nt.KeyMentalStatusExam, nt.KeyFindings},
	catResults:         {nt.KeyResults, nt.KeyFindings, nt.KeyEDCourse},
	catAssessment:      {nt.KeyAssessment, nt.KeyAssessmentAndPlan, nt.KeyImpression},
	catPlan:            {nt.KeyPlan, nt.KeyAssessmentAndPlan, nt.KeyRecommendations},
	catEducation:       {nt.KeyPatientEducation, nt.KeyPlan, nt.KeyAssessmentAndPlan, nt.KeyRecommendations},
	catDisposition:     {nt.KeyDisposition, nt.KeyPlan, nt.KeyAssessmentAndPlan, nt.KeyRecommendations},
	catConsent:         {nt.KeyConsent, nt.KeyPlan, nt.KeyAssessmentAndPlan},
	catAnesthesia:      {nt.KeyAnesthesia, nt.KeyTechnique, nt.KeyPlan, nt.KeyAssessmentAndPlan},
	catComplications:   {nt.KeyComplications, nt.KeyPlan, nt.KeyAssessmentAndPlan},
	catComparison:      {nt.KeyComparison, nt.KeyFindings, nt.KeyResults},
	catTechnique:       {nt.KeyTechnique, nt.KeyFindings, nt.KeyPhysicalExam},
	catRisk:            {nt.KeyRiskAssessment, nt.KeyMentalStatusExam, nt.KeyAssessment, nt.KeyAssessmentAndPlan},
}

// destination returns the first key of the category that the section list
// contains.
func destination(cat category, present map[string]bool) (string, bool) {
	for _, key := range destinations[cat] {
		if present[key] {
			return key, true
		}
	}
	return "", false
}
