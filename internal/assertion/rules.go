package assertion

import (
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/notegen/notegen/internal/lexicon"
)

// The data files this package reads, in every language.
const (
	contextList = "context" // triggers, pseudo-triggers and terminators
	answersList = "answers" // reply words: yes, no, unsure, past, fillers
)

// apartLists hold triggers, pseudo-triggers and terminators kept apart
// from context.txt, which is also a feature list of the part model (a term
// added there re-draws it): requests worded as a condition ("if you could
// drop a urine sample in"), a test's technique worded with a negation
// ("without contrast"), the words that open a consequence ("..., so let's
// taper it off"), the return precautions that list what to come back for
// ("return precautions were discussed, including chest pain"), what
// declines a test or a treatment ("chest physio is no longer
// recommended"), what is done in general ("sometimes we use metformin"),
// a time of life long past ("when I was nineteen"), what is said of a
// drug's safety in a condition ("isn't safe in pregnancy"), what a
// treatment prevents ("the pill prevents pregnancy").
// (Double
// negations, "don't stop the lisinopril", are no pseudo-triggers: the
// negation is what keeps the verb of stopping from deciding.)
var apartLists = []string{"request_conditions", "technique_words", "consequence_words", "precaution_words", "unneeded_words", "generic_statements", "life_times", "caution_phrases", "later_times", "owners_after", "prevention_words"}

// category is what a trigger says of the concepts in its scope (ConText's
// trigger types), or pseudo / terminate for the two kinds of term that
// only shape other triggers' scopes.
type category uint8

const (
	negated category = iota + 1
	possible
	hypothetical
	historical
	experiencer
	pseudo
	terminate
	// list joins the items of a list ("and", "or"): like a comma it ends
	// no scope and restarts the window, so a negation reaches a long list
	// said without commas.
	list
	nCategories
)

// categoryNames are the values of the data files' category attribute.
var categoryNames = map[string]category{
	"negated": negated, "possible": possible, "hypothetical": hypothetical,
	"historical": historical, "experiencer": experiencer, "pseudo": pseudo, "terminate": terminate, "list": list,
}

func (c category) String() string {
	for name, v := range categoryNames {
		if v == c {
			return name
		}
	}
	return "category(" + strconv.Itoa(int(c)) + ")"
}

// feature groups the categories that compete for one value: NegEx's
// negation status (negated or possible), ConText's temporality (historical
// or hypothetical) and experiencer. A trigger's scope ends where another
// trigger of its feature starts, as NegEx ends a negation's scope at the
// next negation term.
func (c category) feature() int {
	switch c {
	case negated, possible:
		return 1
	case historical, hypothetical:
		return 2
	case experiencer:
		return 3
	}
	return 0
}

// categorySet is a set of categories, as a bit mask.
type categorySet uint16

func (s categorySet) has(c category) bool { return s&(1<<c) != 0 }

const allCategories categorySet = (1<<nCategories - 1) &^ 1

type direction uint8

const (
	forward direction = 1 << iota
	backward
	bothWays = forward | backward
)

var directionNames = map[string]direction{"forward": forward, "backward": backward, "bidirectional": bothWays}

// rule is one entry of context.txt, compiled.
type rule struct {
	cat category
	dir direction
	// ends is the categories whose scopes this term ends: every category
	// for a terminator unless the entry names some; for a pseudo-trigger
	// only those it names (NegEx ends negation scope at "no change").
	ends categorySet
	// subject is who an experiencer trigger says the concept is about.
	subject Subject
	// scope overrides the default window, in words (ConText's per-trigger
	// scope: "previous" reaches one word).
	scope int
	// phrase keeps the scope to one phrase: a comma or a list joiner ends
	// it instead of restarting the window ("instead of soap, and a
	// steroid ointment" negates the soap only).
	phrase bool
	// raises marks a verb of opinion that carries its negation into the
	// clause it introduces ("I don't think we need an x-ray" says no
	// x-ray is needed): that clause's own subject does not end the scope.
	raises bool
	// limit marks a term that, closing a sentence after a comma, limits
	// an amount ("two or three beers at the weekend, no more") instead.
	limit bool
	// named marks a term that speaks of a concept named right after it
	// ("after the TIA"), never of one an answer leaves implicit ("No, I
	// had my tubes tied after my second.").
	named bool
}

// gappedTerm is a trigger written in two parts with a gap, "ne ... pas":
// it fires only when its closing part follows within gap words, and its
// scope starts after its opening part, so the words between are in scope.
type gappedTerm struct {
	open, close []string
	gap         int
	rule        *rule
}

// replyKind is what a reply word says of the concept asked about.
type replyKind uint8

const (
	replyYes replyKind = iota + 1
	replyNo
	replyUnsure
	replyPast
	replyFiller
	replyProform
)

var replyNames = map[string]replyKind{
	"yes": replyYes, "no": replyNo, "unsure": replyUnsure, "past": replyPast,
	"filler": replyFiller, "proform": replyProform,
}

// reply is one entry of answers.txt, compiled.
type reply struct {
	kind replyKind
	// alone is set for echo replies ("I do", "I have") that answer only
	// when nothing but pro-forms, fillers or punctuation follows them:
	// "I have." replies, "I have been tired." does not.
	alone bool
}

// rules is one language's compiled trigger and reply lists.
type rules struct {
	lex     *lexicon.Lexicon
	context *lexicon.List
	// triggers are the lists of trigger terms: context.txt, and the
	// requests worded as conditions ("if you could drop a urine sample
	// in"), pseudo-triggers kept in a list of their own because
	// context.txt is also a feature list of the part model, and a term
	// added there re-draws it.
	triggers []*lexicon.List
	answers  *lexicon.List
	byEntry  map[*lexicon.Entry]*rule
	gapped   map[string][]gappedTerm // by the first norm of the opening part
	replies  map[*lexicon.Entry]reply
	// pseudoLen is the longest pseudo-trigger's number of words.
	pseudoLen int
}

const (
	defaultGap = 4
	// yearNorm stands in a term for any year: "in 0000" matches "in 2019".
	yearNorm = "0000"
	// ageNorm stands in a term for an age, a number after a word that
	// gives one (age_leads): "when i was 00" matches "when I was
	// nineteen", "à 00 ans" "à dix-neuf ans".
	ageNorm = "00"
	gapMark = "..."
)

// trigger returns the longest trigger term of any trigger list at toks[i],
// and its number of tokens.
func (r *rules) trigger(toks []lexicon.Token, i int) (*lexicon.Entry, int) {
	var best *lexicon.Entry
	bestN := 0
	for _, l := range r.triggers {
		if e, n := l.Match(toks, i); e != nil && n > bestN {
			best, bestN = e, n
		}
	}
	return best, bestN
}

var compiled sync.Map // *lexicon.Lexicon -> *rules

// rulesFor returns x's compiled rules. The data is embedded, so a
// malformed entry is a build defect: the package's tests compile every
// language, and rulesFor panics on one, as lexicon.For does.
func rulesFor(x *lexicon.Lexicon) *rules {
	if r, ok := compiled.Load(x); ok {
		return r.(*rules)
	}
	r, err := compile(x)
	if err != nil {
		panic(fmt.Sprintf("assertion: %v", err))
	}
	actual, _ := compiled.LoadOrStore(x, r)
	return actual.(*rules)
}

func compile(x *lexicon.Lexicon) (*rules, error) {
	r := &rules{lex: x, context: x.List(contextList), answers: x.List(answersList),
		byEntry: map[*lexicon.Entry]*rule{}, gapped: map[string][]gappedTerm{}, replies: map[*lexicon.Entry]reply{}}
	r.triggers = []*lexicon.List{r.context}
	for _, name := range apartLists {
		l := x.List(name)
		r.triggers = append(r.triggers, l)
		for _, e := range l.Entries() {
			ru, err := compileRule(e)
			if err != nil {
				return nil, fmt.Errorf("%s/%s.txt %q: %w", x.Lang, name, e.Name(), err)
			}
			r.byEntry[e] = ru
			for _, term := range e.Terms {
				r.pseudoLen = max(r.pseudoLen, len(strings.Fields(x.Norms(term))))
			}
		}
	}
	for _, e := range r.context.Entries() {
		ru, err := compileRule(e)
		if err != nil {
			return nil, fmt.Errorf("%s/%s.txt %q: %w", x.Lang, contextList, e.Name(), err)
		}
		r.byEntry[e] = ru
		for _, term := range e.Terms {
			if ru.cat == pseudo {
				r.pseudoLen = max(r.pseudoLen, len(strings.Fields(x.Norms(term))))
			}
			open, closing, ok := strings.Cut(term, gapMark)
			if !ok {
				continue
			}
			g := gappedTerm{open: strings.Fields(x.Norms(open)), close: strings.Fields(x.Norms(closing)), gap: defaultGap, rule: ru}
			if len(g.open) == 0 || len(g.close) == 0 {
				return nil, fmt.Errorf("%s/%s.txt %q: a gapped term needs words on both sides of %q", x.Lang, contextList, term, gapMark)
			}
			if v := e.Attr("gap"); v != "" {
				n, err := strconv.Atoi(v)
				if err != nil || n < 0 {
					return nil, fmt.Errorf("%s/%s.txt %q: gap=%q: want a number of words", x.Lang, contextList, e.Name(), v)
				}
				g.gap = n
			}
			r.gapped[g.open[0]] = append(r.gapped[g.open[0]], g)
		}
	}
	for _, e := range r.answers.Entries() {
		kind, ok := replyNames[e.Attr("reply")]
		if !ok {
			return nil, fmt.Errorf("%s/%s.txt %q: reply=%q is none of yes, no, unsure, past, filler, proform", x.Lang, answersList, e.Name(), e.Attr("reply"))
		}
		r.replies[e] = reply{kind: kind, alone: e.Attr("alone") == "true"}
	}
	return r, nil
}

func compileRule(e *lexicon.Entry) (*rule, error) {
	ru := &rule{dir: forward, subject: Family}
	c, ok := categoryNames[e.Attr("category")]
	if !ok {
		return nil, fmt.Errorf("category=%q is not a ConText category", e.Attr("category"))
	}
	ru.cat = c
	if v := e.Attr("direction"); v != "" {
		d, ok := directionNames[v]
		if !ok {
			return nil, fmt.Errorf("direction=%q: want forward, backward or bidirectional", v)
		}
		ru.dir = d
	}
	switch {
	case e.Attr("ends") != "":
		for _, name := range strings.Split(e.Attr("ends"), ",") {
			ec, ok := categoryNames[strings.TrimSpace(name)]
			if !ok || ec == pseudo || ec == terminate || ec == list {
				return nil, fmt.Errorf("ends=%q: %q is not a trigger category", e.Attr("ends"), name)
			}
			ru.ends |= 1 << ec
		}
	case c == terminate:
		ru.ends = allCategories
	}
	if v := e.Attr("subject"); v != "" {
		switch s := Subject(v); s {
		case Family, Other:
			ru.subject = s
		default:
			return nil, fmt.Errorf("subject=%q: want family or other", v)
		}
	}
	if v := e.Attr("scope"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			return nil, fmt.Errorf("scope=%q: want a number of words", v)
		}
		ru.scope = n
	}
	ru.phrase = e.Attr("phrase") == "yes"
	ru.raises = e.Attr("raises") == "yes"
	ru.limit = e.Attr("limit") == "yes"
	ru.named = e.Attr("named") == "yes"
	return ru, nil
}
