package facts_test

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen/internal/acibench"
	"github.com/notegen/notegen/internal/facts"
	"github.com/notegen/notegen/internal/transcript"
)

func deref(p *string) string {
	if p == nil {
		return "<nil>"
	}
	return *p
}

// spanText returns what a span points at, failing when it does not fit.
func spanText(t *testing.T, segs []transcript.Segment, sp facts.Span) string {
	t.Helper()
	for _, s := range segs {
		if s.ID == sp.Segment {
			got, err := s.Slice(sp.Start, sp.End)
			require.NoError(t, err)
			return got
		}
	}
	t.Fatalf("span names segment %d, which does not exist", sp.Segment)
	return ""
}

// medicationsByName indexes the medications of f by their normalised name.
func medicationsByName(f facts.Facts) map[string]facts.Medication {
	byName := map[string]facts.Medication{}
	for _, m := range f.Medications {
		byName[m.Name] = m
	}
	return byName
}

// requireOneAllergy asserts that f holds exactly the one allergy said, with
// its reaction.
func requireOneAllergy(t *testing.T, f facts.Facts, substance, reaction string) {
	t.Helper()
	require.Len(t, f.Allergies, 1)
	require.Equal(t, substance, f.Allergies[0].Substance)
	require.Equal(t, reaction, deref(f.Allergies[0].Reaction))
}

func TestMedicationsEnglish(t *testing.T) {
	t.Parallel()
	x := facts.New()
	segs := transcript.Split(`[doctor] you're on lisinopril 20 milligrams once a day , right ?
[patient] yes , and i take metformin five hundred milligrams twice a day .
[doctor] okay . let's increase the lisinopril to 40 milligrams daily . and stop the ibuprofen .
[doctor] i'm going to start you on atorvastatin 40 mg at bedtime by mouth .
[patient] i'm allergic to penicillin , it gives me hives .
[doctor] any other allergies ?
[patient] nope , just penicillin .
[doctor] your potassium level was fine .`, nil)
	f := x.Extract(segs, "en")
	byName := medicationsByName(f)
	for _, m := range f.Medications {
		for _, sp := range m.Spans {
			require.Contains(t, strings.ToLower(spanText(t, segs, sp)), m.Name, "a medication's span shows its name")
		}
	}
	require.Equal(t, "40 mg", deref(byName["lisinopril"].Dose), "the new dose of a change is the last said")
	require.Equal(t, facts.ActionChange, byName["lisinopril"].Action)
	require.Equal(t, "500 mg", deref(byName["metformin"].Dose))
	require.Equal(t, "twice daily", deref(byName["metformin"].Frequency))
	require.Equal(t, facts.ActionStop, byName["ibuprofen"].Action)
	require.Nil(t, byName["ibuprofen"].Dose, "no dose was said")
	require.Equal(t, facts.ActionStart, byName["atorvastatin"].Action)
	require.Equal(t, "oral", deref(byName["atorvastatin"].Route))
	require.Equal(t, "at bedtime", deref(byName["atorvastatin"].Frequency))
	require.NotContains(t, byName, "penicillin", "an allergen is not a medication")
	require.NotContains(t, byName, "potassium", "a lab value is not a medication")
	requireOneAllergy(t, f, "penicillin", "hives")
}

func TestMedicationsFrench(t *testing.T) {
	t.Parallel()
	x := facts.New()
	segs := transcript.Split(`Médecin : Vous prenez toujours le Kardégic soixante-quinze milligrammes le matin ?
Patiente : Oui, et de la metformine mille milligrammes deux fois par jour.
Médecin : On va arrêter l'ibuprofène. Je vous prescris du paracétamol un gramme trois fois par jour si besoin.
Patiente : Je suis allergique à la pénicilline, ça me donne de l'urticaire.`, nil)
	f := x.Extract(segs, "fr")
	byName := medicationsByName(f)
	require.Equal(t, "75 mg", deref(byName["kardégic"].Dose))
	require.Equal(t, "every morning", deref(byName["kardégic"].Frequency))
	require.Equal(t, "1000 mg", deref(byName["metformine"].Dose))
	require.Equal(t, facts.ActionStop, byName["ibuprofène"].Action)
	require.Equal(t, "1 g", deref(byName["paracétamol"].Dose))
	require.Equal(t, facts.ActionStart, byName["paracétamol"].Action)
	requireOneAllergy(t, f, "pénicilline", "urticaire")
}

func TestVitalsAreNumbersSaid(t *testing.T) {
	t.Parallel()
	x := facts.New()
	cases := []struct {
		lang, text string
		want       []facts.Vital
	}{
		{"en", "[doctor] your blood pressure today is one fifty over ninety and your heart rate is seventy two . temperature ninety eight point six . oxygen saturation ninety seven percent . you weigh 180 pounds .",
			[]facts.Vital{
				{Kind: facts.VitalBloodPressure, Value: "150/90", Unit: "mm[Hg]"},
				{Kind: facts.VitalHeartRate, Value: "72", Unit: "/min"},
				{Kind: facts.VitalTemperature, Value: "98.6", Unit: "[degF]"},
				{Kind: facts.VitalOxygen, Value: "97", Unit: "%"},
				{Kind: facts.VitalWeight, Value: "180", Unit: "[lb_av]"},
			}},
		{"fr", "Médecin : Votre tension est à cent trente sur quatre-vingt-cinq, le pouls à quatre-vingt-quinze. Température trente-huit virgule cinq. Vous pesez soixante-dix kilos.",
			[]facts.Vital{
				{Kind: facts.VitalBloodPressure, Value: "130/85", Unit: "mm[Hg]"},
				{Kind: facts.VitalHeartRate, Value: "95", Unit: "/min"},
				{Kind: facts.VitalTemperature, Value: "38.5", Unit: "Cel"},
				{Kind: facts.VitalWeight, Value: "70", Unit: "kg"},
			}},
		// "treize huit" is 130/80 in centimetres of mercury: converting it
		// would write numbers nobody said, so it is left out
		{"fr", "Médecin : Votre tension est à treize huit.", nil},
		{"en", "[doctor] any fever ? [patient] no .", nil},
	}
	for _, c := range cases {
		segs := transcript.Split(c.text, nil)
		f := x.Extract(segs, c.lang)
		var got []facts.Vital
		for _, v := range f.Vitals {
			require.NotEmpty(t, v.Spans)
			v.Spans = nil
			got = append(got, v)
		}
		require.Equal(t, c.want, got, c.text)
	}
}

func TestProblemsOrdersAndStatus(t *testing.T) {
	t.Parallel()
	x := facts.New()
	segs := transcript.Split(`[doctor] how is your high blood pressure ?
[patient] fine . no chest pain .
[doctor] any shortness of breath , nausea or vomiting ?
[patient] no , not that i've noticed .
[doctor] do you get headaches ?
[patient] yes , every morning .
[patient] i deny fever , chills or cough , but i have had some fatigue .
[doctor] your pneumonia has resolved . the ct ruled out a pulmonary embolism .
[doctor] hey dragon , order an echocardiogram and a lipid panel . i'll refer you to cardiology . follow up in two weeks .`, nil)
	f := x.Extract(segs, "en")
	status := map[string]string{}
	for _, p := range f.Problems {
		status[p.Text] = p.Status
	}
	require.Equal(t, facts.StatusActive, status["hypertension"])
	require.Equal(t, facts.StatusResolved, status["pneumonia"])
	require.Equal(t, facts.StatusRuledOut, status["pulmonary embolism"])
	require.NotContains(t, status, "chest pain", "a denied symptom is not a problem")
	require.NotContains(t, status, "shortness of breath", "symptoms the patient says no to are not problems")
	require.NotContains(t, status, "vomiting", "symptoms the patient says no to are not problems")
	require.Equal(t, facts.StatusActive, status["headache"], "a symptom the patient confirms is a problem")
	require.NotContains(t, status, "cough", "a negation reaches across a list")
	require.Equal(t, facts.StatusActive, status["fatigue"], "but a negation stops at but")
	kinds := map[string]string{}
	for _, o := range f.Orders {
		kinds[o.Text] = o.Kind
		require.Equal(t, o.Text, spanText(t, segs, o.Spans[0]), "an order's text is the words its span shows")
	}
	require.Equal(t, facts.OrderImaging, kinds["echocardiogram"])
	require.Equal(t, facts.OrderLab, kinds["lipid panel"])
	require.Equal(t, facts.OrderReferral, kinds["cardiology"])
	require.Equal(t, facts.OrderFollowUp, kinds["follow up in two weeks"])

	fr := transcript.Split("Médecin : Je vous prescris une prise de sang et une radio du genou. On se revoit dans un mois.", nil)
	kinds = map[string]string{}
	for _, o := range x.Extract(fr, "fr").Orders {
		kinds[o.Text] = o.Kind
	}
	require.Equal(t, map[string]string{"prise de sang": facts.OrderLab, "radio": facts.OrderImaging, "se revoit dans un mois": facts.OrderFollowUp}, kinds)
}

func TestEmptyFactsEncodeAsLists(t *testing.T) {
	t.Parallel()
	b, err := json.Marshal(facts.New().Extract(nil, "en"))
	require.NoError(t, err)
	require.JSONEq(t, `{"problems":[],"medications":[],"allergies":[],"vitals":[],"orders":[]}`, string(b))
}

// TestACIBenchFacts extracts facts from every train and valid dialogue and
// checks what a reader relies on: every span fits its segment, a
// medication's span shows its name, and no fact holds a number the dialogue
// did not say.
func TestACIBenchFacts(t *testing.T) {
	t.Parallel()
	x := facts.New()
	for _, split := range []string{"train", "valid"} {
		var total facts.Score
		for _, e := range acibench.Read(t, split) {
			segs := transcript.Split(e.Dialogue, nil)
			f := x.Extract(segs, "en")
			s := facts.ScoreEncounter(x, f, e.Dialogue, e.Note, "en")
			total.Add(s)
			require.Empty(t, s.Unsaid, "numbers in facts that were not said")
			for _, m := range f.Medications {
				require.NotEmpty(t, m.Spans)
				for _, sp := range m.Spans {
					text := strings.ToLower(spanText(t, segs, sp))
					shown := false
					for _, w := range strings.Fields(m.Name) {
						shown = shown || strings.Contains(text, w)
					}
					require.True(t, shown, "span %q shows no word of %q", text, m.Name)
				}
			}
			for _, v := range f.Vitals {
				for _, sp := range v.Spans {
					spanText(t, segs, sp)
				}
			}
			for _, p := range f.Problems {
				for _, sp := range p.Spans {
					spanText(t, segs, sp)
				}
			}
		}
		// the target: 80% of the medications named in both the
		// dialogue and the clinician's note, with the dose when said
		require.Greater(t, total.MedsGold, 40, split)
		require.GreaterOrEqual(t, float64(total.MedsFound)/float64(total.MedsGold), 0.8,
			"%s medication recall %d/%d, missed %v", split, total.MedsFound, total.MedsGold, total.Missed)
	}
}

// TestFrenchConsultation reads a whole French visit: statuses, numbers in
// words, doses, orders, and a dose that belongs to the drug it was said with.
func TestFrenchConsultation(t *testing.T) {
	t.Parallel()
	segs := transcript.Split(`Médecin : Bonjour madame. Alors, votre diabète, comment ça va ?
Patiente : Ça va, mais j'ai des maux de tête le matin.
Médecin : Avez-vous de la fièvre ?
Patiente : Non.
Médecin : Pas de douleur thoracique ? Votre pneumonie de l'an dernier est guérie.
Médecin : Votre tension est à cent cinquante-deux sur quatre-vingt-dix-huit, le pouls à soixante-huit, saturation à quatre-vingt-dix-sept pour cent.
Médecin : On va augmenter le ramipril à dix milligrammes le matin et continuer la metformine.
Médecin : Je vous prescris une prise de sang avec hémoglobine glyquée, et je vous adresse au cardiologue. On se revoit dans trois mois.`, nil)
	f := facts.New().Extract(segs, "fr")
	require.Equal(t, strings.Join([]string{
		"ramipril 10 mg every morning (change)",
		"metformine (continue)",
		"blood_pressure 152/98 mm[Hg]",
		"heart_rate 68 /min",
		"oxygen_saturation 97 %",
		"lab: prise de sang",
		"lab: hémoglobine glyquée",
		"referral: cardiologue",
		"follow_up: se revoit dans trois mois",
		"diabète (active)",
		"céphalée (active)",
		"pneumonie (resolved)",
	}, "\n")+"\n", facts.Text(f))
}

// TestAllergyNamedInReplyToTheQuestion: "any allergies?" is answered with
// the allergen alone, with a yes, or with a no and an exception; a no that
// goes on about a medication taken names no allergy.
func TestAllergyNamedInReplyToTheQuestion(t *testing.T) {
	t.Parallel()
	x := facts.New()
	for _, c := range []struct{ lang, text, substance, reaction, cited string }{
		{"en", "[doctor] any allergies to medications ?\n[patient] nope , just penicillin .\n", "penicillin", "<nil>", "penicillin"},
		{"en", "[doctor] any drug allergies ?\n[patient] sulfa drugs , i get a rash .\n", "sulfa", "rash", "sulfa drugs , i get a rash"},
		{"en", "[doctor] do you have any allergies ?\n[patient] yes , codeine .\n", "codeine", "<nil>", "codeine"},
		{"fr", "Médecin : Des allergies ?\nPatient : Non, juste la pénicilline.\n", "pénicilline", "<nil>", "pénicilline"},
	} {
		segs := transcript.Split(c.text, nil)
		f := x.Extract(segs, c.lang)
		require.Len(t, f.Allergies, 1, c.text)
		al := f.Allergies[0]
		require.Equal(t, c.substance, al.Substance, c.text)
		require.Equal(t, c.reaction, deref(al.Reaction), c.text)
		require.Len(t, al.Spans, 1)
		require.Equal(t, c.cited, spanText(t, segs, al.Spans[0]), c.text)
		require.Empty(t, f.Medications, "an allergen is no medication taken: %s", c.text)
	}
	for _, text := range []string{
		"[doctor] any allergies ?\n[patient] no .\n",
		"[doctor] any allergies ?\n[patient] no , i take lisinopril though .\n",
		"[doctor] any allergies ?\n[patient] i take zyrtec for my allergies .\n",
		"[patient] any allergies ?\n[doctor] penicillin .\n",
	} {
		require.Empty(t, x.Extract(transcript.Split(text, nil), "en").Allergies, text)
	}
}

// FuzzExtract feeds arbitrary text (a client's input) through segmentation
// and extraction: nothing may panic, and every span must fit its segment.
func FuzzExtract(f *testing.F) {
	for _, seed := range []string{
		"[doctor] blood pressure one fifty over ninety . lisinopril 20 mg daily .",
		"Médecin : tension cent trente sur quatre-vingt-cinq - - quatre-vingt-",
		"Patient: allergic to\n[patient]\n\n: : [",
		"point point and a half hundred thousand a",
		"dix-sept-vingt-et- virgule , 38,5/ 1.2.3 120/",
		"\xff\xfe[doctor]\x00 mg",
	} {
		f.Add(seed, "en")
		f.Add(seed, "fr")
	}
	x := facts.New()
	f.Fuzz(func(t *testing.T, text, lang string) {
		segs := transcript.Split(text, nil)
		got := x.Extract(segs, lang)
		check := func(spans []facts.Span) {
			for _, sp := range spans {
				if sp.Segment < 0 || sp.Segment >= len(segs) {
					t.Fatalf("span names segment %d of %d", sp.Segment, len(segs))
				}
				n := utf8.RuneCountInString(segs[sp.Segment].Text)
				if sp.Start < 0 || sp.End > n || sp.Start >= sp.End {
					t.Fatalf("span [%d,%d) does not fit a segment of %d code points", sp.Start, sp.End, n)
				}
			}
		}
		for _, p := range got.Problems {
			check(p.Spans)
		}
		for _, m := range got.Medications {
			check(m.Spans)
		}
		for _, a := range got.Allergies {
			check(a.Spans)
		}
		for _, v := range got.Vitals {
			check(v.Spans)
		}
		for _, o := range got.Orders {
			check(o.Spans)
		}
	})
}
