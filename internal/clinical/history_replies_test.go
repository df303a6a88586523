package clinical_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen/internal/assertion"
	"github.com/notegen/notegen/internal/clinical"
)

// The reply that says a condition asked about is over ("Mais plus rien
// depuis l'âge de douze ans."), in its second sentence, or the patient's
// reply to the clinician's account of it ("Yes, that's long gone."),
// resolves it: a chronic condition only said to be past would stay
// active.
func TestAReplySayingItIsOverResolvesTheCondition(t *testing.T) {
	t.Parallel()
	r := read(t, "fr", `Médecin : As-tu déjà fait de l'asthme?
Patient : Quand j'étais petit, oui, j'avais une pompe. Mais plus rien depuis l'âge de douze ans à peu près.
Médecin : Correct. Pis des allergies à des médicaments?
Patient : Non.`)
	a := finding(t, r, clinical.Condition, "asthme")
	require.True(t, a.Resolved, "%+v", a)

	r = read(t, "fr", `Médecin : Ton moral, ça va ? Je sais qu'après ton deuxième bébé t'avais fait une dépression post-partum.
Patiente : Oui, ça c'est réglé depuis longtemps. J'ai arrêté les antidépresseurs en deux mille vingt et un.
Médecin : Parfait.`)
	d := finding(t, r, clinical.Condition, "dépression")
	require.Equal(t, assertion.Past, d.Time)
	require.True(t, d.Resolved, "%+v", d)
	require.False(t, d.Diagnosis)
}

// A grandmother's label says whose relative she names: her husband is the
// boy's grandfather (family history), not the patient, and "he" after him
// is still him.
func TestAGrandmothersHusbandIsTheChildsFamily(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: Hi, you must be Mateo's grandmother?
Grandma: Yes, I'm Mrs. Flores, his grandmother. His mom is working, so I brought him.
Doctor: What's been going on?
Grandma: He only poops every four or five days, and it hurts him.
Doctor: Anyone in the family with bowel problems?
Grandma: And my husband has celiac disease, he can't eat bread.`)
	require.Equal(t, "grandchild", r.Patient.Kin)
	c := finding(t, r, clinical.Condition, "celiac")
	require.Equal(t, assertion.Family, c.Subject)
}

// Words of time and of naming that end a scope: a condition of a man's
// youth is past; the allergy named after "no allergy to penicillin, and"
// is had; chest tightness is no chest pain.
func TestTheScopeOfWhatIsSaidOfAFinding(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: Any other illnesses?
Interpreter: He says high cholesterol. And he had TB when he was a young man in Pakistan, he had the full treatment.`)
	require.Equal(t, assertion.Past, finding(t, r, clinical.Condition, "tuberculosis").Time)

	r = read(t, "fr", `Fille : Sa seule allergie, c'est la codéine, elle a vomi pendant deux jours.
Médecin : D'accord, donc pas d'allergie à la pénicilline, et une allergie à la codéine avec des vomissements.`)
	finding(t, r, clinical.Allergy, "codéine")
	none(t, r, clinical.Allergy, "pénicilline")

	r = read(t, "en", `Doctor: Any chest pain?
Patient: No chest pain. Then yesterday the wheezing and the chest tightness started.`)
	require.Equal(t, assertion.Absent, finding(t, r, clinical.Symptom, "chest pain").Assertion)
	require.Equal(t, assertion.Present, finding(t, r, clinical.Symptom, "chest tightness").Assertion)
}

// Where a finding is ("these little spots on her hands") says whose it
// is, though the father tells it in the first person.
func TestWhereAFindingIsSaysWhoseItIs(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: What's been going on with Lily?
Dad: She's had a fever since Tuesday. Then yesterday she stopped wanting to eat, and this morning I noticed these little spots on her hands and feet.`)
	require.Equal(t, assertion.Patient, finding(t, r, clinical.Symptom, "rash").Subject)
}

// A condition read from a measure's level, explained by its cause ("his
// sugar is high because he ran out of the gliclazide"), is today's
// ruling, written by its name; the sugar the son checked is still his.
func TestALevelExplainedByItsCauseIsTheAssessment(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: What brought him in today?
Interpreter: He says he has been very thirsty. His son checked his sugar at home this morning and it said high.
Doctor: So, can you explain to him: his sugar is high because he ran out of the gliclazide, but there's no sign of ketoacidosis.`)
	var subjects []assertion.Subject
	for _, f := range r.Findings {
		if f.Name == "hyperglycemia" {
			subjects = append(subjects, f.Subject)
		}
	}
	require.NotContains(t, subjects, assertion.Family)
	h := finding(t, r, clinical.Condition, "hyperglycemia")
	require.True(t, h.Diagnosis, "%+v", h)
	require.Equal(t, "hyperglycemia", h.Said)
}

// A relative set out before a comma and taken up by a demonstrative ("Et
// votre père, c'était bien un infarctus ?") is whom the answer is about;
// a condition whose chance is judged very low is excluded.
func TestAFathersInfarctionAndALowChance(t *testing.T) {
	t.Parallel()
	r := read(t, "fr", `Médecin : Et votre père, c'était bien un infarctus ?
Patient : Oui, il a fait un infarctus à cinquante-huit ans.`)
	for _, f := range r.Findings {
		if f.Name == "infarctus" {
			require.Equal(t, assertion.Family, f.Subject, "%+v", f)
		}
	}
	r = read(t, "en", `Doctor: You can walk four steps and you don't have tenderness over the bones.
Doctor: With that, the chance of a fracture is very low, so an x-ray isn't needed.`)
	require.Equal(t, assertion.Absent, finding(t, r, clinical.Condition, "fracture").Assertion)
}

// The husband's account of her history: an operation years ago is past
// history; a time that sets the scene before the clause ("And once in
// Poland, five years ago, she had a kidney infection") dates it. The
// doctor's "I've requested an ultrasound scan ... and I've referred her to
// the surgical team" orders both, and "We'll take bloods: full blood
// count, CRP" the tests.
func TestAnInterpretedHistoryAndThePerfectOfToday(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: Has she been unwell before, any operations?
Husband: She had a caesarean section three years ago, with our son. And once in Poland, five years ago, she had a kidney infection, she was in hospital two days.
Doctor: Can you tell her I'm putting a cannula in her arm? We'll take bloods: full blood count, CRP, kidney and liver tests.
Doctor: I think the most likely thing is appendicitis. I've requested an ultrasound scan of her abdomen, and I've referred her to the surgical team.`)
	c := finding(t, r, clinical.Procedure, "section")
	require.Equal(t, assertion.Past, c.Time)
	require.False(t, c.Ordered)
	require.Equal(t, assertion.Past, finding(t, r, clinical.Condition, "pyelonephritis").Time)
	require.True(t, finding(t, r, clinical.Imaging, "ultrasound").Ordered)
	require.True(t, finding(t, r, clinical.Referral, "surg").Ordered)
	require.True(t, finding(t, r, clinical.Lab, "blood count").Ordered)
}

// A newborn's jaundice is past ("à la naissance"); a cow's milk protein
// allergy is named as said, and every reaction told of its first bottle
// is the allergy's, no symptom of today ("il a fait des plaques rouges
// partout et il a vomi").
func TestAnInfantsHistoryAndItsAllergy(t *testing.T) {
	t.Parallel()
	r := read(t, "fr", `Médecin : Il est né à terme, c'est bien ça ?
Mère : Oui. Il a juste eu une jaunisse à la naissance, il a eu la photothérapie deux jours à la maternité.
Médecin : Et il a son allergie au lait de vache, je vois dans le dossier.
Mère : Oui, une allergie aux protéines de lait de vache. Au premier biberon de lait normal il a fait des plaques rouges partout et il a vomi.`)
	require.Equal(t, assertion.Past, finding(t, r, clinical.Condition, "ictère").Time)
	a := finding(t, r, clinical.Allergy, "lait de vache")
	require.NotNil(t, a.Reaction)
	for _, f := range r.Findings {
		if f.Kind == clinical.Symptom {
			require.NotContains(t, f.Name, "vomi", "%+v", f)
		}
	}
}

// "introducing peanut early lowers the chance of a peanut allergy" is
// advice, no allergy.
func TestAnAllergyPreventedIsNone(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Dad: What about peanuts? My sister said to wait until she's older.
Doctor: Actually the current advice is the opposite: introducing peanut early lowers the chance of a peanut allergy.`)
	none(t, r, clinical.Allergy, "peanut")
}

// A daughter labelled as such names her mother without a possessive
// ("Maman est tombée trois fois"): it is the patient who fell. Without a
// label, or after a possessive ("son papa"), the bare word names no one.
func TestABareRelationNamesThePatientOnlyByTheLabel(t *testing.T) {
	t.Parallel()
	r := read(t, "fr", `Médecin : Bonjour madame. Alors, qu'est-ce qui se passe ?
Fille : C'est moi qui ai insisté pour qu'on vienne. Maman est tombée trois fois en deux mois.
Patiente : Ma fille s'inquiète pour rien.`)
	require.Equal(t, assertion.Patient, finding(t, r, clinical.Symptom, "chute").Subject)
	r = read(t, "fr", `Médecin : Il y a de l'asthme dans la famille ?
Mère : Son papa est asthmatique depuis petit.`)
	require.Equal(t, assertion.Family, finding(t, r, clinical.Condition, "asthme").Subject)
}

// "votre tension n'est pas encore bien contrôlée" judges the pressure
// high: hypertension, not its negation.
func TestAPressureNotControlledIsHypertension(t *testing.T) {
	t.Parallel()
	r := read(t, "fr", `Médecin : À la maison, on vise moins de cent trente-cinq sur quatre-vingt-cinq. Donc votre tension n'est pas encore bien contrôlée.`)
	require.Equal(t, assertion.Present, finding(t, r, clinical.Condition, "hypertension").Assertion)
}

// "cinq ans après votre infarctus" counts time from it: the infarction is
// past, in the assessment's summary too.
func TestAnInfarctionYearsAgoIsPast(t *testing.T) {
	t.Parallel()
	r := read(t, "fr", `Médecin : Alors, en conclusion : une cardiopathie ischémique stable, cinq ans après votre infarctus, sans douleur thoracique.`)
	require.Equal(t, assertion.Past, finding(t, r, clinical.Condition, "infarctus").Time)
	require.Equal(t, assertion.Present, finding(t, r, clinical.Condition, "coronar").Assertion)
}

// A drug told with the reaction it gave, in the pluperfect ("On m'avait
// donné du métronidazole, le Flagyl, pis ça m'avait donné des nausées
// épouvantables"), is an allergy with its reaction, by one name.
func TestAReactionToldInThePluperfectIsAnAllergy(t *testing.T) {
	t.Parallel()
	r := read(t, "fr", `Infirmière : As-tu déjà eu une infection comme ça ?
Patiente : L'an passé j'avais eu une vaginose. On m'avait donné du métronidazole, le Flagyl, pis ça m'avait donné des nausées épouvantables.`)
	a := finding(t, r, clinical.Allergy, "métronidazole")
	require.NotNil(t, a.Reaction)
	none(t, r, clinical.Allergy, "flagyl")
}

// The risk a condition is named as ("The main risk with atrial
// fibrillation is stroke", "a stroke risk of roughly three in a hundred")
// is no finding: the patient who never had a stroke has none.
func TestAStrokeNamedAsTheRiskIsNone(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `GP: Have you ever had a stroke?
Patient: I've never had a stroke or a heart attack or anything like that.
GP: The main risk with atrial fibrillation is stroke, because clots can form in the heart.
GP: Your score is three, which means a stroke risk of roughly three in a hundred each year without treatment.`)
	require.NotEqual(t, assertion.Present, finding(t, r, clinical.Condition, "stroke").Assertion)
}

// "Could you be pregnant?" asks, and the reply answers: the clinician's
// "could you" asks no favour here.
func TestCouldYouBeAsksForAnAnswer(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: Could you be pregnant?
Patient: No, I'm on the mini pill, and I had my period last week.`)
	require.NotEqual(t, assertion.Present, finding(t, r, clinical.Condition, "pregnan").Assertion)
}

// A condition the patient had and has not had for years is over: the
// facts resolve it; in French too.
func TestAConditionNotHadForYearsIsResolved(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: Any medical problems?
Patient: I had eczema when I was little, but I haven't had it for years.`)
	require.True(t, finding(t, r, clinical.Condition, "eczema").Resolved)
	r = read(t, "fr", `Médecin : Des problèmes de santé ?
Patient : J'ai eu de l'eczéma petit, mais je n'en ai plus eu depuis des années.`)
	require.True(t, finding(t, r, clinical.Condition, "eczéma").Resolved)
}

// What the clinician finds nothing to suggest is no problem ("Nothing about
// it makes me think of lung cancer"), and what a drug is meant to protect
// from is no present condition ("a baby aspirin, to protect me from a
// stroke").
func TestWhatNothingSuggestsOrADrugProtectsFromIsNotPresent(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: It started after the lisinopril, it's dry, and your lungs sound perfectly clear. Nothing about it makes me think of lung cancer.
Patient: Have you ever had a stroke?
Patient: No, never. My friend says I should take a baby aspirin as well, to protect me from a stroke.`)
	require.NotEqual(t, assertion.Present, finding(t, r, clinical.Condition, "lung cancer").Assertion)
	require.NotEqual(t, assertion.Present, finding(t, r, clinical.Condition, "stroke").Assertion)
	r = read(t, "fr", `Médecin : Vos poumons sont clairs, rien ne me fait penser à un cancer du poumon.`)
	require.NotEqual(t, assertion.Present, finding(t, r, clinical.Condition, "cancer").Assertion)
}

// "Any fever or feeling generally unwell?" "A bit tired, to be honest, but
// no temperature.": the "a bit" is the tiredness's, and the temperature
// the fever is measured by is denied. A condition before a test's name
// ("an HIV blood test") is the test's, and one a drug was once taken for
// ("when I had it for a chest infection", "when I took it for a skin
// infection") is past.
func TestAReplyDenyingTheVitalDeniesTheSymptom(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `GP: Any fever or feeling generally unwell?
Patient: A bit tired, to be honest, but no temperature.
GP: Any allergies?
Patient: Penicillin. My lips swelled up when I had it for a chest infection, and I broke out in a rash when I took it for a skin infection.
GP: We also offer an HIV blood test to everyone under fifty who gets shingles.`)
	require.Equal(t, assertion.Absent, finding(t, r, clinical.Symptom, "fever").Assertion)
	require.Equal(t, assertion.Past, finding(t, r, clinical.Condition, "chest infection").Time)
	require.Equal(t, assertion.Past, finding(t, r, clinical.Condition, "cellulitis").Time)
	none(t, r, clinical.Condition, "hiv")
}

// A past condition recalled later only as a cause ("because of the gout
// and the kidney stone") stays past: no active kidney stone.
func TestAPastConditionRecalledAsACauseStaysPast(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `GP: Any other medical problems?
Patient: I had a kidney stone years ago, that's all.
GP: I'd also like you to have a blood test for your uric acid level, because of the gout and the kidney stone.`)
	require.Equal(t, assertion.Past, finding(t, r, clinical.Condition, "kidney stone").Time)
}
