package clinical

import (
	"slices"
	"strconv"
	"strings"

	"github.com/notegen/notegen/internal/discourse"
	"github.com/notegen/notegen/internal/lexicon"
	"github.com/notegen/notegen/internal/transcript"
)

// Person is how a note refers to the patient: pronouns chosen by the
// gender the encounter shows, or neutral wording when it shows none.
type Person struct {
	Gender                                 string // "male", "female" or "unknown"
	Subject, Object, Possessive, Reflexive string
	// Relation is how a companion names the patient (the name of the
	// voice_other entry they say first: "my mum"), "" when none does:
	// another relation the companion names is someone else.
	Relation string
	// Kin is the patient's relation to the companion (voice_other's kin=:
	// "child" when a parent brings them), from Relation or from the
	// companion's label ("Maman :"); "" when not known.
	Kin string
}

// genderMargin is how far one gender's weight must lead the other's: a
// single "she" is not enough.
const genderMargin = 3

// person weighs the gender cues the clinician and companions say (the
// patient's own "she" is about someone else) and in the client's context.
func (r *Reading) person(context string) Person {
	cues := r.Lexicon.List("gender_cues")
	weight := map[string]int{}
	add := func(toks []lexicon.Token) {
		for i := 0; i < len(toks); i++ {
			e, n := cues.Match(toks, i)
			if e == nil {
				continue
			}
			w, _ := strconv.Atoi(e.Attr("weight"))
			weight[e.Attr("gender")] += w
			i += n - 1
		}
	}
	add(r.Lexicon.Tokenize(context))
	// the units' tokens, read once already: a one-hour visit's text is not
	// tokenised again for its pronouns
	for _, u := range r.Units {
		if u.Speaker != transcript.Patient {
			add(u.Tokens)
		}
	}
	gender := "unknown"
	switch {
	case weight["male"] >= weight["female"]+genderMargin:
		gender = "male"
	case weight["female"] >= weight["male"]+genderMargin:
		gender = "female"
	}
	p := func(form string) string { return r.Lexicon.Phrase("patient." + gender + "." + form) }
	relation := r.companionsRelation(gender)
	return Person{Gender: gender, Subject: p("subject"), Object: p("object"), Possessive: p("possessive"), Reflexive: p("reflexive"),
		Relation: relation, Kin: r.patientsKin(relation)}
}

// patientsKin is the patient's relation to the companion: the kin of the
// relation the companion names them by, or the one their label says
// ("Mum:" brings a child), or "".
func (r *Reading) patientsKin(relation string) string {
	if e := r.Lexicon.List("voice_other").Lookup(relation); e != nil {
		return e.Attr("kin")
	}
	return r.labelledKin()
}

// labelledKin is the patient's relation to a companion whose speaker
// label says how they are related ("Mum:", "Grandma:"), or "".
func (r *Reading) labelledKin() string {
	labels := r.Lexicon.List("companion_labels")
	for _, seg := range r.Segments {
		if seg.Speaker != transcript.Other || seg.Voice == "" {
			continue
		}
		if e := labels.Lookup(r.Lexicon.Norms(seg.Voice)); e != nil {
			return e.Attr("patient")
		}
	}
	return ""
}

// companionsRelation is the relation by which a companion first names the
// patient, or the clinician names the patient to the companion ("thanks
// for coming in with your mom": "my mom" in the companion's words), as the
// voice_other entry's name; "" when neither does.
func (r *Reading) companionsRelation(gender string) string {
	list := r.Lexicon.List("voice_other")
	// (the language's possessives, several where they agree: "mon | ma")
	own, yours := strings.Split(r.Lexicon.Phrase("relation.own"), " | "), strings.Split(r.Lexicon.Phrase("relation.yours"), " | ")
	interpreted := r.onlyInterpreters()
	patientSpeaks := slices.ContainsFunc(r.Units, func(u discourse.Unit) bool { return u.Speaker == transcript.Patient })
	accompanied := slices.ContainsFunc(r.Units, func(u discourse.Unit) bool { return u.Speaker == transcript.Other })
	// a companion whose label says who they are names the patient only by
	// that relation: the grandmother's "my husband" is the boy's grandfather
	labelled := r.labelledKin()
	fits := func(e *lexicon.Entry) bool {
		// (and one of the other sex is someone else: the mother's "my
		// son has eczema" of her daughter's visit)
		return sexFits(e, gender) && (labelled == "" && e.Attr("bare") != "yes" || e.Attr("kin") == labelled)
	}
	for _, u := range r.Units {
		switch u.Speaker {
		case transcript.Other:
			relays := transcript.Relays(r.Segments[u.Segment].Voice)
			for i := range u.Tokens {
				if e, _ := list.Match(u.Tokens, i); e != nil && fits(e) && r.bareAllowed(e, u.Tokens, i) {
					if relays && (e.Attr("kin") != "child" || patientSpeaks) {
						// an interpreter's "my mother has diabetes" is
						// the interpreted patient's mother; only a
						// parent interpreted names the patient, a child
						// who does not speak ("I'm breastfeeding my son"
						// said for a patient who speaks is her son)
						continue
					}
					return e.Name()
				}
			}
		case transcript.Clinician:
			if interpreted || !accompanied {
				// through an interpreter, the clinician's "your husband"
				// is the patient's, no companion's; and with no companion
				// who speaks, "your mom" is the patient's mother
				continue
			}
			for i := 0; i+1 < len(u.Tokens); i++ {
				if !slices.Contains(yours, u.Tokens[i].Norm) {
					continue
				}
				for _, my := range own {
					if e := list.Lookup(r.Lexicon.Norms(my + " " + u.Tokens[i+1].Text)); e != nil && fits(e) {
						return e.Name()
					}
				}
			}
		}
	}
	return ""
}

// onlyInterpreters reports whether every companion who speaks is an
// interpreter, and one does: the encounter is the patient's, interpreted.
func (r *Reading) onlyInterpreters() bool {
	any := false
	for _, u := range r.Units {
		if u.Speaker != transcript.Other {
			continue
		}
		if !transcript.Relays(r.Segments[u.Segment].Voice) {
			return false
		}
		any = true
	}
	return any
}

// bareAllowed reports whether a relation said without its possessive
// ("Maman est tombée", voice_other's bare=yes) names the patient at token
// i: only for a companion whose label says the patient is that relation
// ("Fille :"), and not after a possessive ("son papa" is someone else's).
func (r *Reading) bareAllowed(e *lexicon.Entry, toks []lexicon.Token, i int) bool {
	if e.Attr("bare") != "yes" {
		return true
	}
	return r.labelledKin() == e.Attr("kin") && (i == 0 || !r.Lexicon.List("determiners").Has(toks[i-1].Norm))
}
