package orderbench

import (
	"slices"
	"strings"
	"testing"

	"github.com/notegen/notegen/internal/acibench"
	"github.com/notegen/notegen/internal/transcript"
)

// goldEncounters is how many encounters each gold set holds: the first
// goldEncounters[split] encounters of its split, in file order.
var goldEncounters = map[string]int{"train": 45, "test2": 20}

// TestGoldSetsAreWellFormed checks the hand-made gold sets against the
// task's format: the four types, descriptions and reasons of at most 20
// words, provenance ascending without repeats.
func TestGoldSetsAreWellFormed(t *testing.T) {
	for _, split := range GoldSplits {
		gold, err := Gold(split)
		if err != nil {
			t.Fatal(err)
		}
		if want := goldEncounters[split]; len(gold) != want {
			t.Errorf("%s: %d encounters, want %d", split, len(gold), want)
		}
		for id, orders := range gold {
			for _, o := range orders {
				if !valid(o) || o.OrderType != strings.ToLower(o.OrderType) {
					t.Errorf("%s %s: order %+v has no description or an unknown type", split, id, o)
				}
				if n := len(strings.Fields(o.Description)); n > 20 {
					t.Errorf("%s %s: description of %d words", split, id, n)
				}
				if o.Reason != nil && (len(strings.Fields(*o.Reason)) > 20 || *o.Reason == "") {
					t.Errorf("%s %s: reason %q", split, id, *o.Reason)
				}
				if len(o.Provenance) == 0 || !slices.IsSorted(o.Provenance) || len(slices.Compact(slices.Clone(o.Provenance))) != len(o.Provenance) {
					t.Errorf("%s %s: provenance %v not ascending and unique", split, id, o.Provenance)
				}
			}
		}
	}
}

// TestGoldProvenanceFitsTheTranscripts checks, where ACI-BENCH is beside
// the repository, that each gold set holds the first goldEncounters[split]
// encounters of its split and that every turn id is a segment of the
// encounter as the service cuts it.
func TestGoldProvenanceFitsTheTranscripts(t *testing.T) {
	for _, split := range GoldSplits {
		encounters := acibench.Read(t, split)
		gold, err := Gold(split)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range encounters[:goldEncounters[split]] {
			orders, ok := gold[e.ID]
			if !ok {
				t.Errorf("%s: encounter %s has no gold entry", split, e.ID)
				continue
			}
			turns := len(transcript.Split(e.Dialogue, nil))
			for _, o := range orders {
				if o.Provenance[len(o.Provenance)-1] >= turns {
					t.Errorf("%s %s: %q cites turn %d of %d", split, e.ID, o.Description, o.Provenance[len(o.Provenance)-1], turns)
				}
			}
		}
	}
}
