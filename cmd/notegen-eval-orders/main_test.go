package main

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/notegen/notegen/internal/acibench"
	"github.com/notegen/notegen/internal/facts"
	"github.com/notegen/notegen/internal/orderbench"
)

func str(s string) *string { return &s }

func TestOrdersMapsFactsToTheTasksTypes(t *testing.T) {
	f := facts.Facts{
		Orders: []facts.Order{
			{Kind: facts.OrderLab, Text: "lipid panel", Spans: []facts.Span{{Segment: 7}, {Segment: 3}, {Segment: 7}}},
			{Kind: facts.OrderImaging, Text: "chest x-ray", Reason: str("cough"), Spans: []facts.Span{{Segment: 2}}},
			{Kind: facts.OrderReferral, Text: "cardiology", Spans: []facts.Span{{Segment: 4}}},
			{Kind: facts.OrderFollowUp, Text: "follow-up in 2 weeks", Spans: []facts.Span{{Segment: 9}}},
			{Kind: facts.OrderProcedure, Text: "colonoscopy", Spans: []facts.Span{{Segment: 5}}},
			{Kind: facts.OrderProcedure, Text: "cortisone injection", Spans: []facts.Span{{Segment: 10}}},
			{Kind: facts.OrderProcedure, Text: "heart cath", Spans: []facts.Span{{Segment: 11}}},
		},
		Medications: []facts.Medication{
			{Name: "metformin", Dose: str("500 mg"), Route: str("oral"), Frequency: str("twice daily"), Action: facts.ActionStart, Reason: str("diabetes"), Spans: []facts.Span{{Segment: 6}}},
			{Name: "lisinopril", Dose: str("20 mg"), Action: facts.ActionChange, Spans: []facts.Span{{Segment: 8}}},
			{Name: "aspirin", Action: facts.ActionContinue, Spans: []facts.Span{{Segment: 1}}},
			{Name: "ibuprofen", Action: facts.ActionStop, Spans: []facts.Span{{Segment: 1}}},
			{Name: "tylenol", Action: facts.ActionMention, Spans: []facts.Span{{Segment: 1}}},
		},
	}
	var sk skipped
	got := mapping{}.orders(f, &sk)
	want := []orderbench.Order{
		{OrderType: "lab", Description: "lipid panel", Provenance: []int{3, 7}},
		{OrderType: "imaging", Description: "chest x-ray", Reason: str("cough"), Provenance: []int{2}},
		{OrderType: "followup", Description: "cardiology", Provenance: []int{4}},
		{OrderType: "followup", Description: "follow-up in 2 weeks", Provenance: []int{9}},
		// a drug given in the office is a medication, a catheterization
		// imaging; a colonoscopy is of none of the task's types
		{OrderType: "medication", Description: "cortisone injection", Provenance: []int{10}},
		{OrderType: "imaging", Description: "heart cath", Provenance: []int{11}},
		{OrderType: "medication", Description: "metformin 500 mg oral twice daily", Reason: str("diabetes"), Provenance: []int{6}},
		{OrderType: "medication", Description: "lisinopril 20 mg", Provenance: []int{8}},
	}
	if len(got) != len(want) {
		t.Fatalf("got %d orders, want %d: %+v", len(got), len(want), got)
	}
	for i := range want {
		g, w := got[i], want[i]
		if g.OrderType != w.OrderType || g.Description != w.Description || !slices.Equal(g.Provenance, w.Provenance) ||
			(g.Reason == nil) != (w.Reason == nil) || (g.Reason != nil && *g.Reason != *w.Reason) {
			t.Errorf("order %d = %+v, want %+v", i, g, w)
		}
	}
	if sk != (skipped{procedures: 1, stopped: 1, continued: 1}) {
		t.Errorf("skipped = %+v", sk)
	}
	sk = skipped{}
	if got := (mapping{continued: true}).orders(f, &sk); len(got) != len(want)+1 || sk.continued != 0 {
		t.Errorf("with continued: %d orders, %+v skipped", len(got), sk)
	}
}

// TestEvaluateRunsTheWriter scores a made-up encounter end to end: the
// writer reads it, its orders are paired with a gold set written for it,
// and the turn ids are the segments of the labelled transcript.
func TestEvaluateRunsTheWriter(t *testing.T) {
	dialogue := strings.Join([]string{
		"[doctor] hi , how are you doing today ?",
		"[patient] i have had a cough for two weeks .",
		"[doctor] okay . i wan na order a chest x-ray to rule out pneumonia .",
		"[patient] okay .",
		"[doctor] and i'll see you back in two weeks .",
	}, "\n")
	gold := orderbench.Set{"X1": {
		{OrderType: "imaging", Description: "chest x-ray", Reason: str("rule out pneumonia"), Provenance: []int{2}},
		{OrderType: "followup", Description: "see you back in 2 weeks", Provenance: []int{4}},
	}}
	var out bytes.Buffer
	res, err := evaluate([]acibench.Encounter{{ID: "X1", Dialogue: dialogue}}, gold, mapping{}, true, &out)
	if err != nil {
		t.Fatal(err)
	}
	if res.Gold != 2 || res.Encounters != 1 || !strings.Contains(out.String(), "== X1") {
		t.Fatalf("result %+v, output:\n%s", res.Result, out.String())
	}
	if res.Paired == 0 {
		t.Errorf("nothing paired; output:\n%s", out.String())
	}
	if _, err := evaluate(nil, gold, mapping{}, false, &out); err == nil || !strings.Contains(err.Error(), "X1") {
		t.Errorf("a gold encounter missing from the split: err = %v", err)
	}
}

func TestRunRefusesSplitsWithoutGold(t *testing.T) {
	var out bytes.Buffer
	if err := run([]string{"--split", "valid"}, &out); err == nil {
		t.Error("--split valid: no error")
	}
}

func TestDataDirAcceptsEitherFolder(t *testing.T) {
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, "aci-bench"), 0o755); err != nil {
		t.Fatal(err)
	}
	if got := dataDir(dir); got != filepath.Join(dir, "aci-bench") {
		t.Errorf("dataDir(parent) = %s", got)
	}
	if got := dataDir(filepath.Join(dir, "aci-bench")); got != filepath.Join(dir, "aci-bench") {
		t.Errorf("dataDir(aci-bench) = %s", got)
	}
}
