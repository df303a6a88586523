package facts

import "strings"

// rawLexicon is one language's word lists as written in lexicon_en.go and
// lexicon_fr.go: entries are "canonical|synonym|synonym" strings.
type rawLexicon struct {
	lang          string
	elisions      []string
	medications   []string
	problems      []string
	allergens     []string
	reactions     []string
	labs          []string
	imaging       []string
	procedures    []string
	referrals     []string // specialists and services one is referred to
	over          []string // "over", "sur": the ratio of a blood pressure
	of            []string // "of", "de": "500 of metformin"
	doseUnits     []string // "unit|synonyms": the unit first, as written in a dose
	routes        []string // "route|phrases"
	frequencies   []string // "frequency|phrases"
	actions       map[string][]string
	negations     []string
	contrasts     []string // "but", "mais": end a negation's reach
	exceptions    []string // "just", "only": after a no, what the no leaves out
	affirmations  []string // "yes", "oui": a reply that is a yes and nothing else
	measureWords  []string // "level", "deficiency": after a drug's name, a lab value
	measureBefore []string // "taux": before it
	yesWords      []string // a reply that confirms
	noWords       []string // a reply that denies
	anyWords      []string // "any", "des": a question that needs a yes
	resolvedCues  []string
	ruledOutCues  []string
	orderCues     []string
	referralCues  []string
	followUpCues  []string
	allergyCues   []string
	noAllergyCues []string
	vitals        map[string][]string // kind -> cue phrases
	vitalUnits    map[string][]string // "UCUM|phrases" per kind
}

// lexicon is a rawLexicon compiled into phrase sets.
type lexicon struct {
	lang                                  string
	elisions                              map[string]bool
	meds, problems, allergens, reactions  phraseSet
	labs, imaging, procedures, referrals  phraseSet
	contrasts, yesWords, noWords          map[string]bool
	exceptions, affirmations              map[string]bool
	measureWords, measureBefore           map[string]bool
	anyWords                              phraseSet
	overWords, ofWords                    map[string]bool
	doseUnits, routes, frequencies        phraseSet
	actions                               phraseSet // canonical = action
	negations, resolved, ruledOut         phraseSet
	orderCues, referralCues, followUpCues phraseSet
	allergyCues, noAllergyCues            phraseSet
	vitalCues                             phraseSet // canonical = kind
	vitalUnits                            map[string]phraseSet
}

func compile(r rawLexicon) *lexicon {
	lx := &lexicon{lang: r.lang, elisions: map[string]bool{}, overWords: map[string]bool{}, ofWords: map[string]bool{}, vitalUnits: map[string]phraseSet{}}
	for _, e := range r.elisions {
		lx.elisions[e] = true
	}
	for _, o := range r.over {
		lx.overWords[o] = true
	}
	lx.contrasts, lx.yesWords, lx.noWords = set(r.contrasts), set(r.yesWords), set(r.noWords)
	lx.exceptions, lx.affirmations = set(r.exceptions), set(r.affirmations)
	lx.anyWords = entries(r.anyWords)
	lx.measureWords, lx.measureBefore = set(r.measureWords), set(r.measureBefore)
	for _, o := range r.of {
		lx.ofWords[o] = true
	}
	lx.meds = entries(r.medications)
	lx.problems = entries(r.problems)
	lx.allergens = entries(r.allergens)
	lx.reactions = entries(r.reactions)
	lx.labs = entries(r.labs)
	lx.imaging = entries(r.imaging)
	lx.procedures = entries(r.procedures)
	lx.referrals = entries(r.referrals)
	lx.doseUnits = entries(r.doseUnits)
	lx.routes = entries(r.routes)
	lx.frequencies = entries(r.frequencies)
	lx.negations = entries(r.negations)
	lx.resolved = entries(r.resolvedCues)
	lx.ruledOut = entries(r.ruledOutCues)
	lx.orderCues = entries(r.orderCues)
	lx.referralCues = entries(r.referralCues)
	lx.followUpCues = entries(r.followUpCues)
	lx.allergyCues = entries(r.allergyCues)
	lx.noAllergyCues = entries(r.noAllergyCues)
	lx.actions = newPhraseSet()
	for action, phrases := range r.actions {
		lx.actions.add(action, phrases...)
	}
	lx.vitalCues = newPhraseSet()
	for kind, phrases := range r.vitals {
		lx.vitalCues.add(kind, phrases...)
	}
	for kind, units := range r.vitalUnits {
		lx.vitalUnits[kind] = entries(units)
	}
	return lx
}

// entries compiles "canonical|synonym|..." lines; the first name of a line
// is the canonical one.
func entries(lines []string) phraseSet {
	p := newPhraseSet()
	for _, line := range lines {
		names := strings.Split(line, "|")
		p.add(strings.TrimSpace(names[0]), names...)
	}
	return p
}

func set(ws []string) map[string]bool {
	m := map[string]bool{}
	for _, w := range ws {
		m[fold(w)] = true
	}
	return m
}

// words splits a space-separated list into single-name entries.
func words(s string) []string { return strings.Fields(s) }
