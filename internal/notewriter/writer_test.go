package notewriter

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	nt "github.com/notegen/notegen/internal/notetemplate"
)

const englishVisit = `[doctor] hi , how are you ? the weather was great this weekend .
[patient] yeah , we went fishing .
[doctor] so what brings you in ?
[patient] um , i've had pain in my right knee for about four days .
[doctor] any fever or chills ?
[patient] no .
[patient] i'm allergic to penicillin .
[doctor] okay . let me do a physical exam . your blood pressure is one hundred twenty over eighty .
[doctor] on exam , there is swelling and tenderness of the right knee .
[doctor] your x-ray showed no fracture .
[doctor] so for my assessment and plan . for your knee pain , i think you have an mcl sprain . i want you to ice your knee twice a day .
[doctor] for your diabetes , i will order a hemoglobin a1c and continue metformin five hundred milligrams twice a day .`

const frenchVisit = `[doctor] bonjour , comment allez-vous ? il fait beau aujourd'hui .
[patient] oui , très bien merci .
[patient] euh , j'ai mal au genou droit depuis quatre jours .
[doctor] avez-vous de la fièvre ?
[patient] non .
[patient] je suis allergique à la pénicilline .
[doctor] d'accord . je vais faire l'examen physique . votre tension artérielle est à cent vingt sur quatre-vingts .
[doctor] à l'examen , le genou droit est enflé et sensible .
[doctor] la radiographie montre aucune fracture .
[doctor] voici mon plan . pour votre douleur au genou , je vais prescrire de la glace deux fois par jour .
[doctor] pour votre diabète , je vais demander une hémoglobine glyquée et continuer la metformine .`

func write(t *testing.T, in Input) Note {
	t.Helper()
	note, err := New().Write(context.Background(), in)
	require.NoError(t, err)
	return note
}

// section returns the body under heading (upper-case) up to the next
// upper-case heading line.
func section(text, heading string) string {
	lines := strings.Split(text, "\n")
	var body []string
	in := false
	for _, l := range lines {
		if l != "" && l == strings.ToUpper(l) && strings.ToUpper(l) != strings.ToLower(l) && !strings.HasPrefix(l, "•") && !strings.HasPrefix(l, "-") && !isNumbered(l) {
			if in {
				break
			}
			in = l == strings.ToUpper(heading)
			continue
		}
		if in && l != "" {
			body = append(body, l)
		}
	}
	return strings.Join(body, "\n")
}

func isNumbered(l string) bool { return len(l) > 1 && l[0] >= '0' && l[0] <= '9' }

func TestSectionAssignment(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, lang, transcript string
		want                   map[string]string // heading -> substring expected there
		absent                 []string          // small talk that must not appear
	}{
		{"english", "en", englishVisit, map[string]string{
			"Chief Complaint":            "Right knee pain.",
			"History of Present Illness": "Reports pain in their right knee for about 4 days.",
			"Review of Systems":          "Constitutional: Denies fever and chills.",
			"Allergies":                  "allergic to penicillin",
			"Physical Examination":       "120/80",
			"Results":                    "x-ray showed no fracture",
			"Plan":                       "ice",
		}, []string{"weather", "fishing", "how are you"}},
		{"french", "fr", frenchVisit, map[string]string{
			"Histoire de la maladie actuelle": "mal au genou droit depuis 4 jours",
			"Revue des systèmes":              "Général: Nie fièvre.",
			"Allergies":                       "allergique à la pénicilline",
			"Examen physique":                 "120/80",
			"Résultats":                       "radiographie montre aucune fracture",
			"Plan":                            "glace deux fois par jour",
		}, []string{"il fait beau", "comment allez-vous"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			note := write(t, Input{Transcript: c.transcript, Template: nt.PrimaryCare, Lang: c.lang, RecordingType: "conversation"})
			for heading, want := range c.want {
				require.Contains(t, section(note.Text, heading), want, "section %q of\n%s", heading, note.Text)
			}
			for _, chatter := range c.absent {
				require.NotContains(t, strings.ToLower(note.Text), chatter)
			}
		})
	}
}

func TestProblemBasedGroupsByProblem(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, lang, transcript, heading string
		want                            []string // in order
	}{
		{"english", "en", englishVisit, "Assessment and Plan",
			[]string{"1. Knee pain.", "- The patient will ice their knee twice daily.", "2. Diabetes.", "will order a hemoglobin a1c and continue metformin 500 mg twice daily."}},
		{"french", "fr", frenchVisit, "Évaluation et plan",
			[]string{"1. Douleur au genou.", "glace deux fois par jour", "2. Diabète.", "hémoglobine glyquée"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			note := write(t, Input{Transcript: c.transcript, Template: nt.PrimaryCare, Lang: c.lang, DocumentationStyle: "problemBased"})
			body := section(note.Text, c.heading)
			last := -1
			for _, w := range c.want {
				idx := strings.Index(body, w)
				require.Greater(t, idx, last, "%q out of order or missing in\n%s", w, body)
				last = idx
			}
		})
	}
}

func TestCustomTemplateHeadingsAreHonoured(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, lang, transcript, custom string
		headings                       []string
		contentUnder                   map[string]string
	}{
		{"english", "en", englishVisit, "Reason for visit:\nExam findings:\nWhat we will do:",
			[]string{"REASON FOR VISIT", "EXAM FINDINGS", "WHAT WE WILL DO"}, map[string]string{"Exam findings": "120/80"}},
		{"french", "fr", frenchVisit, "Motif :\nExamen :\nConduite à tenir :",
			[]string{"MOTIF", "EXAMEN", "CONDUITE À TENIR"}, map[string]string{"Examen": "enflé"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			note := write(t, Input{Transcript: c.transcript, Template: nt.PrimaryCare, Lang: c.lang, CustomTemplate: c.custom})
			last := -1
			for _, h := range c.headings {
				idx := strings.Index(note.Text, h+"\n")
				require.Greater(t, idx, last, "heading %q missing or out of order in\n%s", h, note.Text)
				last = idx
			}
			require.NotContains(t, note.Text, "HISTORY OF PRESENT ILLNESS")
			require.NotContains(t, note.Text, "HISTOIRE DE LA MALADIE ACTUELLE")
			for h, want := range c.contentUnder {
				require.Contains(t, section(note.Text, h), want)
			}
		})
	}
}

func TestEveryTemplateWritesItsSectionsInBothOutputLanguages(t *testing.T) {
	t.Parallel()
	for _, id := range nt.IDs() {
		for _, out := range []nt.Lang{nt.English, nt.French} {
			for _, style := range []nt.Style{nt.SOAP, nt.ProblemBased} {
				t.Run(id+"/"+string(out)+"/"+string(style), func(t *testing.T) {
					t.Parallel()
					tmpl, _ := nt.Lookup(id)
					note := write(t, Input{Transcript: englishVisit, Template: id, Lang: "en", OutputLanguage: string(out), DocumentationStyle: string(style), VisitType: "followUp"})
					require.True(t, strings.HasPrefix(note.Title, tmpl.Title(out)))
					last := -1
					for _, s := range tmpl.Sections(out, style) {
						idx := strings.Index(note.Text, strings.ToUpper(s.Heading)+"\n")
						require.Greater(t, idx, last, "heading %q missing or out of order", s.Heading)
						last = idx
					}
				})
			}
		}
	}
}

func TestWordForWordAndSmartInsert(t *testing.T) {
	t.Parallel()
	wfw := write(t, Input{Transcript: "Um, patient is a 40 year old man with, uh, low back pain for two weeks. No trauma.", Template: nt.WordForWord, Lang: "en", RecordingType: "dictation"})
	require.Contains(t, wfw.Text, "Patient is a 40 year old man with low back pain for two weeks. No trauma.")
	insert := write(t, Input{Transcript: englishVisit, Template: nt.SmartInsert, Lang: "en"})
	body := section(insert.Text, "Insert")
	require.NotEmpty(t, body)
	require.LessOrEqual(t, strings.Count(body, ". "), smartInsertSentences)
}

func TestDeterministicAndConcurrent(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ lang, transcript string }{{"en", englishVisit}, {"fr", frenchVisit}} {
		first := write(t, Input{Transcript: c.transcript, Template: nt.ER, Lang: c.lang})
		done := make(chan Note, 8)
		for range 8 {
			go func() {
				n, _ := New().Write(context.Background(), Input{Transcript: c.transcript, Template: nt.ER, Lang: c.lang})
				done <- n
			}()
		}
		for range 8 {
			require.Equal(t, first, <-done)
		}
	}
}

func TestInvalidInput(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		in   Input
		want string
	}{
		{"unknown template", Input{Template: "dermatology", Lang: "en"}, `unknown template "dermatology"`},
		{"unknown language", Input{Template: nt.ER, Lang: "de"}, "spoken language"},
		{"unknown output language", Input{Template: nt.ER, Lang: "en", OutputLanguage: "es"}, "output language"},
		{"unknown style", Input{Template: nt.ER, Lang: "en", DocumentationStyle: "narrative"}, "documentation style"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			_, err := New().Write(context.Background(), c.in)
			require.ErrorContains(t, err, c.want)
		})
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := New().Write(ctx, Input{Template: nt.ER, Lang: "en"})
	require.ErrorIs(t, err, context.Canceled)
}
