package evidence

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen/internal/clinical"
	"github.com/notegen/notegen/internal/facts"
	"github.com/notegen/notegen/internal/transcript"
)

// TestSpanWithAWrongNumberFails: the checker compares words loosely but
// numbers exactly, so a span sharing every word of a sentence but one of
// its numbers does not support it.
func TestSpanWithAWrongNumberFails(t *testing.T) {
	t.Parallel()
	c := NewChecker()
	for _, tc := range []struct{ sentence, said string }{
		{"Blood pressure 130/85.", "your blood pressure is one thirty over eighty"},
		{"Blood pressure 85/130.", "your blood pressure is one thirty over eighty five"},
		{"A 6/3 systolic murmur.", "a three out of six systolic murmur"},
		{"Temperature 98.6.", "your temperature is ninety eight point two"},
		{"Temperature 98.2.", "temperature ninety eight and then two weeks of cough"},
		{"Metformin 500 mg twice a day.", "metformin five mg twice a day"},
		{"Metformin 50 mg twice a day.", "metformin five hundred mg twice a day"},
		{"Follow up in 2 weeks.", "follow up in twelve weeks"},
	} {
		require.False(t, c.Supports(tc.sentence, tc.said, "en"), "%q must not be supported by %q", tc.sentence, tc.said)
	}
	for _, tc := range []struct{ sentence, said string }{
		{"Blood pressure 130/85.", "your blood pressure is one thirty over eighty five"},
		{"A 3/6 systolic murmur.", "a three out of six systolic murmur"},
		{"Temperature 98.2.", "temperature ninety eight . two"},
		{"Metformin 500 mg twice a day.", "metformin five hundred mg twice a day"},
	} {
		require.True(t, c.Supports(tc.sentence, tc.said, "en"), "%q is supported by %q", tc.sentence, tc.said)
	}
}

// TestListLabelIsNotAClaim: the system a review-of-systems line is filed
// under is the note's heading; what the line states must be supported,
// and nothing else is set aside.
func TestListLabelIsNotAClaim(t *testing.T) {
	t.Parallel()
	c := NewChecker()
	require.True(t, c.Supports("• Gastrointestinal: Denies nausea.", "any nausea ?", "en"))
	require.False(t, c.Supports("• Gastrointestinal: Denies nausea.", "no .", "en"), "a label does not make a bare answer support")
	require.False(t, c.Supports("Gastrointestinal bleeding and nausea.", "any nausea ?", "en"), "a sentence without a bullet keeps all its words")
	require.True(t, c.Supports("• Skin: Denies rash.", "fever , rashes , neck stiffness ?", "en"), "a plural meets its singular")
	require.True(t, c.Supports("• Neurological: Endorses dizziness.", "i feel a little dizzy", "en"), "an adjective in -y meets its noun")
}

// TestQuestionAndAnswerAreOneCitation: a clinician's question and the
// answer opening the next turn are checked together; a span that is not an
// answer stays a citation of its own.
func TestQuestionAndAnswerAreOneCitation(t *testing.T) {
	t.Parallel()
	segs := transcript.Split("[doctor] any fever or chills ?\n[patient] no . and no- no numbness either .\n"+
		"[doctor] and your knee\n[patient] uh , no , it is fine\n[doctor] lungs are clear\n[patient] my cough is better\n", nil)
	q := facts.Span{Segment: 0, Start: 0, End: segs[0].Len()}
	a := facts.Span{Segment: 1, Start: 0, End: 4}
	later := facts.Span{Segment: 1, Start: 9, End: segs[1].Len()}
	knee := facts.Span{Segment: 2, Start: 0, End: segs[2].Len()}
	reply := facts.Span{Segment: 3, Start: 0, End: segs[3].Len()}
	lungs := facts.Span{Segment: 4, Start: 0, End: segs[4].Len()}
	cough := facts.Span{Segment: 5, Start: 0, End: segs[5].Len()}
	require.Equal(t, "no .", SpanText(segs, a))
	require.Equal(t, [][]facts.Span{{q, a, later}, {knee, reply}, {lungs}, {cough}},
		Citations([]facts.Span{q, a, later, knee, reply, lungs, cough}, segs),
		"a question and its answer join, an unpunctuated one when the reply opens with a no; a statement and the next turn do not")
	require.Equal(t, [][]facts.Span{{q}, {later}}, Citations([]facts.Span{q, later}, segs), "a span later in the reply is no direct answer")
}

// TestWrittenLineIsCutIntoSentences: a review-of-systems line joins what
// was endorsed and what was denied; each sentence gets the spans that
// support it, the "no" going with its question.
func TestWrittenLineIsCutIntoSentences(t *testing.T) {
	t.Parallel()
	segs := transcript.Split("[doctor] how are you ?\n[patient] i'm just so tired and fatigued .\n[doctor] any fever ?\n[patient] no .\n", nil)
	all := func(i int) facts.Span { return facts.Span{Segment: i, Start: 0, End: segs[i].Len()} }
	parts := splitLine("• Constitutional: Endorses fatigue. Denies fever.")
	require.Equal(t, []string{"• Constitutional: Endorses fatigue.", "Denies fever."}, parts)
	require.Equal(t, [][]facts.Span{{all(1)}, {all(2), all(3)}}, allot(parts, []facts.Span{all(1), all(2), all(3)}, segs))
	fr := transcript.Split("[patient] j'ai une brûlure en urinant .\n[doctor] avez-vous du sang dans les urines ?\n[patient] non .\n", nil)
	frAll := func(i int) facts.Span { return facts.Span{Segment: i, Start: 0, End: fr[i].Len()} }
	frParts := splitLine("• Génito-urinaire: Rapporte dysurie. Nie hématurie.")
	require.Equal(t, [][]facts.Span{{frAll(0)}, {frAll(1), frAll(2)}}, allot(frParts, []facts.Span{frAll(0), frAll(1), frAll(2)}, fr),
		"spans go to their sentence by the spoken forms of its clinical words too")
	require.Equal(t, []string{"1. Hypertension."}, splitLine("1. Hypertension."), "a list item's number ends no sentence")
	require.Equal(t, []string{"Seen by Dr. Lee today.", "Better?", "Yes!"}, splitLine("Seen by Dr. Lee today. Better? Yes!"))
	require.Equal(t, []string{"Ibuprofen 600 mg q. 6 h. with food."}, splitLine("Ibuprofen 600 mg q. 6 h. with food."), "an abbreviation's period")
}

// TestModelCitingQuestionAndAnswerKeepsBoth: a language model that cites
// the question and the bare "no." for a denial keeps both citations; the
// "no." alone, or a segment about something else, is dropped and counted.
func TestModelCitingQuestionAndAnswerKeepsBoth(t *testing.T) {
	t.Parallel()
	b := NewBuilder()
	segs := transcript.Split("[doctor] any fever or chills ?\n[patient] no .\n[doctor] your knee looks fine .\n", nil)
	d, checked := b.Cited([]CitedSection{{Key: "reviewOfSystems", Heading: "Review of Systems", Sentences: []CitedSentence{
		{Text: "Denies fever and chills.", Segments: SegmentIDs{1, 0}},
		{Text: "No fever.", Segments: SegmentIDs{1}},
		{Text: "No chills.", Segments: SegmentIDs{2}},
	}}}, nil, clinical.Read(segs, clinical.Options{Lang: "en"}))
	whole := func(i int) facts.Span { return facts.Span{Segment: i, Start: 0, End: segs[i].Len()} }
	require.Equal(t, []facts.Span{whole(0), whole(1)}, d.Evidence[0].Spans, "the question and its answer, in transcript order")
	require.Empty(t, d.Evidence[1].Spans, "a bare answer cited without its question supports nothing")
	require.Empty(t, d.Evidence[2].Spans)
	require.Equal(t, Checked{Citations: 4, Dropped: 2}, checked)
}

// TestClinicalWordsMeetTheirSpokenForms: a note writes the clinical term
// for what was said in lay words; every word of a spoken form must be said.
func TestClinicalWordsMeetTheirSpokenForms(t *testing.T) {
	t.Parallel()
	c := NewChecker()
	require.True(t, c.Supports("Denies hematuria.", "any blood in your urine that you've seen ?", "en"))
	require.False(t, c.Supports("Denies hematuria.", "any blood in your stool ?", "en"), "blood alone is not hematuria")
	require.True(t, c.Supports("Right knee pain.", "i see that you hurt your knee", "en"))
	require.True(t, c.Supports("• Psychiatric: Endorses anxiety.", "i'm just a little bit anxious about it", "en"))
	require.False(t, c.Supports("• Psychiatric: Endorses anxiety.", "i'm just a little bit tired", "en"))
	require.True(t, c.Supports("Douleur abdominale.", "j'ai mal au ventre", "fr"))
	require.True(t, c.Supports("• Neurologique: Rapporte céphalées.", "j'ai des maux de tête le matin", "fr"))
	require.True(t, c.Supports("• Génito-urinaire: Rapporte dysurie.", "j'ai une brûlure en urinant", "fr"))
	require.False(t, c.Supports("• Génito-urinaire: Rapporte dysurie.", "j'urine souvent", "fr"), "urinating is not dysuria")
	require.True(t, c.Supports("Weight loss.", "i have lost some weight", "en"))
}

// TestAnswerAgainstItsSentence: the cross-check finds a report citing a
// "no" and a denial citing a "yes", and leaves agreeing answers alone.
func TestAnswerAgainstItsSentence(t *testing.T) {
	t.Parallel()
	segs := transcript.Split("[doctor] any numbness ?\n[patient] no numbness or tingling\n[doctor] any fatigue ?\n[patient] uh , yes a little bit\n", nil)
	whole := func(i int) facts.Span { return facts.Span{Segment: i, Start: 0, End: segs[i].Len()} }
	numb, tired := []facts.Span{whole(0), whole(1)}, []facts.Span{whole(2), whole(3)}
	require.True(t, Contradicts("• Neurological: Endorses numbness.", numb, segs))
	require.False(t, Contradicts("• Neurological: Denies numbness.", numb, segs))
	require.True(t, Contradicts("Denies fatigue.", tired, segs))
	require.False(t, Contradicts("• Constitutional: Endorses fatigue.", tired, segs))
	require.False(t, Contradicts("Numbness.", numb, segs), "a sentence that neither denies nor reports")
	require.False(t, Contradicts("Denies numbness.", numb[:1], segs), "a question without its answer")
}

// TestPlainNoteDenialCitesTheAnswer: a note known only as text finds its
// evidence itself; a denial cites the question and the "no" after it.
func TestPlainNoteDenialCitesTheAnswer(t *testing.T) {
	t.Parallel()
	b := NewBuilder()
	segs := transcript.Split("[doctor] any fever or chills ?\n[patient] no .\n[doctor] let us check your knee .\n", nil)
	d := b.Plain("Denies fever and chills.\n", nil, clinical.Read(segs, clinical.Options{Lang: "en"}))
	whole := func(i int) facts.Span { return facts.Span{Segment: i, Start: 0, End: segs[i].Len()} }
	require.Equal(t, []facts.Span{whole(0), whole(1)}, d.Evidence[0].Spans)
}
