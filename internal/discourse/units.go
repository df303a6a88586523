// Package discourse reads the structure of an encounter: it cuts the
// transcript's segments into units (sentences) and marks those that ask,
// says who speaks each segment when no label did, and which part of a
// visit note each unit belongs to (history, exam, plan, ... or talk to
// drop). All three come from small models learned on public data and
// embedded (models/, made by cmd/notegen-train; models/MANIFEST.md says
// from which data and how well they do on data they were not tuned on),
// not from phrase lists, so that a consultation that does not announce
// its exam or plan the way one data set's clinicians do is still read.
// Their features are made in features.go alone, for training and
// inference alike.
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
	// or, in text without punctuation, the question model says it asks.
	Question bool
	// Part is where the unit belongs in a note, once Label has run, and
	// Probs the model's probability of each of Parts.
	Part  Part
	Probs []float64
}

// Units cuts every segment into sentences, and marks those that ask. A
// segment with punctuation is cut at its marks; one without (speech
// recognised text, a whole turn on one line) where the language's
// boundary model says its sentences end, so that the exam, the results
// and the plan said in one breath are units of their own.
func Units(segs []transcript.Segment, x *lexicon.Lexicon) []Unit {
	return UnitsWith(segs, x, questionerFor(x), BoundaryModelFor(x.Lang), x.Tokenize)
}

// DictatedUnits cuts a dictation's segments into units, reading the
// punctuation the clinician said ("period", "new paragraph") as marks; a
// dictation said without any is cut by the boundary model.
func DictatedUnits(segs []transcript.Segment, x *lexicon.Lexicon) []Unit {
	return UnitsWith(segs, x, questionerFor(x), BoundaryModelFor(x.Lang),
		func(text string) []lexicon.Token { return x.Dictated(x.Tokenize(text)) })
}

// UnitsWith is Units with the Questioner q, the boundary model b (nil:
// segments are cut at their punctuation only) and tokeniser tokenize, for
// training, which cuts units before the embedded models exist.
func UnitsWith(segs []transcript.Segment, x *lexicon.Lexicon, q Questioner, b *BoundaryModel, tokenize func(string) []lexicon.Token) []Unit {
	var out []Unit
	for i, seg := range segs {
		toks := tokenize(seg.Text)
		for _, s := range b.sentences(toks, x) {
			u := Unit{Segment: i, Start: toks[s[0]].Start, End: toks[s[1]-1].End, Speaker: seg.Speaker, Tokens: toks[s[0]:s[1]]}
			last := u.Tokens[len(u.Tokens)-1]
			switch {
			case last.Kind == lexicon.Punct && last.Norm == "?":
				u.Question = true
				if at := x.TagAt(u.Tokens); at > 0 {
					// "..., okay?" asks for agreement with a statement: the
					// question model reads the statement
					u.Question = q.Asks(u.Tokens[:at])
				}
			case last.Kind == lexicon.Punct && (last.Norm == "." || last.Norm == "!"):
			default:
				// no mark says what it is (speech recognised without
				// punctuation, a sentence cut off): the model decides
				u.Question = q.Asks(u.Tokens)
			}
			if !u.Question && x.Requests(u.Tokens) {
				u.Question = true
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
