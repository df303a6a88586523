package notetemplate

// Template identifiers as they appear on the wire.
const (
	PrimaryCare             = "primaryCare"
	ER                      = "er"
	Psychiatry              = "psychiatry"
	SurgicalSpecialties     = "surgicalSpecialties"
	MedicalSpecialties      = "medicalSpecialties"
	Nursing                 = "nursing"
	Radiology               = "radiology"
	Pharmacy                = "pharmacy"
	Procedures              = "procedures"
	Letter                  = "letter"
	Social                  = "social"
	WordForWord             = "wfw"
	SmartInsert             = "smartInsert"
	InterventionalRadiology = "interventionalRadiology"
)

func keys(ks ...string) []sectionDef {
	out := make([]sectionDef, len(ks))
	for i, k := range ks {
		out[i] = sectionDef{key: k}
	}
	return out
}

func renamed(key, en, fr string) sectionDef {
	return sectionDef{key: key, heading: &localized{en, fr}}
}

// catalog is read-only after package initialisation.
var catalog = []Template{
	{
		id:    PrimaryCare,
		title: localized{"Primary Care Visit Note", "Note de consultation en soins de première ligne"},
		sections: keys(KeyChiefComplaint, KeyHPI, KeyReviewOfSystems, KeyPastMedicalHistory,
			KeyMedications, KeyAllergies, KeySocialHistory, KeyFamilyHistory,
			KeyPhysicalExam, KeyResults, KeyAssessment, KeyPlan),
	},
	{
		id:    ER,
		title: localized{"Emergency Department Note", "Note de l'urgence"},
		sections: keys(KeyChiefComplaint, KeyHPI, KeyReviewOfSystems, KeyPastMedicalHistory,
			KeyMedications, KeyAllergies, KeyPhysicalExam, KeyResults, KeyEDCourse,
			KeyAssessment, KeyPlan, KeyDisposition),
	},
	{
		id:    Psychiatry,
		title: localized{"Psychiatric Evaluation", "Évaluation psychiatrique"},
		sections: keys(KeyChiefComplaint, KeyHPI, KeyPsychiatricHistory, KeyPastMedicalHistory,
			KeyMedications, KeyAllergies, KeySubstanceUse, KeySocialHistory, KeyFamilyHistory,
			KeyMentalStatusExam, KeyRiskAssessment, KeyAssessment, KeyPlan),
	},
	{
		id:    SurgicalSpecialties,
		title: localized{"Surgical Consultation Note", "Note de consultation chirurgicale"},
		sections: keys(KeyChiefComplaint, KeyHPI, KeyReviewOfSystems, KeyPastMedicalHistory,
			KeyPastSurgicalHistory, KeyMedications, KeyAllergies, KeySocialHistory,
			KeyPhysicalExam, KeyResults, KeyAssessment, KeyPlan),
	},
	{
		id:    MedicalSpecialties,
		title: localized{"Specialty Consultation Note", "Note de consultation spécialisée"},
		sections: keys(KeyReasonForReferral, KeyHPI, KeyReviewOfSystems, KeyPastMedicalHistory,
			KeyMedications, KeyAllergies, KeySocialHistory, KeyFamilyHistory,
			KeyPhysicalExam, KeyResults, KeyAssessment, KeyPlan),
	},
	{
		id:    Nursing,
		title: localized{"Nursing Note", "Note d'évolution infirmière"},
		sections: []sectionDef{
			renamed(KeyChiefComplaint, "Reason for Visit", "Motif de la visite"),
			renamed(KeyHPI, "Subjective Data", "Données subjectives"),
			{key: KeyVitalSigns},
			renamed(KeyPhysicalExam, "Nursing Assessment", "Évaluation infirmière"),
			{key: KeyMedications},
			renamed(KeyPlan, "Interventions", "Interventions"),
			{key: KeyPatientEducation},
			{key: KeyEvaluation},
		},
	},
	{
		id:       Radiology,
		title:    localized{"Radiology Report", "Rapport de radiologie"},
		sections: keys(KeyExamination, KeyClinicalIndication, KeyTechnique, KeyComparison, KeyFindings, KeyImpression),
	},
	{
		id:    Pharmacy,
		title: localized{"Pharmacy Consultation Note", "Note de consultation en pharmacie"},
		sections: []sectionDef{
			{key: KeyReasonForReferral},
			renamed(KeyHPI, "Relevant History", "Histoire pertinente"),
			{key: KeyMedications},
			{key: KeyAllergies},
			renamed(KeyResults, "Relevant Laboratory Results", "Résultats de laboratoire pertinents"),
			renamed(KeyAssessment, "Drug-Related Problems", "Problèmes liés à la pharmacothérapie"),
			{key: KeyRecommendations},
			{key: KeyMonitoring},
		},
	},
	{
		id:    Procedures,
		title: localized{"Procedure Note", "Protocole d'intervention"},
		sections: []sectionDef{
			{key: KeyProcedure},
			{key: KeyIndication},
			{key: KeyConsent},
			{key: KeyAnesthesia},
			renamed(KeyTechnique, "Description of Procedure", "Description de l'intervention"),
			{key: KeyFindings},
			{key: KeyComplications},
			renamed(KeyPlan, "Post-Procedure Plan", "Plan post-intervention"),
		},
	},
	{
		id:    Letter,
		title: localized{"Consultation Letter", "Lettre de consultation"},
		sections: []sectionDef{
			{key: KeySalutation},
			renamed(KeyReasonForReferral, "Reason for Consultation", "Motif de consultation"),
			renamed(KeyHPI, "History", "Histoire"),
			{key: KeyFindings},
			{key: KeyImpression},
			{key: KeyRecommendations},
			{key: KeyClosing},
		},
	},
	{
		id:    Social,
		title: localized{"Social Work Note", "Note de travail social"},
		sections: []sectionDef{
			{key: KeyReasonForReferral},
			renamed(KeySocialHistory, "Psychosocial History", "Histoire psychosociale"),
			{key: KeySupportSystem},
			renamed(KeyHPI, "Current Situation", "Situation actuelle"),
			renamed(KeyAssessment, "Psychosocial Assessment", "Évaluation psychosociale"),
			renamed(KeyPlan, "Interventions and Plan", "Interventions et plan"),
		},
	},
	{
		id:       WordForWord,
		title:    localized{"Dictation (Word for Word)", "Dictée (mot à mot)"},
		sections: keys(KeyVerbatim),
	},
	{
		id:       SmartInsert,
		title:    localized{"Smart Insert", "Insertion intelligente"},
		sections: keys(KeyInsert),
	},
	{
		id:    InterventionalRadiology,
		title: localized{"Interventional Radiology Procedure Report", "Rapport de radiologie d'intervention"},
		sections: []sectionDef{
			{key: KeyProcedure},
			{key: KeyIndication},
			{key: KeyConsent},
			renamed(KeyAnesthesia, "Sedation and Anesthesia", "Sédation et anesthésie"),
			{key: KeyTechnique},
			{key: KeyFindings},
			{key: KeyComplications},
			{key: KeyImpression},
			{key: KeyPlan},
		},
	},
}
