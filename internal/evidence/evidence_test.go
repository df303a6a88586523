package evidence

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen/internal/acibench"
	"github.com/notegen/notegen/internal/facts"
	nt "github.com/notegen/notegen/internal/notetemplate"
	"github.com/notegen/notegen/internal/notewriter"
	"github.com/notegen/notegen/internal/transcript"
)

func TestCheckerNumbersMustBeSaid(t *testing.T) {
	t.Parallel()
	c := NewChecker()
	said := "i hear a two out of six systolic murmur and your temperature is ninety eight . two"
	require.True(t, c.NumbersSaid("A 2/6 systolic murmur.", said, "en"), "a ratio is said as its parts")
	require.True(t, c.NumbersSaid("Temperature 98.2.", said, "en"), "a decimal as speech-to-text writes it")
	require.True(t, c.NumbersSaid("1. Murmur.", said, "en"), "a list's enumerator is not a stated number")
	require.Contains(t, c.Unsaid("A 3/6 murmur.", "two out of six", "en"), "3", "a number not said is reported")
	require.False(t, c.Supports("Lisinopril 20 mg daily.", "lisinopril ten mg daily", "en"))
	require.True(t, c.Supports("Lisinopril 10 mg daily.", "lisinopril ten mg daily", "en"))
	require.False(t, c.Supports("Chest pain for two days.", "good morning, how are you two", "en"), "too few content words shared")
}

func TestFromWrittenKeepsSegmentSpans(t *testing.T) {
	t.Parallel()
	text := "[doctor] What brings you in?\n[patient] Chest pain,\n  worse on stairs.\n[doctor] Lungs are clear. No murmur.\n"
	segs := transcript.Split(text, nil)
	written := []notewriter.Section{
		{Key: nt.KeyHPI, Heading: "History of Present Illness", Sentences: []notewriter.Sentence{
			{Text: "Chest pain, worse on stairs.", Spans: []facts.Span{{Segment: 1, Start: 0, End: 28}}},
		}},
		{Key: nt.KeyPhysicalExam, Heading: "Physical Examination", Sentences: []notewriter.Sentence{
			{Text: "• Respiratory: Lungs are clear. No murmur.", Spans: []facts.Span{{Segment: 2, Start: 0, End: 16}, {Segment: 2, Start: 17, End: 27}}},
		}},
		{Key: nt.KeyPlan, Heading: "Plan", Sentences: []notewriter.Sentence{{Text: "Not discussed."}}},
	}
	secs, items := FromWritten(written, segs)
	require.Equal(t, []Section{{Key: "history_of_present_illness", Title: "History of Present Illness", Text: "Chest pain, worse on stairs."},
		{Key: "physical_exam", Title: "Physical Examination", Text: "• Respiratory: Lungs are clear. No murmur."},
		{Key: "plan", Title: "Plan", Text: "Not discussed."}}, secs)
	require.Len(t, items, 3, "placeholders carry no evidence")
	require.Equal(t, []facts.Span{{Segment: 1, Start: 0, End: 28}}, items[0].Spans, "spans arrive in segment coordinates")
	require.Equal(t, "• Respiratory: Lungs are clear.", items[1].Sentence)
	require.Equal(t, []facts.Span{{Segment: 2, Start: 0, End: 16}}, items[1].Spans, "each sentence of a line keeps the span that supports it")
	require.Equal(t, []facts.Span{{Segment: 2, Start: 17, End: 27}}, items[2].Spans)
}

func TestSplitSectionsByTemplateHeadings(t *testing.T) {
	t.Parallel()
	headings := []nt.Section{{Key: nt.KeyChiefComplaint, Heading: "Chief Complaint"}, {Key: nt.KeyPlan, Heading: "Plan"}}
	secs := SplitSections("CHIEF COMPLAINT\nCough.\n\nPlan:\nRest. Fluids.\n", headings)
	require.Equal(t, []Section{{Key: "chief_complaint", Title: "Chief Complaint", Text: "Cough."}, {Key: "plan", Title: "Plan", Text: "Rest. Fluids."}}, secs)
	require.Equal(t, []string{"Rest.", "Fluids."}, Sentences(secs[1].Text))
}

func TestFlagUnsaidEmptiesOnlySentencesWithANumberNeverSaid(t *testing.T) {
	t.Parallel()
	segs := transcript.Split("[doctor] your blood pressure is one thirty over eighty five\n[patient] okay\n"+
		"[doctor] i hear a two out of six murmur and your temperature is ninety eight . two\n", nil)
	span := []facts.Span{{Segment: 0, Start: 0, End: 10}}
	d := Detail{Evidence: []Sentence{
		{Section: "exam", Sentence: "Blood pressure 130/85.", Spans: span},
		{Section: "exam", Sentence: "Heart rate 72.", Spans: span},
		{Section: "exam", Sentence: "A 2/6 murmur, temperature 98.2.", Spans: span},
		{Section: "exam", Sentence: "A 3/6 murmur.", Spans: span},
		{Section: "plan", Sentence: "1. Rest.", Spans: span},
	}}
	require.Equal(t, 2, NewBuilder().FlagUnsaid(&d, segs, "en"), "the heart rate and the 3/6 murmur were never said")
	spans := make([]int, len(d.Evidence))
	for i, e := range d.Evidence {
		spans[i] = len(e.Spans)
	}
	require.Equal(t, []int{1, 0, 1, 0, 1}, spans,
		"numbers said in any segment keep their sentence's spans, an enumerator is no number, an unsaid one loses them")
}

// BenchmarkNoteDetailOneHour computes what the server stores beside a
// built-in note of about an hour of conversation (the train dialogues
// joined until 9,000 words): sections, evidence, facts, and the check that
// every number a sentence states was said.
func BenchmarkNoteDetailOneHour(b *testing.B) {
	text, words := acibench.OneHour(b)
	note, err := notewriter.New().Write(context.Background(), notewriter.Input{Transcript: text, Template: "primaryCare", Lang: "en", RecordingType: "conversation"})
	require.NoError(b, err)
	segs := note.Reading.Segments
	builder := NewBuilder()
	for b.Loop() {
		d := builder.Written(note.Sections, note.Reading)
		builder.FlagUnsaid(&d, segs, "en")
	}
	b.ReportMetric(float64(words), "words")
}
