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

func (r renderer) render(templateID string, sections []nt.Section) string {
	present := make(map[string]bool, len(sections))
	for _, s := range sections {
		present[s.Key] = true
	}
	bodies := r.route(present)
	var b strings.Builder
	for _, s := range sections {
		body := r.body(templateID, s.Key, bodies)
		if body == "" {
			body = placeholders[r.out]
		}
		fmt.Fprintf(&b, "%s\n\n%s\n\n", strings.ToUpper(s.Heading), body)
	}
	return strings.TrimRight(b.String(), "\n") + "\n"
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

func (r renderer) body(templateID, key string, bodies map[string][]statement) string {
	switch key {
	case nt.KeyVerbatim:
		return strings.Join(r.analysis.verbatim, " ")
	case nt.KeyInsert:
		return r.smartInsert()
	case nt.KeyChiefComplaint, nt.KeyReasonForReferral:
		if r.analysis.chiefComplaint != "" {
			return r.analysis.chiefComplaint
		}
	case nt.KeyReviewOfSystems:
		if ros := r.reviewOfSystems(); ros != "" {
			return ros
		}
	case nt.KeyAssessmentAndPlan:
		return r.problemBased(bodies[key])
	case nt.KeyAssessment, nt.KeyImpression:
		return r.assessment(bodies[key])
	case nt.KeyPlan, nt.KeyRecommendations:
		return r.plan(bodies[key])
	case nt.KeySalutation:
		return map[nt.Lang]string{nt.English: "Dear colleague,", nt.French: "Cher collègue,"}[r.out]
	case nt.KeyClosing:
		return map[nt.Lang]string{nt.English: "Thank you for allowing me to participate in the care of this patient.\n\nSincerely,", nt.French: "Je vous remercie de m'avoir permis de participer aux soins de ce patient.\n\nVeuillez agréer mes salutations distinguées,"}[r.out]
	case nt.KeyHPI:
		return joinStatements(bodies[key]) + r.denials()
	}
	return joinStatements(bodies[key])
}

func joinStatements(sts []statement) string {
	lines := make([]string, 0, len(sts))
	for _, st := range sts {
		lines = append(lines, st.text)
	}
	return strings.Join(lines, "\n")
}

// denials summarises negative findings at the end of the history, the way
// clinicians write "He denies fever, chills, nausea."
func (r renderer) denials() string {
	var names []string
	for _, f := range r.analysis.findings {
		if !f.present {
			names = append(names, f.name)
		}
	}
	if len(names) == 0 {
		return ""
	}
	return "\n" + capitalize(r.lex.deniesPrefix) + " " + listJoin(names, r.spoken) + "."
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
func (r renderer) reviewOfSystems() string {
	endorse, deny := "Endorses", "Denies"
	if r.spoken == "fr" {
		endorse, deny = "Rapporte", "Nie"
	}
	var lines []string
	for _, system := range r.lex.systemOrder {
		var pos, neg []string
		for _, f := range r.analysis.findings {
			if f.system != system {
				continue
			}
			if f.present {
				pos = append(pos, f.name)
			} else {
				neg = append(neg, f.name)
			}
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
		lines = append(lines, line)
	}
	return strings.Join(lines, "\n")
}

func (r renderer) problemNames() []string {
	names := make([]string, len(r.analysis.problems))
	for i, p := range r.analysis.problems {
		names[i] = capitalize(normalizeNumbersText(p, r.lex)) + "."
	}
	return names
}

func normalizeNumbersText(s string, lex *lexicon) string {
	return strings.TrimSpace(normalizeNumbers(" "+s+" ", &lex.numbers))
}

// assessment lists the problems discussed, then the clinician's reasoning.
func (r renderer) assessment(sts []statement) string {
	var lines []string
	for i, name := range r.problemNames() {
		lines = append(lines, fmt.Sprintf("%d. %s", i+1, name))
	}
	if body := joinStatements(sts); body != "" {
		lines = append(lines, body)
	}
	return strings.Join(lines, "\n")
}

// plan groups plan statements under their problem when one was announced.
func (r renderer) plan(sts []statement) string {
	return r.grouped(sts, "")
}

// problemBased writes assessment and plan problem by problem.
func (r renderer) problemBased(sts []statement) string {
	return r.grouped(sts, "- ")
}

func (r renderer) grouped(sts []statement, bullet string) string {
	var lines []string
	for _, st := range sts {
		if st.problem < 0 {
			lines = append(lines, st.text)
		}
	}
	for i, name := range r.problemNames() {
		var items []string
		for _, st := range sts {
			if st.problem == i {
				items = append(items, bullet+st.text)
			}
		}
		if len(items) == 0 {
			continue
		}
		lines = append(lines, fmt.Sprintf("%d. %s", i+1, name))
		lines = append(lines, items...)
	}
	return strings.Join(lines, "\n")
}

// smartInsert keeps the statements densest in clinical content, in
// encounter order, as one short paragraph.
func (r renderer) smartInsert() string {
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
	var parts []string
	for i, st := range r.analysis.statements {
		if keep[i] {
			parts = append(parts, st.text)
		}
	}
	return strings.Join(parts, " ")
}
