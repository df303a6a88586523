package transcript_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen/internal/acibench"
	"github.com/notegen/notegen/internal/transcript"
)

// Speakers, short for the tables below.
const (
	clinician = transcript.Clinician
	patient   = transcript.Patient
	other     = transcript.Other
	unknown   = transcript.Unknown
)

// said is a turn of who, before turns numbers it.
func said(who transcript.Speaker, text string) transcript.Segment {
	return transcript.Segment{Speaker: who, Text: text}
}

// voiced is a turn of a diarised voice whose role is not known.
func voiced(voice, text string) transcript.Segment {
	return transcript.Segment{Speaker: unknown, Voice: voice, Text: text}
}

// voicedAs is a turn of a labelled voice given a role.
func voicedAs(who transcript.Speaker, voice, text string) transcript.Segment {
	return transcript.Segment{Speaker: who, Voice: voice, Text: text}
}

// companion is a turn of someone with the patient, named by their label.
func companion(label, text string) transcript.Segment {
	return transcript.Segment{Speaker: other, Voice: label, Text: text}
}

// turns numbers segments in transcript order, as Split does.
func turns(segs ...transcript.Segment) []transcript.Segment {
	for i := range segs {
		segs[i].ID = i
	}
	return segs
}

func TestSplitLabels(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		in   string
		want []transcript.Segment
	}{
		{"aci-bench brackets", "[doctor] hi , martha .\n[patient] i'm okay .\n[patient_guest] she is not .",
			turns(said(clinician, "hi , martha ."), said(patient, "i'm okay ."), companion("patient_guest", "she is not ."))},
		{"colons english", "Doctor: How are you?\nPatient: Fine.\nNurse: BP is 120/80.\nInterpreter: Elle dit oui.",
			turns(said(clinician, "How are you?"), said(patient, "Fine."), companion("Nurse", "BP is 120/80."), companion("Interpreter", "Elle dit oui."))},
		{"french with spaced and no-break colons", "Médecin : Bonjour.\nPatiente\u00a0: Bonjour docteur.\nInfirmière : Tension à 13/8.\nDr. Martin : Très bien.",
			turns(said(clinician, "Bonjour."), said(patient, "Bonjour docteur."), companion("Infirmière", "Tension à 13/8."), said(clinician, "Très bien."))},
		{"wrapped turn continues its speaker", "[doctor] hey , dragon ? order an echo .\nlastly , your blood pressure .\n\n[patient] mm-hmm .",
			turns(said(clinician, "hey , dragon ? order an echo .\nlastly , your blood pressure ."), said(patient, "mm-hmm ."))},
		{"headings are not labels", "Plan: start metformin.\nAssessment: diabetes.",
			turns(said(unknown, "Plan: start metformin."), said(unknown, "Assessment: diabetes."))},
		{"numbered voices are unknown and keep their voice", "Speaker 1: Hello.\nLocuteur 2 : Bonjour.\nSPEAKER_00: Hi.",
			turns(voiced("Speaker 1", "Hello."), voiced("Locuteur 2", "Bonjour."), voiced("SPEAKER_00", "Hi."))},
		{"every common form", "Dr: a\nGP: b\nClinician: c\nNurse: d\nMother: e\nMum: f\nGuest_family: g\nPatiente : h\nDr. Okafor: i\n[patient] j",
			turns(said(clinician, "a"), said(clinician, "b"), said(clinician, "c"), companion("Nurse", "d"), companion("Mother", "e"),
				companion("Mum", "f"), companion("Guest_family", "g"), said(patient, "h"), said(clinician, "i"), said(patient, "j"))},
		{"a courtesy title names a voice, not a role", "Dr Moreau : Bonjour.\nMme Lefèvre : Bonjour docteur.\nMrs Patel: Hello.\nMonsieur Dupont : Oui.",
			turns(said(clinician, "Bonjour."), voiced("Mme Lefèvre", "Bonjour docteur."), voiced("Mrs Patel", "Hello."), voiced("Monsieur Dupont", "Oui."))},
		{"label alone on its line", "[doctor]\nhow is the knee ?", turns(said(clinician, "how is the knee ?"))},
		{"a specialist's label", "Psychiatrist: How are you?\nCardiologue : Bonjour.\nPharmacist: Any allergies?",
			turns(said(clinician, "How are you?"), said(clinician, "Bonjour."), said(clinician, "Any allergies?"))},
		{"a role said with its kind, and a caller", "OOH GP: Hello, it's the out-of-hours doctor.\nCaller: It's about my husband.\nTriage Nurse: Any fever?",
			turns(said(clinician, "Hello, it's the out-of-hours doctor."), voiced("Caller", "It's about my husband."), companion("Triage Nurse", "Any fever?"))},
		{"the nurse leads where no clinician speaks", "Nurse: Pediatric nurse line.\nParent: He has a fever.",
			turns(voicedAs(clinician, "Nurse", "Pediatric nurse line."), companion("Parent", "He has a fever."))},
		{"a Québec doctor's title", "Dre : Qu'est-ce qui vous amène?\nDre Tremblay : Bonjour.",
			turns(said(clinician, "Qu'est-ce qui vous amène?"), said(clinician, "Bonjour."))},
		{"empty", "  \n\n", nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			require.Equal(t, c.want, transcript.Split(c.in, nil))
		})
	}
}

func TestIsStaff(t *testing.T) {
	t.Parallel()
	for label, want := range map[string]bool{"Nurse": true, "RN": true, "Infirmière": true, "Dad": false, "Interpreter": false, "Mère": false} {
		require.Equal(t, want, transcript.IsStaff(label), label)
	}
}

func TestSplitCallsInferrerOnlyForUnknownTurns(t *testing.T) {
	t.Parallel()
	calls := 0
	infer := func(segs []transcript.Segment) {
		calls++
		for i := range segs {
			if segs[i].Speaker == transcript.Unknown {
				segs[i].Speaker = transcript.Patient
			}
		}
	}
	segs := transcript.Split("I have had a cough for two weeks.", infer)
	require.Equal(t, 1, calls)
	require.Equal(t, transcript.Patient, segs[0].Speaker)

	transcript.Split("[doctor] hello\n[patient] hi", infer)
	require.Equal(t, 1, calls, "a fully labelled transcript needs no inference")
}

// TestSplitCutsAnAnsweredQuestionWhenRolesAreInferred: a recogniser's line
// holds a question and its answer; cut, each part gets its own role.
func TestSplitCutsAnAnsweredQuestionWhenRolesAreInferred(t *testing.T) {
	t.Parallel()
	keep := func([]transcript.Segment) {}
	require.Equal(t, turns(said(unknown, "Any fever?"), said(unknown, "I felt warm, but not since."), said(unknown, "Any fever?"),
		said(unknown, "Any chills?"), said(unknown, "What? 120/80?")),
		transcript.Split("Any fever? I felt warm, but not since.\nAny fever? Any chills?\nWhat? 120/80?", keep))
	require.Equal(t, turns(said(unknown, "Any fever? I felt warm.")), transcript.Split("Any fever? I felt warm.", nil),
		"without inference the lines are read as they are")
	require.Equal(t, turns(said(clinician, "Any fever? Any chills?"), said(patient, "No.")),
		transcript.Split("Doctor: Any fever? Any chills?\nPatient: No.", keep), "a labelled line is a turn")
}

// TestTextTurnHasNoTimes: a text job's segment has no times (the wire
// writes null), and its label gives the role.
func TestTextTurnHasNoTimes(t *testing.T) {
	t.Parallel()
	require.Equal(t, turns(said(clinician, "hi")), transcript.Split("Doctor: hi", nil))
}

func TestSliceCountsCodePoints(t *testing.T) {
	t.Parallel()
	s := transcript.Segment{ID: 1, Text: "fièvre à 38,5"}
	got, err := s.Slice(7, 13)
	require.NoError(t, err)
	require.Equal(t, "à 38,5", got)
	require.Equal(t, 13, s.Len())
	_, err = s.Slice(7, 14)
	require.ErrorContains(t, err, "segment 1")
	_, err = s.Slice(3, 2)
	require.Error(t, err)
}

// TestSplitACIBench checks every train and valid dialogue: every turn gets
// the role of its tag, and no words are lost or invented.
func TestSplitACIBench(t *testing.T) {
	t.Parallel()
	for _, split := range []string{"train", "valid"} {
		for _, e := range acibench.Read(t, split) {
			dialogue := e.Dialogue
			segs := transcript.Split(dialogue, nil)
			require.Equal(t, strings.Count(dialogue, "\n[")+1, len(segs), e.ID)
			var words []string
			for i, s := range segs {
				require.Equal(t, i, s.ID)
				require.NotEqual(t, transcript.Unknown, s.Speaker, e.ID)
				words = append(words, strings.Fields(s.Text)...)
			}
			var want []string
			for _, w := range strings.Fields(dialogue) {
				if !strings.HasPrefix(w, "[doctor]") && !strings.HasPrefix(w, "[patient") {
					want = append(want, w)
				}
			}
			require.Equal(t, want, words, e.ID)
		}
	}
}

func TestFromTimed(t *testing.T) {
	t.Parallel()
	segs := transcript.FromTimed([]transcript.Timed{
		{Start: 0, End: 2.5, Text: " Hello, how are you? "},
		{Start: 2.5, End: 3, Text: "  "},
		{Start: 3.1, End: 6.25, Text: "I've had a cough for two weeks."},
	}, nil)
	at := func(s float64) *float64 { return &s }
	require.Equal(t, []transcript.Segment{
		{ID: 0, Speaker: transcript.Unknown, Start: at(0), End: at(2.5), Text: "Hello, how are you?"},
		{ID: 1, Speaker: transcript.Unknown, Start: at(3.1), End: at(6.25), Text: "I've had a cough for two weeks."},
	}, segs)
	require.Empty(t, transcript.FromTimed(nil, nil))

	diarised := transcript.FromTimed([]transcript.Timed{{Text: "hello", Speaker: "SPEAKER_01"}, {Text: "hi", Speaker: "Doctor"}}, nil)
	require.Equal(t, "SPEAKER_01", diarised[0].Voice)
	require.Equal(t, transcript.Unknown, diarised[0].Speaker)
	require.Equal(t, transcript.Clinician, diarised[1].Speaker)
}

// Turns labelled by the speakers' names ("Maria:", "John Smith:") are the
// voices of those names, Unknown until inference gives each voice its
// role; a heading that opens one line ("Plan:") is no label, nor is a
// word of the lexicon ("Assessment:").
func TestSplitNameLabelsAreVoices(t *testing.T) {
	t.Parallel()
	segs := transcript.Split(`Dr. Lee: Good morning, what brings you in?
John Smith: My back has been hurting since Saturday.
Dr. Lee: Any numbness in your legs?
John Smith: No.
Plan: ibuprofen and rest.`, func([]transcript.Segment) {})
	require.Len(t, segs, 4)
	require.Equal(t, transcript.Clinician, segs[0].Speaker)
	require.Equal(t, transcript.Unknown, segs[1].Speaker)
	require.Equal(t, "John Smith", segs[1].Voice)
	require.Equal(t, "My back has been hurting since Saturday.", segs[1].Text)
	require.Equal(t, "No.\nPlan: ibuprofen and rest.", segs[3].Text, "a heading said once is the turn's text")
	one := transcript.Split("Maria: I have a cough.\nDoctor: Since when?", func([]transcript.Segment) {})
	require.Equal(t, "Maria: I have a cough.", one[0].Text, "a name that opens one line is no label")
}
