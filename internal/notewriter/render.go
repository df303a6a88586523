package notewriter

import (
	"fmt"
	"strings"

	"github.com/notegen/notegen"
	"github.com/notegen/notegen/internal/clinical"
	"github.com/notegen/notegen/internal/discourse"
	"github.com/notegen/notegen/internal/lexicon"
	nt "github.com/notegen/notegen/internal/notetemplate"
	"github.com/notegen/notegen/internal/transcript"
)

// renderer lays one reading out in a template's sections.
type renderer struct {
	r     *clinical.Reading
	x     *lexicon.Lexicon // the spoken language's: statements keep it
	out   *lexicon.Lexicon // the output language's: headings and fixed phrases
	style nt.Style
	voice *voice
	// units holds, per section key, the units routed there.
	units map[string][]int
	// written says, of each unit whose sentence is in the note, the
	// section it is in.
	written map[int]string
	// present holds the template's section keys.
	present map[string]bool
}

func newRenderer(r *clinical.Reading, out nt.Lang, style nt.Style) *renderer {
	v := newVoice(r.Lexicon, r.Patient)
	// the clinician speaks to someone other than the patient only when
	// someone else speaks: alone with the patient, "she can give you your
	// flu jab" has the nurse give the patient
	v.addressesCaregiver = v.addressesCaregiver && (r.Patient.Kin != "" || r.CompanionSpeaks())
	return &renderer{r: r, x: r.Lexicon, out: lexicon.For(string(out)), style: style, voice: v, written: map[int]string{}}
}

// destinations lists, per part of the visit, the section keys that can
// hold its units in order of preference; a template with none of them
// leaves them out (a radiology report has no place for social history).
var destinations = map[discourse.Part][]string{
	discourse.Complaint:   {nt.KeyHPI, nt.KeyClinicalIndication, nt.KeyIndication},
	discourse.History:     {nt.KeyHPI, nt.KeyClinicalIndication, nt.KeyIndication},
	discourse.PastHistory: {nt.KeyPastMedicalHistory, nt.KeyPsychiatricHistory, nt.KeyHPI},
	discourse.Surgical:    {nt.KeyPastSurgicalHistory, nt.KeyPastMedicalHistory, nt.KeyHPI},
	discourse.Social:      {nt.KeySocialHistory, nt.KeySubstanceUse, nt.KeySupportSystem, nt.KeyHPI},
	discourse.Family:      {nt.KeyFamilyHistory, nt.KeySupportSystem, nt.KeySocialHistory, nt.KeyHPI},
	discourse.Exam:        {nt.KeyPhysicalExam, nt.KeyMentalStatusExam, nt.KeyFindings},
	discourse.Results:     {nt.KeyResults, nt.KeyFindings, nt.KeyEDCourse},
	discourse.Assessment:  {nt.KeyAssessment, nt.KeyAssessmentAndPlan, nt.KeyImpression},
	discourse.Plan:        {nt.KeyPlan, nt.KeyAssessmentAndPlan, nt.KeyRecommendations, nt.KeyPatientEducation},
}

// minWords is the fewest words a unit needs to be written as a sentence
// of its own: shorter ones ("about a week", "yes") are answers the
// reading carries through its findings.
const minWords = 3

func (rd *renderer) render(sections []nt.Section) []Section {
	present := make(map[string]bool, len(sections))
	for _, s := range sections {
		present[s.Key] = true
	}
	rd.present = present
	rd.route(present)
	out := make([]Section, 0, len(sections))
	for _, s := range sections {
		body := once(rd.body(s.Key))
		if len(body) == 0 {
			body = []Sentence{{Text: rd.out.Phrase("placeholder")}}
		}
		out = append(out, Section{Key: s.Key, Heading: s.Heading, Sentences: body})
	}
	return out
}

// once drops a sentence a section already holds, word for word, whatever
// its case and closing mark ("Assessment: acute exacerbation of COPD."
// after the diagnosis it names): the first keeps the evidence of both.
func once(ss []Sentence) []Sentence {
	out := ss[:0]
	at := make(map[string]int, len(ss))
	for _, s := range ss {
		key := strings.ToLower(strings.TrimRight(strings.TrimSpace(s.Text), ".!?"))
		if k, ok := at[key]; ok && key != "" {
			out[k].Spans = append(out[k].Spans, s.Spans...)
			continue
		}
		at[key] = len(out)
		out = append(out, s)
	}
	return out
}

// route assigns each unit worth writing to the first section of its part
// the template has; a plan sentence that says where the patient goes
// (admission, discharge home) is the disposition, where the template has
// one.
func (rd *renderer) route(present map[string]bool) {
	rd.units = map[string][]int{}
	dispositions := rd.x.List("dispositions")
	for i, u := range rd.r.Units {
		if u.Question {
			continue
		}
		// "You're good to go home." closes the visit, and the part model
		// may drop it as a goodbye: the words say it is the disposition
		if present[nt.KeyDisposition] && (u.Part == discourse.Plan || u.Part == discourse.Assessment || u.Part == discourse.Drop && !rd.r.Unread(i)) &&
			u.Speaker == transcript.Clinician {
			if at, _ := findTerm(u.Tokens, dispositions); at >= 0 {
				rd.units[nt.KeyDisposition] = append(rd.units[nt.KeyDisposition], i)
				if u.Part != discourse.Plan {
					// a plan sentence that also says where the patient
					// goes is in both ("I'm going to admit you, and I'm
					// consulting cardiology")
					continue
				}
			}
		}
		if u.Part == discourse.Drop {
			continue
		}
		for _, key := range destinations[u.Part] {
			if present[key] {
				rd.units[key] = append(rd.units[key], i)
				break
			}
		}
	}
}

func (rd *renderer) body(key string) []Sentence {
	switch key {
	case nt.KeyChiefComplaint, nt.KeyReasonForReferral:
		return rd.complaint()
	case nt.KeyReviewOfSystems:
		return rd.reviewOfSystems()
	case nt.KeyHPI:
		return append(rd.sentences(key), rd.denials(key)...)
	case nt.KeyPastMedicalHistory:
		out := append(rd.sentences(key), rd.pastConditions(key)...)
		if !rd.present[nt.KeyPastSurgicalHistory] {
			// (a template without a surgical history keeps the operations
			// with the past conditions)
			out = append(out, rd.pastProcedures(key)...)
		}
		return out
	case nt.KeyPastSurgicalHistory:
		return append(rd.sentences(key), rd.pastProcedures(key)...)
	case nt.KeyMedications:
		return rd.medications()
	case nt.KeyAllergies:
		return rd.allergies()
	case nt.KeySocialHistory, nt.KeySubstanceUse:
		return append(rd.sentences(key), rd.habits(key)...)
	case nt.KeyFamilyHistory:
		return append(rd.sentences(key), rd.family(key)...)
	case nt.KeyPhysicalExam:
		return append(rd.vitals(), rd.exam(key)...)
	case nt.KeyVitalSigns:
		return rd.vitals()
	case nt.KeyAssessment, nt.KeyImpression:
		return append(rd.diagnoses(), rd.sentences(key)...)
	case nt.KeyPlan, nt.KeyRecommendations:
		return rd.plan(key)
	case nt.KeyEDCourse:
		return append(rd.sentences(key), rd.givenHere()...)
	case nt.KeyAssessmentAndPlan:
		return append(append(rd.diagnoses(), rd.sentences(key)...), rd.planItems(key)...)
	case nt.KeyVerbatim:
		return rd.verbatim()
	case nt.KeyInsert:
		return rd.insert()
	case nt.KeySalutation:
		return []Sentence{{Text: rd.out.Phrase("salutation")}}
	case nt.KeyClosing:
		return []Sentence{{Text: rd.out.Phrase("closing")}}
	}
	return rd.sentences(key)
}

// sentences writes the units routed to key in the clinical voice.
func (rd *renderer) sentences(key string) []Sentence {
	var out []Sentence
	for _, i := range rd.units[key] {
		if s, ok := rd.unitSentence(i, key); ok {
			out = append(out, s)
		}
	}
	return out
}

// unitSentence writes unit i, or reports false when nothing worth a
// sentence is left of it.
func (rd *renderer) unitSentence(i int, key string) (Sentence, bool) {
	r := rd.r
	u := r.Units[i]
	speaker := u.Speaker
	if r.Staff(i) {
		// a nurse speaks to the patient as the clinician does ("Votre
		// hémoglobine glyquée est à 8,2 %")
		speaker = transcript.Clinician
	}
	if r.RelaysPatient(i) {
		if at, _ := findTerm(u.Tokens, rd.x.List("first_person")); at >= 0 {
			// an interpreter's "I have been itching" is the patient's
			// (one who relays in the third person, "she says ...",
			// stays a companion whose frame is dropped)
			speaker = transcript.Patient
		}
	}
	text := rd.voice.rewrite([]rune(r.Segments[u.Segment].Text), u.Tokens, speaker)
	if wordCount(text) < minWords || rd.secondPerson(text) {
		return Sentence{}, false
	}
	rd.written[i] = key
	return Sentence{Text: text, Spans: []notegen.Span{r.UnitSpan(i)}, Why: rd.why(i, key)}, true
}

// why describes a unit's sentence for traces: the part, the model's
// probability of it, and the section.
func (rd *renderer) why(i int, section string) string {
	u := rd.r.Units[i]
	p := 0.0
	for k, part := range discourse.Parts {
		if part == u.Part && k < len(u.Probs) {
			p = u.Probs[k]
		}
	}
	return fmt.Sprintf("unit %d: part %s (p=%.2f) -> %s", i, u.Part, p, section)
}

// secondPerson reports a sentence still addressing someone ("you"): the
// note speaks of the patient, never to them.
func (rd *renderer) secondPerson(text string) bool {
	toks := rd.x.Tokenize(text)
	list := rd.x.List("second_person")
	for i := range toks {
		if e, _ := list.Match(toks, i); e != nil {
			return true
		}
	}
	return false
}

// findTerm returns where the first term of list is in toks, or -1.
func findTerm(toks []lexicon.Token, list *lexicon.List) (int, int) {
	for i := range toks {
		if e, n := list.Match(toks, i); e != nil {
			return i, n
		}
	}
	return -1, 0
}

func wordCount(s string) int {
	n := 0
	for _, f := range strings.Fields(s) {
		if strings.IndexFunc(f, func(r rune) bool { return r != '.' && r != ',' && r != '!' && r != '?' }) >= 0 {
			n++
		}
	}
	return n
}

// complaint is the chief complaint.
func (rd *renderer) complaint() []Sentence {
	r := rd.r
	switch {
	case r.Complaint >= 0:
		f := &r.Findings[r.Complaint]
		return []Sentence{{Text: finish(rd.numbered(r.ComplaintText)), Spans: r.Spans(f), Why: "chief complaint: " + f.Name}}
	case r.ComplaintText != "":
		return []Sentence{{Text: finish(rd.numbered(r.ComplaintText)), Spans: []notegen.Span{r.UnitSpan(r.ComplaintUnit)}, Why: "chief complaint: reason for the visit"}}
	}
	return nil
}

// verbatim is the transcript as said, a segment a line.
func (rd *renderer) verbatim() []Sentence {
	var out []Sentence
	for _, seg := range rd.r.Segments {
		out = append(out, Sentence{Text: seg.Text, Spans: []notegen.Span{{Segment: seg.ID, Start: 0, End: len([]rune(seg.Text))}}})
	}
	return out
}

// insertSentences bounds a smart insert: it is pasted into another note
// and must stay a short paragraph.
const insertSentences = 5

// insert is the units the model is surest belong in a note, in encounter
// order, as one short paragraph.
func (rd *renderer) insert() []Sentence {
	r := rd.r
	type scored struct {
		i int
		p float64
	}
	var cands []scored
	for i, u := range r.Units {
		if u.Question || u.Part == discourse.Drop || len(u.Probs) == 0 {
			continue
		}
		cands = append(cands, scored{i, 1 - u.Probs[0]})
	}
	keep := map[int]bool{}
	for len(keep) < insertSentences && len(keep) < len(cands) {
		best := -1
		for k, c := range cands {
			if !keep[c.i] && (best < 0 || c.p > cands[best].p) {
				best = k
			}
		}
		keep[cands[best].i] = true
	}
	var texts []string
	var spans []notegen.Span
	for i := range r.Units {
		if !keep[i] {
			continue
		}
		if s, ok := rd.unitSentence(i, nt.KeyInsert); ok {
			texts = append(texts, s.Text)
			spans = append(spans, s.Spans...)
		}
	}
	if len(texts) == 0 {
		return nil
	}
	return []Sentence{{Text: strings.Join(texts, " "), Spans: spans}}
}

// sectionsText lays sections out as the note's plain text: an upper-case
// heading, a blank line, one sentence per line.
func sectionsText(sections []Section) string {
	var b strings.Builder
	for _, s := range sections {
		b.WriteString(strings.ToUpper(s.Heading))
		b.WriteString("\n\n")
		for k, sent := range s.Sentences {
			if k > 0 {
				b.WriteByte('\n')
			}
			b.WriteString(sent.Text)
		}
		b.WriteString("\n\n")
	}
	return strings.TrimRight(b.String(), "\n") + "\n"
}

// IsPlaceholder reports whether a note line is the writer's mark for a
// section the encounter did not cover ("Not discussed."): such a line states
// nothing from the encounter, so it carries no evidence.
func IsPlaceholder(line string) bool {
	line = strings.TrimSpace(line)
	for _, lang := range lexicon.Languages {
		if line == lexicon.For(lang).Phrase("placeholder") {
			return true
		}
	}
	return false
}
