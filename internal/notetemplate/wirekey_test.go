package notetemplate

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestWireKeyIsTheContractsSnakeCase(t *testing.T) {
	t.Parallel()
	for key, want := range map[string]string{
		KeyChiefComplaint: "chief_complaint", KeyHPI: "history_of_present_illness", KeyReviewOfSystems: "review_of_systems",
		KeyPhysicalExam: "physical_exam", KeyResults: "results", KeyAssessment: "assessment", KeyPlan: "plan",
		KeyAssessmentAndPlan: "assessment_and_plan", "custom:care team": "custom_care_team",
	} {
		require.Equal(t, want, WireKey(key), key)
	}
}
