package orderbench

import (
	"embed"
	"encoding/json"
	"fmt"
	"io"
	"strings"
)

// The order types the task scores; an order of any other type is ignored,
// as the official scorer drops it before pairing.
const (
	TypeMedication = "medication"
	TypeLab        = "lab"
	TypeImaging    = "imaging"
	TypeFollowUp   = "followup"
)

// Order is one order of an encounter, in the task's JSON form.
type Order struct {
	// OrderType is one of the Type constants.
	OrderType string `json:"order_type"`
	// Description is the order as the physician put it ("metformin 500 mg
	// twice a day", "chest x-ray", "follow up in 2 weeks").
	Description string `json:"description"`
	// Reason is the clinical justification, nil when none was said.
	Reason *string `json:"reason"`
	// Provenance lists the ids of the transcript turns that support the
	// order (0-based segment ids).
	Provenance []int `json:"provenance"`
}

// Set maps an encounter id to its orders.
type Set map[string][]Order

// ParseSet reads a Set from JSON (an object keyed by encounter id); name
// says where it comes from in errors.
func ParseSet(r io.Reader, name string) (Set, error) {
	var s Set
	dec := json.NewDecoder(r)
	dec.DisallowUnknownFields()
	if err := dec.Decode(&s); err != nil {
		return nil, fmt.Errorf("decode order set %s: %w", name, err)
	}
	return s, nil
}

//go:embed testdata/gold-*.json
var goldFiles embed.FS

// GoldSplits are the ACI-BENCH splits with a gold set in this package.
var GoldSplits = []string{"train", "test2"}

// Gold returns the hand-made gold set of split (one of GoldSplits). The
// files are embedded so that the evaluation command runs from anywhere.
func Gold(split string) (Set, error) {
	name := "testdata/gold-" + split + ".json"
	data, err := goldFiles.ReadFile(name)
	if err != nil {
		return nil, fmt.Errorf("gold set for split %q (have %s): %w", split, strings.Join(GoldSplits, ", "), err)
	}
	return ParseSet(strings.NewReader(string(data)), name)
}

// valid reports whether the official scorer keeps o: it drops an order
// without a description or of a type outside the four.
func valid(o Order) bool {
	if o.Description == "" {
		return false
	}
	switch strings.ToLower(o.OrderType) {
	case TypeMedication, TypeLab, TypeImaging, TypeFollowUp:
		return true
	}
	return false
}
