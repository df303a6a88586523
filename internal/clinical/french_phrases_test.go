package clinical_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen/internal/assertion"
	"github.com/notegen/notegen/internal/clinical"
)

// A word inside a phrase that only looks like a negation is neither a
// negation nor a finding: Québec's "pas mal fatiguée" is rather tired, and
// "les jambes sans repos" the syndrome; French names a drug's salt first
// ("sulfate ferreux").
func TestFrenchPhrasesThatOnlyLookLikeNegations(t *testing.T) {
	t.Parallel()
	r := read(t, "fr", `Patiente : Je suis encore pas mal fatiguée, pis j'ai les jambes qui bougent toute la nuit.
Médecin : Les jambes sans repos viennent sans doute de là.
Médecin : Je vous prescris du sulfate ferreux, trois cents milligrammes une fois par jour.`)
	require.Equal(t, assertion.Present, finding(t, r, clinical.Symptom, "fatigue").Assertion)
	none(t, r, clinical.Symptom, "douleur")
	ferrous := finding(t, r, clinical.Medication, "sulfate ferreux")
	require.Equal(t, clinical.ActionStart, ferrous.Action)
}

// "Je n'ai pas mal à la gorge" still denies the sore throat.
func TestFrenchPasMalStillDenies(t *testing.T) {
	t.Parallel()
	r := read(t, "fr", `Médecin : Vous avez mal à la gorge ?
Patiente : Non, je n'ai pas mal à la gorge.`)
	require.Equal(t, assertion.Absent, finding(t, r, clinical.Symptom, "gorge").Assertion)
}

// "Le périndopril peut faire tousser" tells what the drug may do: the
// patient's "je ne tousse pas" decides, and no cough is charted.
func TestAnEffectADrugMayHaveIsNoSymptom(t *testing.T) {
	t.Parallel()
	r := read(t, "fr", `Médecin : Et la toux ? Le périndopril peut faire tousser.
Patiente : Non, je ne tousse pas.`)
	require.Equal(t, assertion.Absent, finding(t, r, clinical.Symptom, "toux").Assertion)
	r = read(t, "en", `Doctor: Any cough? Lisinopril can make you cough.
Patient: No, I don't cough.`)
	require.Equal(t, assertion.Absent, finding(t, r, clinical.Symptom, "cough").Assertion)
}

// "Il respire à quarante-six par minute, et le cœur est à cent quarante":
// the rates said as French says them; "sept kilos deux cents" is a weight
// in two units, whose first number alone would alter it: no weight is
// read rather than 7 kg.
func TestFrenchRatesAndAWeightInTwoUnits(t *testing.T) {
	t.Parallel()
	r := read(t, "fr", `Médecin : On va le peser. Il pèse sept kilos deux cents.
Médecin : Il respire à quarante-six par minute, et le cœur est à cent quarante.`)
	require.Equal(t, "46", finding(t, r, clinical.Vital, "respiratory_rate").Value)
	require.Equal(t, "140", finding(t, r, clinical.Vital, "heart_rate").Value)
	for _, f := range r.Findings {
		require.False(t, f.Kind == clinical.Vital && f.VitalKind == "weight", "a weight of %s kg would drop the 200 g", f.Value)
	}
}

// French puts the object pronoun before its verb ("vous pouvez
// l'arrêter"): the drug it stands for is stopped. "Sans dépasser quatre
// mille milligrammes" bounds a dose, and "dépasser" is no drug.
func TestFrenchPronounBeforeTheVerbAndABoundOnADose(t *testing.T) {
	t.Parallel()
	r := read(t, "fr", `Patient : Je prends du propranolol.
Docteur : Le propranolol, vous n'en avez plus besoin, vous pouvez l'arrêter à partir de demain.
Docteur : Prenez de l'acétaminophène mille milligrammes aux six heures au besoin, sans dépasser quatre mille milligrammes par jour.`)
	require.Equal(t, clinical.ActionStop, finding(t, r, clinical.Medication, "propranolol").Action)
	none(t, r, clinical.Medication, "dépasser")
	// "arrêtez l'Actifed Rhume": after the verb, "l'" is an article, and
	// the drug it names (one the lexicon does not know) is not the
	// Doliprane named before
	r = read(t, "fr", `Patient : Du Doliprane, mille milligrammes, trois fois par jour depuis trois jours.
Médecin : Vous pouvez continuer le Doliprane si besoin. En revanche, arrêtez l'Actifed Rhume.`)
	require.Equal(t, clinical.ActionContinue, finding(t, r, clinical.Medication, "doliprane").Action)
}

// "Une goutte dans chaque œil" counts drops, no gout; an eye drop whose name
// ends in an antihistamine's stem (-astine) is a drug the lexicon need not
// list; a reaction told after the drug it came with ("Avec le Bactrim
// j'avais fait une éruption") is an allergy, no drug taken; a drug given in
// the pluperfect ("l'ophtalmo m'avait donné un collyre à la cortisone") is
// one of before.
func TestAnEyeDropPrescriptionAndItsHistory(t *testing.T) {
	t.Parallel()
	r := read(t, "fr", `Médecin : Des allergies à des médicaments ?
Patient : Aux sulfamides. Avec le Bactrim j'avais fait une éruption, des boutons partout.
Patient : L'an dernier l'ophtalmo m'avait donné un collyre à la cortisone. Je peux le reprendre ?
Médecin : Non, pas sans examen par un ophtalmologiste.
Médecin : C'est une conjonctivite allergique. Je vous prescris un collyre antihistaminique, l'azélastine, Allergodil collyre : une goutte dans chaque œil deux fois par jour.`)
	none(t, r, clinical.Condition, "goutte")
	a := finding(t, r, clinical.Medication, "azélastine")
	require.Equal(t, clinical.ActionStart, a.Action)
	finding(t, r, clinical.Allergy, "bactrim")
	for _, f := range r.Findings {
		if f.Kind == clinical.Medication && (f.Name == "bactrim" || f.Name == "cortisone") {
			require.False(t, f.Taken, "%+v", f)
		}
	}
}

// What a habit is said to cause in general ("c'est ce qui donne les
// ulcères") is no condition of the patient's.
func TestWhatAHabitCausesIsNoCondition(t *testing.T) {
	t.Parallel()
	r := read(t, "fr", `Médecin : Et ne dormez jamais avec vos lentilles, c'est ce qui donne les ulcères.`)
	for _, f := range r.Findings {
		require.False(t, f.Kind == clinical.Condition && f.Assertion == assertion.Present, "%+v", f)
	}
}

// "Une infection du rein, qui est partie d'une cystite" tells where the
// infection came from, not that it is over.
func TestWhereAnIllnessStartedFromIsNoEnd(t *testing.T) {
	t.Parallel()
	r := read(t, "fr", `Médecin : Alors, madame, vous avez une pyélonéphrite aiguë, c'est une infection du rein droit, qui est partie d'une cystite.`)
	p := finding(t, r, clinical.Condition, "pyélonéphrite")
	require.Equal(t, assertion.Current, p.Time)
}
