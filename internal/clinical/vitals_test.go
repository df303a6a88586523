package clinical_test

// Vital signs as said in each language and setting.

import (
	"testing"

	"github.com/notegen/notegen/internal/clinical"
	"github.com/stretchr/testify/require"
)

// "Vous avez trente-huit un de température": a value said before its
// measure's name is the measure, and the clinician's measure comes before
// the patient's reading of last night.
func TestAValueSaidBeforeItsMeasureIsTheVital(t *testing.T) {
	t.Parallel()
	r := read(t, "fr", `Médecin : Vous avez pris votre température ?
Patient : Trente-huit deux hier soir.
Médecin : Je vais vous examiner. Vous avez trente-huit un de température, la tension est à cent vingt-huit sur quatre-vingt-deux.`)
	require.Equal(t, "38.1", finding(t, r, clinical.Vital, "temperature").Value)
	require.Equal(t, "128/82", finding(t, r, clinical.Vital, "blood_pressure").Value)
}

// Québec French says a temperature's decimal with "et" ("trente-sept et
// neuf" is 37.9) and a heart rate with "son cœur est à"; a measure in two
// units ("six kilos quatre cents") is left out rather than altered.
func TestAQuebecTemperatureAndHeartRate(t *testing.T) {
	t.Parallel()
	r := read(t, "fr", `Médecin : Elle pèse six kilos quatre cents. Son cœur est à cent cinquante. Température trente-sept et neuf.
Mère : Correct.`)
	require.Equal(t, "37.9", finding(t, r, clinical.Vital, "temperature").Value)
	require.Equal(t, "150", finding(t, r, clinical.Vital, "heart_rate").Value)
	none(t, r, clinical.Vital, "weight")
	r = read(t, "fr", `Fille : Je lui ai pris la température à matin, c'était trente-sept un.
IPS : Votre température ici, trente-sept deux.
Patiente : Correct.`)
	require.Equal(t, "37.2", finding(t, r, clinical.Vital, "temperature").Value, "this morning's reading at home is a report")
}

// A request to step on the scale that no one answers in words is followed
// by the value the clinician reads out.
func TestAWeightReadAfterARequest(t *testing.T) {
	t.Parallel()
	r := read(t, "fr", `Médecin : Vous pouvez monter sur la balance ?
Médecin : Quatre-vingt-sept kilos. La tension, cent trente-deux sur quatre-vingt-quatre.`)
	require.Equal(t, "87", finding(t, r, clinical.Vital, "weight").Value)
	r = read(t, "en", `Doctor: Can you tell me your weight?
Doctor: Ninety-one kilos.`)
	require.Equal(t, "91", finding(t, r, clinical.Vital, "weight").Value)
}

// A companion's reading at home ("I took her temperature around midnight
// and it was one oh two point four") yields to the clinician's at the
// visit, as the patient's own does.
func TestACompanionsReadingYieldsToTheClinicians(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Provider: Any fever?
Husband: She was shaking in bed last night. I took her temperature and it was one oh two point four.
Provider: Your vitals from the nurse: temperature one oh one point eight, heart rate one oh four.`)
	require.Equal(t, "101.8", finding(t, r, clinical.Vital, "temperature").Value)
}
