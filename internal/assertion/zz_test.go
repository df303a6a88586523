package assertion_test

import (
	"fmt"
	"os"
	"testing"

	"github.com/notegen/notegen/internal/assertion"
	"github.com/notegen/notegen/internal/lexicon"
)

func TestZZ(t *testing.T) {
	text := os.Getenv("ZZA")
	if text == "" {
		t.Skip()
	}
	lang := os.Getenv("ZZL")
	if lang == "" {
		lang = "en"
	}
	x := lexicon.For(lang)
	toks, target, err := marked(x, text)
	if err != nil {
		t.Fatal(err)
	}
	fmt.Printf("%+v\n", assertion.Of(x, toks, target))
}
