package notewriter

import (
	"fmt"
	"strings"

	nt "github.com/notegen/notegen/internal/notetemplate"
)

// renderer lays the analysis out in the template's sections.
type renderer struct {
	lex      *lexicon
	spoken   string
	out      nt.Lang
	style    nt.Style
	analysis analysis
}

// placeholders mark a section the encounter did not cover, so readers see
// it was not forgotten.
var placeholders = map[nt.Lang]string{nt.English: "Not discussed.", nt.French: "Non abordé."}

// smartInsertSentences bounds a smart insert: it is pasted into another
// note and must stay a short paragraph.
const smartInsertSentences = 5

func (r renderer) render(templateID string, sections []nt.Section) []Section {
	present := make(map[string]bool, len(sections))
	for _, s := range sections {
		present[s.Key] = true
	}
	bodies := r.route(present)
	out := make([]Section, 0, len(sections))
	for _, s := range sections {
		body := r.body(templateID, s.Key, bodies)
		if len(body) == 0 {
			body = []Sentence{{Text: placeholders[r.out]}}
		}
		out = append(out, Section{Key: s.Key, Heading: s.Heading, Sentences: body})
	}
	return out
}

// route groups statements by destination section, keeping encounter order.
func (r renderer) route(present map[string]bool) map[string][]statement {
	bodies := map[string][]statement{}
	for _, st := range r.analysis.statements {
		if key, ok := destination(st.cat, present); ok {
			bodies[key] = append(bodies[key], st)
		}
	}
	return bodies
}

func fixed(text string) []Sentence { return []Sentence{{Text: text}} }

func (r renderer) body(templateID, key string, bodies map[string][]statement) []Sentence {
	switch key {
	case nt.KeyVerbatim:
		return joinParagraph(r.analysis.verbatim)
	case nt.KeyInsert:
		return r.smartInsert()
	case nt.KeyChiefComplaint, nt.KeyReasonForReferral:
		if cc := r.analysis.chiefComplaint; cc.text != "" {
			return sentences([]statement{cc})
		}
	case nt.KeyReviewOfSystems:
		if ros := r.reviewOfSystems(); len(ros) > 0 {
			return ros
		}
	case nt.KeyAssessmentAndPlan:
		return r.problemBased(bodies[key])
	case nt.KeyAssessment, nt.KeyImpression:
		return r.assessment(bodies[key])
	case nt.KeyPlan, nt.KeyRecommendations:
		return r.plan(bodies[key])
	case nt.KeySalutation:
		return fixed(map[nt.Lang]string{nt.English: "Dear colleague,", nt.French: "Cher collègue,"}[r.out])
	case nt.KeyClosing:
		return fixed(map[nt.Lang]string{nt.English: "Thank you for allowing me to participate in the care of this patient.\n\nSincerely,", nt.French: "Je vous remercie de m'avoir permis de participer aux soins de ce patient.\n\nVeuillez agréer mes salutations distinguées,"}[r.out])
	case nt.KeyPhysicalExam:
		return bySystem(bodies[key])
	case nt.KeyHPI:
		lines := sentences(bodies[key])
		if d, ok := r.denials(); ok {
			lines = append(lines, d)
		}
		return lines
	}
	return sentences(bodies[key])
}

func sentences(sts []statement) []Sentence {
	out := make([]Sentence, 0, len(sts))
	for _, st := range sts {
		out = append(out, Sentence{Text: st.text, Sources: st.sources})
	}
	return out
}

// joinParagraph writes statements as one line (a word-for-word note or a
// smart insert) that keeps every statement's sources.
func joinParagraph(sts []statement) []Sentence {
	if len(sts) == 0 {
		return nil
	}
	texts := make([]string, 0, len(sts))
	var sources []Span
	for _, st := range sts {
		texts = append(texts, st.text)
		sources = append(sources, st.sources...)
	}
	return []Sentence{{Text: strings.Join(texts, " "), Sources: sources}}
}

// denials summarises negative findings at the end of the history, the way
// clinicians write "He denies fever, chills, nausea."
func (r renderer) denials() (Sentence, bool) {
	var names []string
	var sources []Span
	for _, f := range r.analysis.findings {
		if !f.present {
			names = append(names, f.name)
			sources = append(sources, f.sources...)
		}
	}
	if len(names) == 0 {
		return Sentence{}, false
	}
	return Sentence{Text: capitalize(r.lex.deniesPrefix) + " " + listJoin(names, r.spoken) + ".", Sources: sources}, true
}

func listJoin(items []string, lang string) string {
	and := "and"
	if lang == "fr" {
		and = "et"
	}
	switch len(items) {
	case 1:
		return items[0]
	case 2:
		return items[0] + " " + and + " " + items[1]
	}
	return strings.Join(items[:len(items)-1], ", ") + ", " + and + " " + items[len(items)-1]
}

// reviewOfSystems writes one line per system: "• Respiratory: Endorses
// cough. Denies wheezing."
func (r renderer) reviewOfSystems() []Sentence {
	endorse, deny := "Endorses", "Denies"
	if r.spoken == "fr" {
		endorse, deny = "Rapporte", "Nie"
	}
	var lines []Sentence
	for _, system := range r.lex.systemOrder {
		var pos, neg []string
		var sources []Span
		for _, f := range r.analysis.findings {
			if f.system != system {
				continue
			}
			if f.present {
				pos = append(pos, f.name)
			} else {
				neg = append(neg, f.name)
			}
			sources = append(sources, f.sources...)
		}
		if len(pos)+len(neg) == 0 {
			continue
		}
		line := "• " + r.lex.systems[system] + ":"
		if len(pos) > 0 {
			line += " " + endorse + " " + listJoin(pos, r.spoken) + "."
		}
		if len(neg) > 0 {
			line += " " + deny + " " + listJoin(neg, r.spoken) + "."
		}
		lines = append(lines, Sentence{Text: line, Sources: sources})
	}
	return lines
}

func (r renderer) problemName(i int) Sentence {
	p := r.analysis.problems[i]
	return Sentence{Text: fmt.Sprintf("%d. %s.", i+1, capitalize(normalizeNumbersText(p.name, r.lex))), Sources: p.sources}
}

func normalizeNumbersText(s string, lex *lexicon) string {
	return strings.TrimSpace(normalizeNumbers(" "+s+" ", &lex.numbers))
}

// assessment lists the problems discussed, then the clinician's reasoning.
func (r renderer) assessment(sts []statement) []Sentence {
	var lines []Sentence
	for i := range r.analysis.problems {
		lines = append(lines, r.problemName(i))
	}
	return append(lines, sentences(sts)...)
}

// plan groups plan statements under their problem when one was announced.
func (r renderer) plan(sts []statement) []Sentence {
	return r.grouped(sts, "")
}

// problemBased writes assessment and plan problem by problem.
func (r renderer) problemBased(sts []statement) []Sentence {
	return r.grouped(sts, "- ")
}

func (r renderer) grouped(sts []statement, bullet string) []Sentence {
	var lines []Sentence
	for _, st := range sts {
		if st.problem < 0 {
			lines = append(lines, Sentence{Text: st.text, Sources: st.sources})
		}
	}
	for i := range r.analysis.problems {
		var items []Sentence
		for _, st := range sts {
			if st.problem == i {
				items = append(items, Sentence{Text: bullet + st.text, Sources: st.sources})
			}
		}
		if len(items) == 0 {
			continue
		}
		lines = append(lines, r.problemName(i))
		lines = append(lines, items...)
	}
	return lines
}

// smartInsert keeps the statements densest in clinical content, in
// encounter order, as one short paragraph.
func (r renderer) smartInsert() []Sentence {
	type scored struct {
		idx, score int
	}
	var best []scored
	for i, st := range r.analysis.statements {
		best = append(best, scored{i, countCues(padTokens(st.text), r.lex.clinical)})
	}
	// Stable selection without sort.Slice's reordering of equal scores.
	keep := map[int]bool{}
	for len(keep) < smartInsertSentences && len(keep) < len(best) {
		top := -1
		for _, s := range best {
			if !keep[s.idx] && (top < 0 || s.score > best[top].score) {
				top = s.idx
			}
		}
		keep[top] = true
	}
	var parts []statement
	for i, st := range r.analysis.statements {
		if keep[i] {
			parts = append(parts, st)
		}
	}
	return joinParagraph(parts)
}

// bySystem writes examination findings one line per body system, the way
// clinicians lay out an exam ("• Respiratory: Lungs are clear."), in the
// order systems were examined; findings without a system and vital signs
// keep their own lines.
func bySystem(sts []statement) []Sentence {
	var lines []Sentence
	at := map[string]int{}
	for _, st := range sts {
		if st.system == "" {
			lines = append(lines, Sentence{Text: st.text, Sources: st.sources})
			continue
		}
		if k, ok := at[st.system]; ok {
			lines[k].Text += " " + st.text
			lines[k].Sources = append(lines[k].Sources, st.sources...)
			continue
		}
		at[st.system] = len(lines)
		lines = append(lines, Sentence{Text: "• " + st.system + ": " + st.text, Sources: append([]Span(nil), st.sources...)})
	}
	return lines
}
