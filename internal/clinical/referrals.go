package clinical

import (
	"strings"

	"github.com/notegen/notegen/internal/assertion"
	"github.com/notegen/notegen/internal/lexicon"
	"github.com/notegen/notegen/internal/transcript"
)

// referralWords is the most words a referral the lexicon does not know is
// named with ("home health", "the falls clinic").
const referralWords = 4

// unlistedReferrals finds the referrals to services the lexicon does not
// know, named after a word of referring and a word that links it to them
// ("I'll put in a referral for home health", "je vous adresse au centre
// antidouleur"): what follows, up to the next clause, is the service.
func (r *Reading) unlistedReferrals(verbs *lexicon.List) {
	x := r.Lexicon
	links, objects := x.List("referral_links"), x.List("object_pronouns")
	known := []*lexicon.List{x.List("referrals"), x.List("labs"), x.List("imaging"), x.List("procedures")}
	seen := map[string]bool{}
	for _, f := range r.Findings {
		if f.Kind == Referral {
			seen[strings.ToLower(f.Name)] = true
		}
	}
	for ui, u := range r.Units {
		if u.Speaker != transcript.Clinician || u.Question && !r.proposes(u.Tokens) {
			continue
		}
		toks := u.Tokens
		for i := 0; i < len(toks); i++ {
			e, n := verbs.Match(toks, i)
			if e == nil || e.Attr("action") != "refer" || e.Attr("tense") == "past" {
				continue
			}
			c := assertion.Of(x, toks, [2]int{i, i + n})
			if c.Assertion != assertion.Present || c.Time == assertion.Past || c.Subject != assertion.Patient {
				continue
			}
			k := i + n
			if k < len(toks) {
				// the one referred: "refer you", "refer her", "refer it"
				if o, on := objects.Match(toks, k); o != nil {
					k += on
				} else if x.List("second_person").Has(toks[k].Norm) || x.List("patient_objects").Has(toks[k].Norm) {
					k++
				}
			}
			if k >= len(toks) || !links.Has(toks[k].Norm) {
				continue
			}
			if k+1 < len(toks) && (x.List("own_possessives").Has(toks[k+1].Norm) || x.List("second_person").Has(toks[k+1].Norm)) {
				// "refer you for your problem of glomerulonephritis": the
				// reason, not a service
				continue
			}
			first, end := r.serviceNamed(toks, k+1)
			if sc := assertion.Of(x, toks, [2]int{first, end}); end > first && sc.Assertion == assertion.Absent {
				// "I don't think we need to refer you for any further
				// steroid injections"
				continue
			}
			if !named(toks, first, end) || knownAt(toks, first, known) {
				// "a referral to g- to gastroenterology", "to Dr. Flores"
				continue
			}
			name := strings.ToLower(r.TextOf(ui, first, end))
			if seen[name] {
				continue
			}
			seen[name] = true
			m := Mention{Unit: ui, First: first, End: end, Context: c}
			f := Finding{Kind: Referral, Name: name, Said: r.TextOf(ui, first, end), Assertion: assertion.Present,
				Time: assertion.Current, Subject: assertion.Patient, Ordered: true, Mentions: []Mention{m}}
			f.Reason = r.reasonFor(mention{Mention: m, kind: Referral, name: name}, true)
			r.Findings = append(r.Findings, f)
			i = end - 1
		}
	}
}

// serviceNamed returns the words that name a service from token from: past
// determiners, up to referralWords words, ending before punctuation or a
// word that opens something else (a preposition, a conjunction, "who").
func (r *Reading) serviceNamed(toks []lexicon.Token, from int) (int, int) {
	x := r.Lexicon
	k := from
	for k < len(toks) && (x.List("determiners").Has(toks[k].Norm) || x.List("own_possessives").Has(toks[k].Norm) ||
		x.List("fillers").Has(toks[k].Norm)) {
		k++
	}
	first := k
	for k < len(toks) && k-first < referralWords {
		t := toks[k]
		if t.Kind != lexicon.Word || x.List("prepositions").Has(t.Norm) || x.List("list_joins").Has(t.Norm) ||
			x.List("subordinators").Has(t.Norm) || x.List("clause_subjects").Has(t.Norm) || x.List("conjunctions").Has(t.Norm) ||
			x.List("openers").Has(t.Norm) || x.List("fillers").Has(t.Norm) || r.negationWord(toks, k) {
			break
		}
		k++
	}
	if k < len(toks) && k-first == referralWords && toks[k].Kind == lexicon.Word && !x.List("prepositions").Has(toks[k].Norm) {
		// a longer run of words is no service's name
		return first, first
	}
	return first, k
}

// named reports whether tokens [first, end) hold a word of three letters
// or more: a word cut short ("g-") or a title ("Dr.") names no service.
func named(toks []lexicon.Token, first, end int) bool {
	for k := first; k < end; k++ {
		if len([]rune(toks[k].Norm)) >= 3 {
			return true
		}
	}
	return false
}

// knownAt reports whether a term of one of lists starts at token at: an
// item the lexicon knows, found as a mention already.
func knownAt(toks []lexicon.Token, at int, lists []*lexicon.List) bool {
	for _, l := range lists {
		if e, _ := l.Match(toks, at); e != nil {
			return true
		}
	}
	return false
}

// negationWord reports whether a negation trigger opens at token k ("to
// psychiatry not for ...").
func (r *Reading) negationWord(toks []lexicon.Token, k int) bool {
	e, _ := r.Lexicon.List("context").Match(toks, k)
	return e != nil && e.Attr("category") == "negated"
}
