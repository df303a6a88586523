package notewriter

import (
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// frenchFact is what a clinician reading the note must find (or must not).
type frenchFact struct {
	// sections maps a heading to text that must appear under it.
	sections map[string][]string
	// absent must appear nowhere: a denied symptom charted as present, a
	// wrong number, a companion's words given to the patient.
	absent []string
	// numbers are every number the note may write, as digits.
	numbers []string
}

// frenchFixtures are French doctor-patient conversations written for these
// tests (testdata/fr), covering vital signs, doses, negations, decimals
// and relatives who speak, with the facts their note must state.
var frenchFixtures = map[string]frenchFact{
	"01-hypertension.txt": {
		sections: map[string][]string{
			"Motif de consultation":           {"Suivi de sa tension."},
			"Examen physique":                 {"Tension artérielle 152/94, fréquence cardiaque 78."},
			"Médicaments actuels":             {"5 mg le matin"},
			"Plan":                            {"augmente l'amlodipine à 10 mg une fois par jour", "Je lui demande de prendre sa tension"},
			"Histoire de la maladie actuelle": {"Nie douleurs à la poitrine.", "maux de tête le matin depuis 2 semaines"},
		},
		absent:  []string{"Son tension", "Rapporte douleur thoracique"},
		numbers: []string{"152/94", "78", "5", "10", "2", "4"},
	},
	"02-fievre-enfant.txt": {
		sections: map[string][]string{
			"Histoire de la maladie actuelle": {"Selon l'accompagnant : « Il a de la fièvre depuis 3 jours, jusqu'à 39,2 hier soir"},
			"Examen physique":                 {"Température 38,5, saturation 97%.", "La gorge est rouge"},
			"Plan":                            {"amoxicilline 250 mg 3 fois par jour pendant 10 jours", "48 heures"},
		},
		absent:  []string{"Le patient a de la fièvre", "pour 100", "40"},
		numbers: []string{"3", "39,2", "38,5", "97", "250", "10", "48"},
	},
	"03-diabete.txt": {
		sections: map[string][]string{
			"Médicaments actuels": {"metformine 1000 mg deux fois par jour"},
			"Examen physique":     {"128/76", "91 kg", "la sensibilité est normale"},
			"Résultats":           {"Son hémoglobine glyquée est à 7,8%."},
			"Plan":                {"sitagliptine 100 mg une fois par jour", "dans 3 mois"},
			"Revue des systèmes":  {"Nie picotements."},
		},
		absent:  []string{"Rapporte picotements", "avez-vous"},
		numbers: []string{"1000", "128/76", "91", "7,8", "100", "3"},
	},
	"04-lombalgie.txt": {
		sections: map[string][]string{
			"Histoire de la maladie actuelle": {"mal au dos depuis 10 jours", "Nie engourdissements."},
			"Examen physique":                 {"Le bas du dos est sensible à droite."},
			"Plan":                            {"Pour sa lombalgie", "ibuprofène 400 mg 3 fois par jour pendant 5 jours", "Évitez de soulever des charges lourdes pendant 2 semaines."},
		},
		absent:  []string{"Rapporte engourdissements", "Pour son lombalgie"},
		numbers: []string{"10", "400", "3", "5", "2"},
	},
	"05-asthme.txt": {
		sections: map[string][]string{
			"Histoire de la maladie actuelle":     {"il utilise sa pompe de salbutamol 4 fois par jour", "Nie fièvre."},
			"Habitudes de vie et contexte social": {"ne fume pas"},
			"Examen physique":                     {"Saturation 95%, fréquence respiratoire 20.", "Des sibilances aux 2 poumons."},
			"Plan":                                {"budésonide 200 mcg deux fois par jour", "À revoir dans 6 semaines."},
		},
		absent:  []string{"Rapporte fièvre", "le patient fume "},
		numbers: []string{"4", "95", "20", "2", "200", "6"},
	},
	"06-genou-fille.txt": {
		sections: map[string][]string{
			"Histoire de la maladie actuelle": {"Rapporte mal au genou gauche depuis un mois.", "Selon l'accompagnant : « Elle boite depuis une semaine"},
			"Examen physique":                 {"Le genou gauche est enflé, avec un épanchement"},
			"Résultats":                       {"La radiographie du genou montre de l'arthrose, sans fracture."},
			"Plan":                            {"acétaminophène 500 mg au besoin", "la réfère en physiothérapie"},
		},
		absent:  []string{"Rapporte fièvre"},
		numbers: []string{"500"},
	},
	"07-insuffisance-cardiaque.txt": {
		sections: map[string][]string{
			"Histoire de la maladie actuelle": {"les jambes enflées depuis une semaine", "il dort avec 3 oreillers", "Nie douleurs à la poitrine."},
			"Médicaments actuels":             {"Il prend 40 mg le matin."},
			"Examen physique":                 {"Tension artérielle 140/90", "poids 82 kg", "crépitants aux bases des poumons"},
			"Plan":                            {"Pour son insuffisance cardiaque", "furosémide à 80 mg par jour", "échographie cardiaque"},
		},
		numbers: []string{"3", "40", "140/90", "82", "2", "80"},
	},
	"08-migraine.txt": {
		sections: map[string][]string{
			"Histoire de la maladie actuelle": {"des migraines 3 fois par semaine depuis 2 mois", "Nie vomissements."},
			"Examen physique":                 {"118/72", "L'examen neurologique est normal."},
			"Plan":                            {"Pour ses migraines", "sumatriptan 50 mg au besoin, au maximum 2 comprimés par jour", "Je lui conseille de tenir un journal"},
		},
		absent:  []string{"Rapporte vomissements"},
		numbers: []string{"3", "2", "118/72", "50"},
	},
	"09-infection-urinaire.txt": {
		sections: map[string][]string{
			"Allergies":          {"allergique à la pénicilline"},
			"Revue des systèmes": {"Rapporte dysurie. Nie hématurie."},
			"Examen physique":    {"Température 37,2.", "L'abdomen est souple"},
			"Résultats":          {"L'analyse d'urine montre des leucocytes et des nitrites."},
			"Plan":               {"nitrofurantoïne 100 mg deux fois par jour pendant 5 jours"},
		},
		absent:  []string{"Rapporte fièvre", "Rapporte hématurie"},
		numbers: []string{"2", "37,2", "100", "5"},
	},
	"10-depression-conjoint.txt": {
		sections: map[string][]string{
			"Histoire de la maladie actuelle": {"fatigué tout le temps", "Selon l'accompagnant : « Il ne sort plus de la maison et il a perdu 6 kg. »", "Nie idées suicidaires."},
			"Examen physique":                 {"74 kg"},
			"Plan":                            {"sertraline 50 mg une fois par jour", "le réfère en psychothérapie"},
		},
		absent:  []string{"Le patient a perdu", "Rapporte idées suicidaires"},
		numbers: []string{"3", "6", "74", "50", "4"},
	},
	"11-controle-anticoagulant.txt": {
		sections: map[string][]string{
			"Motif de consultation": {"Fibrillation auriculaire."},
			"Médicaments actuels":   {"apixaban 5 mg deux fois par jour"},
			"Revue des systèmes":    {"Rapporte palpitations."},
			"Examen physique":       {"Fréquence cardiaque 88, tension artérielle 132/81.", "Le rythme est irrégulier, sans souffle."},
			"Plan":                  {"Holter de 24 heures"},
		},
		absent:  []string{"Rapporte saignements"},
		numbers: []string{"5", "88", "132/81", "24"},
	},
}

var noteNumber = regexp.MustCompile(`\d+(?:[.,]\d+)*(?:/\d+)?`)

func TestFrenchConversations(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob("testdata/fr/*.txt")
	require.NoError(t, err)
	require.GreaterOrEqual(t, len(files), 10)
	for _, f := range files {
		name := filepath.Base(f)
		want, ok := frenchFixtures[name]
		require.True(t, ok, "no expected facts for %s", name)
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			transcript, err := os.ReadFile(f)
			require.NoError(t, err)
			note := writeConversation(t, "fr", string(transcript))
			for heading, facts := range want.sections {
				body := section(note.Text, heading)
				for _, fact := range facts {
					require.Contains(t, strings.ToLower(body), strings.ToLower(fact), "section %q of\n%s", heading, note.Text)
				}
			}
			for _, bad := range want.absent {
				require.NotContains(t, note.Text, bad, note.Text)
			}
			// Every number written is one that was said (list numbers of
			// problems aside).
			var got []string
			for _, line := range strings.Split(note.Text, "\n") {
				line = regexp.MustCompile(`^\d+\. `).ReplaceAllString(line, "")
				got = append(got, noteNumber.FindAllString(line, -1)...)
			}
			allowed := map[string]bool{}
			for _, n := range want.numbers {
				allowed[n] = true
			}
			var unexpected []string
			for _, n := range got {
				if !allowed[n] {
					unexpected = append(unexpected, n)
				}
			}
			sort.Strings(unexpected)
			require.Empty(t, unexpected, note.Text)
		})
	}
}
