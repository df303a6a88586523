package assertion_test

import (
	"fmt"
	"strings"

	"github.com/notegen/notegen/internal/lexicon"
)

// marked tokenises text whose concept is between brackets ("denies [chest
// pain]") and returns the tokens without the brackets and the concept's
// token range.
func marked(x *lexicon.Lexicon, text string) ([]lexicon.Token, [2]int, error) {
	open, closing := -1, -1
	var plain []rune
	for _, r := range text {
		switch r {
		case '[':
			open = len(plain)
		case ']':
			closing = len(plain)
		default:
			plain = append(plain, r)
		}
	}
	toks := x.Tokenize(string(plain))
	if open < 0 || closing <= open {
		return toks, [2]int{}, fmt.Errorf("%q: mark the concept with [ ]", text)
	}
	target := [2]int{-1, -1}
	for i, t := range toks {
		if t.Start >= open && t.End <= closing {
			if target[0] < 0 {
				target[0] = i
			}
			target[1] = i + 1
		}
	}
	if target[0] < 0 {
		return toks, target, fmt.Errorf("%q: no token between the brackets", text)
	}
	return toks, target, nil
}

// unmarked tokenises text without brackets.
func unmarked(x *lexicon.Lexicon, text string) []lexicon.Token {
	return x.Tokenize(strings.NewReplacer("[", "", "]", "").Replace(text))
}
