// Package discourse reads the structure of an encounter: it cuts the
// transcript's segments into units (sentences), says who speaks each
// segment when no label did, and which part of a visit note each unit
// belongs to (history, exam, plan, ... or talk to drop). Both come from
// models learned on public data (see models/MANIFEST.md and
// cmd/notegen-train), not from phrase lists, so that a consultation that
// does not announce its exam or plan the way one data set's clinicians do
// is still read.
package discourse

import (
	"github.com/notegen/notegen/internal/lexicon"
	"github.com/notegen/notegen/internal/transcript"
)

// Unit is one sentence of one segment: the unit a note is written from.
type Unit struct {
	// Segment is the index of the unit's segment in the transcript.
	Segment int
	// Start and End are code-point offsets into the segment's text.
	Start, End int
	Speaker    transcript.Speaker
	// Tokens are the unit's tokens, offsets into the segment's text.
	Tokens []lexicon.Token
	// Question is set for a unit that asks: it ends with a question mark,
	// or (in text without punctuation) opens with a question word.
	Question bool
	// Part is where the unit belongs in a note, once Label has run, and
	// Probs the model's probability of each of Parts.
	Part  Part
	Probs []float64
}

// Units cuts every segment into sentences.
func Units(segs []transcript.Segment, x *lexicon.Lexicon) []Unit {
	var out []Unit
	openers := x.List("question_openers")
	for i, seg := range segs {
		toks := x.Tokenize(seg.Text)
		punctuated := hasTerminal(toks)
		for _, s := range x.Sentences(toks) {
			u := Unit{Segment: i, Start: toks[s[0]].Start, End: toks[s[1]-1].End, Speaker: seg.Speaker, Tokens: toks[s[0]:s[1]]}
			last := u.Tokens[len(u.Tokens)-1]
			switch {
			case last.Kind == lexicon.Punct && last.Norm == "?":
				u.Question = true
			case !punctuated:
				if e, _ := openers.Match(u.Tokens, firstWord(u.Tokens)); e != nil {
					u.Question = true
				}
			}
			out = append(out, u)
		}
	}
	return out
}

func hasTerminal(toks []lexicon.Token) bool {
	for _, t := range toks {
		if t.Kind == lexicon.Punct && (t.Norm == "." || t.Norm == "?" || t.Norm == "!") {
			return true
		}
	}
	return false
}

func firstWord(toks []lexicon.Token) int {
	for i, t := range toks {
		if t.Kind == lexicon.Word {
			return i
		}
	}
	return len(toks)
}

// Part is where a unit belongs in a note.
type Part string

// The parts of a visit note a unit can belong to; Drop is talk that no
// note holds (greetings, small talk, instructions during the exam).
const (
	Drop        Part = "drop"
	Complaint   Part = "complaint"
	History     Part = "history"
	Review      Part = "review_of_systems"
	PastHistory Part = "past_history"
	Surgical    Part = "surgical_history"
	Medications Part = "medications"
	Allergies   Part = "allergies"
	Social      Part = "social_history"
	Family      Part = "family_history"
	Exam        Part = "exam"
	Results     Part = "results"
	Assessment  Part = "assessment"
	Plan        Part = "plan"
)

// Parts lists every part in the order of a model's probabilities.
var Parts = []Part{Drop, Complaint, History, Review, PastHistory, Surgical, Medications, Allergies, Social, Family,
	Exam, Results, Assessment, Plan}
