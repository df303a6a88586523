package notetemplate

// Section keys. They are part of the shared vocabulary between the template
// catalogue and everything that fills sections, so they never change once
// released; headings may.
const (
	KeyChiefComplaint      = "chiefComplaint"
	KeyReasonForReferral   = "reasonForReferral"
	KeyHPI                 = "historyOfPresentIllness"
	KeyReviewOfSystems     = "reviewOfSystems"
	KeyPastMedicalHistory  = "pastMedicalHistory"
	KeyPastSurgicalHistory = "pastSurgicalHistory"
	KeyPsychiatricHistory  = "psychiatricHistory"
	KeyMedications         = "medications"
	KeyAllergies           = "allergies"
	KeySocialHistory       = "socialHistory"
	KeySubstanceUse        = "substanceUse"
	KeyFamilyHistory       = "familyHistory"
	KeyVitalSigns          = "vitalSigns"
	KeyPhysicalExam        = "physicalExamination"
	KeyMentalStatusExam    = "mentalStatusExamination"
	KeyResults             = "results"
	KeyEDCourse            = "edCourse"
	KeyRiskAssessment      = "riskAssessment"
	KeyAssessment          = "assessment"
	KeyPlan                = "plan"
	KeyAssessmentAndPlan   = "assessmentAndPlan"
	KeyDisposition         = "disposition"
	KeyPatientEducation    = "patientEducation"
	KeyEvaluation          = "evaluation"
	KeyMonitoring          = "monitoring"
	KeyExamination         = "examination"
	KeyClinicalIndication  = "clinicalIndication"
	KeyTechnique           = "technique"
	KeyComparison          = "comparison"
	KeyFindings            = "findings"
	KeyImpression          = "impression"
	KeyRecommendations     = "recommendations"
	KeyProcedure           = "procedure"
	KeyIndication          = "indication"
	KeyConsent             = "consent"
	KeyAnesthesia          = "anesthesia"
	KeyComplications       = "complications"
	KeySalutation          = "salutation"
	KeyLetterBody          = "letterBody"
	KeyClosing             = "closing"
	KeySupportSystem       = "supportSystem"
	KeyVerbatim            = "verbatim"
	KeyInsert              = "insert"
)

// defaultHeadings gives every key its usual heading; templates may override.
var defaultHeadings = map[string]localized{
	KeyChiefComplaint:      {"Chief Complaint", "Motif de consultation"},
	KeyReasonForReferral:   {"Reason for Referral", "Motif de la demande"},
	KeyHPI:                 {"History of Present Illness", "Histoire de la maladie actuelle"},
	KeyReviewOfSystems:     {"Review of Systems", "Revue des systèmes"},
	KeyPastMedicalHistory:  {"Past Medical History", "Antécédents médicaux"},
	KeyPastSurgicalHistory: {"Past Surgical History", "Antécédents chirurgicaux"},
	KeyPsychiatricHistory:  {"Past Psychiatric History", "Antécédents psychiatriques"},
	KeyMedications:         {"Current Medications", "Médicaments actuels"},
	KeyAllergies:           {"Allergies", "Allergies"},
	KeySocialHistory:       {"Social History", "Habitudes de vie et contexte social"},
	KeySubstanceUse:        {"Substance Use", "Consommation de substances"},
	KeyFamilyHistory:       {"Family History", "Antécédents familiaux"},
	KeyVitalSigns:          {"Vital Signs", "Signes vitaux"},
	KeyPhysicalExam:        {"Physical Examination", "Examen physique"},
	KeyMentalStatusExam:    {"Mental Status Examination", "Examen de l'état mental"},
	KeyResults:             {"Results", "Résultats"},
	KeyEDCourse:            {"Emergency Department Course", "Évolution à l'urgence"},
	KeyRiskAssessment:      {"Risk Assessment", "Évaluation du risque"},
	KeyAssessment:          {"Assessment", "Évaluation"},
	KeyPlan:                {"Plan", "Plan"},
	KeyAssessmentAndPlan:   {"Assessment and Plan", "Évaluation et plan"},
	KeyDisposition:         {"Disposition", "Orientation"},
	KeyPatientEducation:    {"Patient Education", "Enseignement au patient"},
	KeyEvaluation:          {"Evaluation", "Réévaluation"},
	KeyMonitoring:          {"Monitoring", "Suivi et surveillance"},
	KeyExamination:         {"Examination", "Examen"},
	KeyClinicalIndication:  {"Clinical Indication", "Indication clinique"},
	KeyTechnique:           {"Technique", "Technique"},
	KeyComparison:          {"Comparison", "Comparaison"},
	KeyFindings:            {"Findings", "Constatations"},
	KeyImpression:          {"Impression", "Impression"},
	KeyRecommendations:     {"Recommendations", "Recommandations"},
	KeyProcedure:           {"Procedure", "Intervention"},
	KeyIndication:          {"Indication", "Indication"},
	KeyConsent:             {"Consent", "Consentement"},
	KeyAnesthesia:          {"Anesthesia", "Anesthésie"},
	KeyComplications:       {"Complications", "Complications"},
	KeySalutation:          {"Salutation", "Formule d'appel"},
	KeyLetterBody:          {"Letter", "Lettre"},
	KeyClosing:             {"Closing", "Formule de politesse"},
	KeySupportSystem:       {"Family and Support System", "Famille et réseau de soutien"},
	KeyVerbatim:            {"Dictation", "Dictée"},
	KeyInsert:              {"Insert", "Insertion"},
}
