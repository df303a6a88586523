package notewriter

// Grammar the third person needs beyond the lexicon's lists: regular
// conjugation, infinitives and elision.

import (
	"strings"
	"unicode/utf8"

	"github.com/notegen/notegen/internal/lexicon"
)

// regular conjugates in the third person a verb the third_person list
// does not hold, by the longest regular ending of verb_endings that fits
// it ("reconsultez" is "reconsulte"), keeping at least three letters of
// its stem.
func (v *voice) regular(t lexicon.Token) (string, bool) {
	if t.Kind != lexicon.Word {
		return "", false
	}
	word := []rune(t.Text)
	best, cut := "", 0
	for _, e := range v.x.List("verb_endings").Entries() {
		end := []rune(e.Name())
		if len(end) > cut && len(word) >= len(end)+3 && strings.EqualFold(string(word[len(word)-len(end):]), string(end)) {
			best, cut = e.Attr("third"), len(end)
		}
	}
	if cut == 0 {
		return "", false
	}
	stem := word[:len(word)-cut]
	if best == "e" {
		stem = openLastE(stem)
	}
	return string(stem) + best, true
}

// openLastE writes the é of a stem's last syllable as è before a mute
// ending ("vous espérez", "il espère"; "vous préférez", "elle préfère"):
// French opens it there.
func openLastE(stem []rune) []rune {
	k := len(stem) - 1
	for k >= 0 && !strings.ContainsRune("aeiouyéèêàâîïôûù", stem[k]) {
		k--
	}
	if k < 0 || k == len(stem)-1 || stem[k] != 'é' {
		return stem
	}
	out := append([]rune(nil), stem...)
	out[k] = 'è'
	return out
}

// infinitive reports whether t ends as the language's infinitives do
// (French "donner", "prescrire"): a pronoun before one is its object.
func (v *voice) infinitive(t lexicon.Token) bool {
	if t.Kind != lexicon.Word {
		return false
	}
	for _, e := range v.x.List("infinitive_endings").Entries() {
		if end := e.Name(); len([]rune(t.Norm)) > len([]rune(end))+2 && strings.HasSuffix(t.Norm, end) {
			return true
		}
	}
	return false
}

// startsWithVowel reports whether s starts with a vowel letter.
func startsWithVowel(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	return strings.ContainsRune("aeiouyàâéèêëîïôûùAEIOUYÀÂÉÈÊËÎÏÔÛÙ", r)
}

// elidedBefore is word and the pronoun after it written as one when the
// language elides the word before that pronoun (French "si il" is "s'il"),
// keeping word's capital.
func (v *voice) elidedBefore(word, pronoun string) (string, bool) {
	e := v.x.List("pronoun_elisions").Lookup(v.x.Norms(word))
	if e == nil {
		return "", false
	}
	first, _, _ := strings.Cut(pronoun, " ")
	for _, p := range strings.Fields(e.Attr("before")) {
		if strings.EqualFold(first, p) {
			to := e.Attr("to")
			if r, _ := utf8.DecodeRuneInString(word); r != utf8.RuneError && strings.ToUpper(string(r)) == string(r) {
				to = strings.ToUpper(to[:1]) + to[1:]
			}
			return to + pronoun, true
		}
	}
	return "", false
}

// elideBefore elides the last word of the last piece of out when it is
// the subject's pronoun written for the speaker's and next opens with a
// vowel ("je me suis" is "il s'est", not "il se est").
func (v *voice) elideBefore(out []piece, next string) {
	if len(out) == 0 || !out[len(out)-1].replaced {
		return
	}
	last := &out[len(out)-1]
	head, word := "", last.text
	if k := strings.LastIndexByte(word, ' '); k >= 0 {
		head, word = word[:k+1], word[k+1:]
	}
	last.text = head + v.x.Elide(word, next)
}

// feminine reports whether a noun takes a feminine possessive: it is
// feminine (a noun of the list or of one of its endings, not one of its
// masculine exceptions) and opens on a consonant ("son épaule" keeps
// "son" before a vowel).
func (v *voice) feminine(t lexicon.Token) bool {
	list := v.x.List("feminine_nouns")
	if t.Norm == "" || strings.ContainsRune("aeiouyhéèêàâîôû", []rune(strings.ToLower(t.Text))[0]) {
		return false
	}
	if e := list.Lookup(t.Norm); e != nil {
		return e.Attr("masculine") != "yes" && e.Attr("ending") != "yes"
	}
	// endings are compared as written, accents kept: "santé" ends in
	// "té", "diabète" does not
	word := []rune(strings.ToLower(t.Text))
	for _, e := range list.Entries() {
		if e.Attr("ending") != "yes" {
			continue
		}
		for _, end := range e.Terms {
			if end := []rune(end); len(word) > len(end)+1 && string(word[len(word)-len(end):]) == string(end) {
				return true
			}
		}
	}
	return false
}
