package orderbench

import (
	"math"
	"math/rand/v2"
	"testing"
)

func str(s string) *string { return &s }

func near(t *testing.T, what string, got, want float64) {
	t.Helper()
	if math.Abs(got-want) > 1e-9 {
		t.Errorf("%s = %.6f, want %.6f", what, got, want)
	}
}

func TestPerfectPredictionScoresOne(t *testing.T) {
	gold := []Order{
		{OrderType: TypeMedication, Description: "Metformin 500 mg twice a day.", Reason: str("diabetes"), Provenance: []int{4, 5}},
		{OrderType: TypeFollowUp, Description: "follow up in 2 weeks", Provenance: []int{9}},
	}
	r := Evaluate(Set{"e1": gold}, Set{"e1": gold})
	for name, v := range map[string]float64{"description": r.Description.F1, "reason": r.Reason.F1, "type": r.Type.F1,
		"provenance": r.Provenance.F1, "average": r.Average, "match": r.Match.F1} {
		near(t, name, v, 1)
	}
}

// TestKnownScores works one encounter through by hand: two gold orders,
// three predictions, one of which pairs with nothing.
func TestKnownScores(t *testing.T) {
	gold := []Order{
		{OrderType: "medication", Description: "metformin 500 mg twice a day", Reason: str("diabetes"), Provenance: []int{3}},
		{OrderType: "lab", Description: "hemoglobin A1c", Provenance: []int{5}},
	}
	pred := []Order{
		{OrderType: "lab", Description: "A1c", Reason: str("diabetes"), Provenance: []int{5, 6}},
		{OrderType: "medication", Description: "metformin 1000 mg", Reason: str("type 2 diabetes"), Provenance: []int{3}},
		{OrderType: "imaging", Description: "chest x-ray", Provenance: []int{9}},
	}
	var s Scorer
	pairs := s.Add(gold, pred)
	if len(pairs) != 3 || pairs[0].Pred.Description != "metformin 1000 mg" || pairs[1].Pred.Description != "A1c" || pairs[2].Gold != nil {
		t.Fatalf("pairs = %+v", pairs)
	}
	near(t, "pairing score metformin", pairs[0].Score, 2.0/6)
	near(t, "pairing score a1c", pairs[1].Score, 0.5)
	r := s.Result()
	// description: P = (2/3 + 1 + 0)/3, R = (1/3 + 1/2)/2
	near(t, "description P", r.Description.Precision, 5.0/9)
	near(t, "description R", r.Description.Recall, 5.0/12)
	near(t, "description F1", r.Description.F1, 10.0/21)
	// reason: the a1c pair has a predicted reason and no gold one (P 0);
	// the x-ray has neither and is skipped
	near(t, "reason P", r.Reason.Precision, 1.0/6)
	near(t, "reason R", r.Reason.Recall, 1)
	near(t, "reason F1", r.Reason.F1, 2.0/7)
	near(t, "type F1", r.Type.F1, 0.8)
	near(t, "provenance P", r.Provenance.Precision, 0.5)
	near(t, "provenance F1", r.Provenance.F1, 2.0/3)
	near(t, "average", r.Average, (10.0/21+2.0/7+0.8+2.0/3)/4)
	near(t, "match P", r.Match.Precision, 2.0/3)
	near(t, "match R", r.Match.Recall, 1)
	if r.Gold != 2 || r.Predicted != 3 || r.Paired != 2 {
		t.Errorf("counts = %d gold, %d predicted, %d paired", r.Gold, r.Predicted, r.Paired)
	}
}

func TestWrongTypeStillPairsButScoresNoType(t *testing.T) {
	gold := []Order{{OrderType: TypeImaging, Description: "echocardiogram", Provenance: []int{2}}}
	pred := []Order{{OrderType: TypeLab, Description: "echocardiogram", Provenance: []int{2}}}
	r := Evaluate(Set{"e": gold}, Set{"e": pred})
	near(t, "description", r.Description.F1, 1)
	near(t, "type", r.Type.F1, 0)
	near(t, "match", r.Match.F1, 1)
}

func TestOptimalNotGreedyPairing(t *testing.T) {
	// greedily, "x-ray" would take "knee x-ray" (score 1, first) and leave
	// "knee x-ray" with "chest x-ray" (1/2); the optimum pairs both at 1
	gold := []Order{{OrderType: TypeImaging, Description: "x-ray"}, {OrderType: TypeImaging, Description: "knee x-ray"}}
	pred := []Order{{OrderType: TypeImaging, Description: "knee x-ray"}, {OrderType: TypeImaging, Description: "chest x-ray"}}
	pairs := Match(gold, pred)
	if pairs[0].Pred.Description != "chest x-ray" || pairs[1].Pred.Description != "knee x-ray" {
		t.Fatalf("pairs = %s-%s, %s-%s", pairs[0].Gold.Description, pairs[0].Pred.Description, pairs[1].Gold.Description, pairs[1].Pred.Description)
	}
}

func TestNoCommonWordIsNoPair(t *testing.T) {
	gold := []Order{{OrderType: TypeImaging, Description: "MRI", Reason: str("back pain"), Provenance: []int{1}}}
	pred := []Order{{OrderType: TypeImaging, Description: "CT scan", Reason: str("back pain"), Provenance: []int{1}}}
	pairs := Match(gold, pred)
	if len(pairs) != 2 || pairs[0].Pred != nil || pairs[1].Gold != nil {
		t.Fatalf("pairs = %+v", pairs)
	}
	r := Evaluate(Set{"e": gold}, Set{"e": pred})
	for name, v := range map[string]float64{"description": r.Description.F1, "reason": r.Reason.F1, "type": r.Type.F1,
		"provenance": r.Provenance.F1, "match": r.Match.F1} {
		near(t, name, v, 0)
	}
}

func TestIgnoredOrdersAndMissingEncounters(t *testing.T) {
	gold := Set{
		"a": {{OrderType: TypeLab, Description: "cbc", Provenance: []int{1}}},
		"b": {{OrderType: TypeLab, Description: "lipid panel", Provenance: []int{7}}},
	}
	pred := Set{"a": {
		{OrderType: TypeLab, Description: "cbc", Provenance: []int{1}},
		{OrderType: "procedure", Description: "colonoscopy"},
		{OrderType: TypeLab, Description: ""},
	}}
	r := Evaluate(gold, pred)
	if r.Ignored != 2 || r.Predicted != 1 || r.Gold != 2 || r.Encounters != 2 {
		t.Fatalf("result = %+v", r)
	}
	// "b" has no prediction: its gold order is a recall miss everywhere
	near(t, "description P", r.Description.Precision, 1)
	near(t, "description R", r.Description.Recall, 0.5)
	near(t, "match R", r.Match.Recall, 0.5)
}

func TestNormalize(t *testing.T) {
	for in, want := range map[string]string{
		"X-Ray, right knee.":      "x-ray right knee",
		"5-10 mg? Twice daily!":   "5 10 mg twice daily",
		"1,000 mg":                "1000 mg",
		"follow-up (2-3 weeks)":   "follow-up (2 3 weeks)",
		"covid-19 test; 3--4 hrs": "covid-19 test; 3 -4 hrs",
	} {
		if got := normalize(in); got != want {
			t.Errorf("normalize(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestPairingScoreCountsGoldOccurrences(t *testing.T) {
	near(t, "dup", pairingScore("a a b", "a"), 2.0/3)
	near(t, "equal", pairingScore("cbc", "cbc"), 1)
	near(t, "superset", pairingScore("cbc", "order a cbc today"), 1)
}

// TestAssignIsOptimal checks the assignment against every permutation on
// small random matrices of both shapes.
func TestAssignIsOptimal(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 300 {
		rows, cols := 1+rng.IntN(5), 1+rng.IntN(5)
		score := make([][]float64, rows)
		for i := range score {
			score[i] = make([]float64, cols)
			for j := range score[i] {
				score[i][j] = float64(rng.IntN(4)) / 3
			}
		}
		colOf := assign(score, cols)
		got, used := 0.0, map[int]bool{}
		for i, j := range colOf {
			if j < 0 {
				continue
			}
			if used[j] {
				t.Fatalf("trial %d: column %d used twice", trial, j)
			}
			used[j] = true
			got += score[i][j]
		}
		if len(used) != min(rows, cols) {
			t.Fatalf("trial %d: %d pairs, want %d", trial, len(used), min(rows, cols))
		}
		near(t, "total", got, best(score, 0, map[int]bool{}, cols))
	}
}

func best(score [][]float64, row int, used map[int]bool, cols int) float64 {
	if row == len(score) {
		return 0
	}
	b := best(score, row+1, used, cols) // the row may go unassigned when rows > cols
	for j := range cols {
		if used[j] {
			continue
		}
		used[j] = true
		b = max(b, score[row][j]+best(score, row+1, used, cols))
		used[j] = false
	}
	return b
}
