package discourse

import (
	"math"

	"github.com/notegen/notegen/internal/learn"
	"github.com/notegen/notegen/internal/lexicon"
	"github.com/notegen/notegen/internal/transcript"
)

// Roles are the roles the role model chooses between, in the order of its
// probabilities.
var Roles = []transcript.Speaker{transcript.Clinician, transcript.Patient, transcript.Other}

// InferRoles returns the role inferrer of lang: the embedded role model
// gives each segment whose Speaker is Unknown the probability of each role
// from its words and its predecessor's, the change model the probability
// that its speaker is not its predecessor's (a question is answered; a
// sentence cut by a pause goes on), and Viterbi decodes the sequence with
// both and the turn-taking counted in training (a clinician's question is
// answered by the patient or a companion). Labelled segments are context
// and keep their role. Segments of one diarised voice all get one role,
// the one their probabilities agree on.
func InferRoles(lang string) transcript.RoleInferrer {
	x := lexicon.For(lang).Trained()
	m := RoleModelFor(lang)
	q := questionerFor(x)
	return func(segs []transcript.Segment) { m.Infer(segs, x, q) }
}

// Infer gives a role to every segment of segs whose Speaker is Unknown.
func (m *RoleModel) Infer(segs []transcript.Segment, x *lexicon.Lexicon, q Questioner) {
	if len(segs) == 0 {
		return
	}
	x = x.Trained()
	toks, asks := tokens(segs, x, q)
	// a speech provider's utterances have times; a recogniser's text pasted
	// one utterance a line has no punctuation: both come several in a row
	// from one speaker, where a written transcript's lines are turns
	timed := segs[0].Start != nil || !punctuated(toks)
	probs := m.probabilities(toks, asks, timed, x)
	fixed := make([]int, len(segs)) // a role index, or -1 when the model decides
	for i, s := range segs {
		fixed[i] = roleIndex(s.Speaker)
	}
	for voice, role := range assignVoices(segs, probs, fixed) {
		if role == roleIndex(transcript.Patient) && speaksForAnother(segs, toks, voice, x) {
			// "Caller: He's been sick since this morning": a voice that
			// tells of the patient in the third person is a companion
			role = roleIndex(transcript.Other)
		}
		for i, s := range segs {
			if s.Speaker == transcript.Unknown && s.Voice == voice {
				fixed[i] = role
			}
		}
	}
	open := allOpen(fixed)
	for i := range segs {
		if fixed[i] < 0 && !asks[i] && instructs(toks[i], x) {
			// "cut back on beer and red meat", "come back in two weeks":
			// only the clinician tells the patient what to do, whatever
			// the turn before it; the words say who speaks, as a label
			// would
			fixed[i] = roleIndex(transcript.Clinician)
		}
	}
	trans := m.Transitions
	if m.Adapt {
		trans = adaptTransitions(trans, adaptPriors(probs, fixed, m.Prior), m.Prior)
	}
	for i, r := range fixed {
		if r >= 0 {
			probs[i] = oneHot(r, len(Roles))
		}
	}
	// A transcript's turns alternate, and the transitions counted in
	// training say how; a speech provider's utterances (they have times)
	// come several in a row from one speaker, and the change model says
	// where the speaker changes.
	var path []int
	switch {
	case timed && segs[0].Start == nil:
		// recogniser text pasted a line a turn, or a line an utterance:
		// the change model learned where speakers change mostly from how
		// utterances end (a question mark, a full stop), and these lines
		// end in no mark at all. Its changes are weighed against a steady
		// rate of change estimated from the transcript itself, and the
		// reading that explains the transcript best is kept.
		fixStatements(probs, fixed, toks, asks, x)
		changes := steadyChanges(len(segs), changeRate(probs, trans, m.UtteranceStrength))
		if m.Change != nil {
			learned := m.Change.changes(toks, asks, x)
			_, steady := decodeTurnsScored(probs, changes, trans, m.UtteranceStrength)
			if _, s := decodeTurnsScored(probs, learned, trans, m.UtteranceStrength); s >= steady {
				changes = learned
			}
		}
		path = decodeTurns(probs, changes, trans, m.UtteranceStrength)
	case timed && m.Change != nil:
		fixStatements(probs, fixed, toks, asks, x)
		path = decodeTurns(probs, m.Change.changes(toks, asks, x), trans, m.UtteranceStrength)
	case open:
		// a pasted transcript without labels: its lines may be turns, or a
		// recogniser's segments cut by pauses, several in a row from one
		// speaker. The reading that explains the transcript best says
		// which: the turn-taking of lines that are turns, or changes of
		// speaker where the change model expects them.
		// What only a clinician says fixes its line where lines are
		// utterances; it weighs in the choice, and turn-taking, if it
		// wins, reads the lines as the model gave them (a line fixed among
		// turns pushes its neighbours to the other role). Where such lines
		// were fixed, a steady rate of change fitted to the transcript is
		// a third reading: punctuated utterances that mostly alternate but
		// give the clinician a run of lines (the exam, the result, the
		// diagnosis) fit it better than either.
		if m.Change == nil {
			path = learn.Viterbi(probs, trans, m.Strength)
			break
		}
		stated := make([][]float64, len(probs))
		copy(stated, probs)
		anyStated := fixStatements(stated, fixed, toks, asks, x)
		var turns float64
		path, turns = learn.ViterbiScored(stated, trans, m.Strength)
		best, won := turns, false
		if learned, score := decodeTurnsScored(stated, m.Change.changes(toks, asks, x), trans, m.Strength); score > best {
			path, best, won = learned, score, true
		}
		if anyStated {
			steady := steadyChanges(len(segs), changeRate(stated, trans, m.Strength))
			if runs, score := decodeTurnsScored(stated, steady, trans, m.Strength); score > best {
				path, won = runs, true
			}
		}
		if !won && anyStated {
			path = learn.Viterbi(probs, trans, m.Strength)
		}
	default:
		path = learn.Viterbi(probs, trans, m.Strength)
	}
	for i := range segs {
		if segs[i].Speaker == transcript.Unknown {
			segs[i].Speaker = Roles[path[i]]
		}
	}
}

// instructs reports whether a segment opens, past spoken openers ("okay
// so"), with words only a clinician opens advice with ("cut back on",
// "make sure", "come back").
func instructs(toks []lexicon.Token, x *lexicon.Lexicon) bool {
	openers, advice := x.List("openers"), x.List("advice_openers")
	k := 0
	for k < len(toks) {
		if toks[k].Kind == lexicon.Punct {
			k++
			continue
		}
		if e, n := openers.Match(toks, k); e != nil {
			k += n
			continue
		}
		break
	}
	e, _ := advice.Match(toks, k)
	return e != nil && e.Attr("role") == "clinician"
}

// statesAsClinician reports whether a segment says, anywhere, words only a
// clinician says ("I'm also going to refer you to physical therapy", "your
// x-rays from last week show").
func statesAsClinician(toks []lexicon.Token, x *lexicon.Lexicon) bool {
	statements := x.List("clinician_statements")
	for i := range toks {
		if e, _ := statements.Match(toks, i); e != nil {
			return true
		}
	}
	return false
}

// fixStatements gives the clinician's role to the open segments that say
// what only a clinician says, in probs, and reports whether it gave any.
// It is read where segments are utterances, several in a row from one
// speaker: where lines are turns, turn-taking already knows, and a line
// so fixed would push its neighbours to the other role.
func fixStatements(probs [][]float64, fixed []int, toks [][]lexicon.Token, asks []bool, x *lexicon.Lexicon) bool {
	any := false
	for i := range toks {
		if fixed[i] < 0 && !asks[i] && statesAsClinician(toks[i], x) {
			probs[i] = oneHot(roleIndex(transcript.Clinician), len(Roles))
			any = true
		}
	}
	return any
}

// allOpen reports whether no segment's role is fixed by a label.
func allOpen(fixed []int) bool {
	for _, r := range fixed {
		if r >= 0 {
			return false
		}
	}
	return true
}

// punctuated reports whether any segment ends a sentence with a mark.
func punctuated(toks [][]lexicon.Token) bool {
	for _, t := range toks {
		if hasTerminal(t) {
			return true
		}
	}
	return false
}

// Probabilities returns each segment's probability of every role (in
// Roles order) from its own words and its predecessor's, whatever its
// label says; segments with times are read as utterances.
func (m *RoleModel) Probabilities(segs []transcript.Segment, x *lexicon.Lexicon, q Questioner) [][]float64 {
	x = x.Trained()
	toks, asks := tokens(segs, x, q)
	return m.probabilities(toks, asks, len(segs) > 0 && segs[0].Start != nil, x)
}

// tokens returns every segment's tokens and whether it asks.
func tokens(segs []transcript.Segment, x *lexicon.Lexicon, q Questioner) ([][]lexicon.Token, []bool) {
	toks := make([][]lexicon.Token, len(segs))
	asks := make([]bool, len(segs))
	for i, s := range segs {
		toks[i] = x.Tokenize(s.Text)
		asks[i] = q.SegmentAsks(toks[i])
	}
	return toks, asks
}

func (m *RoleModel) probabilities(toks [][]lexicon.Token, asks []bool, utterances bool, x *lexicon.Lexicon) [][]float64 {
	feats := RoleFeatures(toks, asks, utterances, x, m.Features)
	out := make([][]float64, len(toks))
	for i, f := range feats {
		out[i] = m.Model.Probabilities(f)
	}
	return out
}

// speaksForAnother reports whether a voice's turns tell of someone in the
// third person far more than of the speaker: at least thirdMinimum
// subjects "he" or "she", more than thirdShare times its "I".
func speaksForAnother(segs []transcript.Segment, toks [][]lexicon.Token, voice string, x *lexicon.Lexicon) bool {
	subjects := x.List("person_subjects")
	first, third := 0, 0
	for i, s := range segs {
		if s.Voice != voice || s.Speaker != transcript.Unknown {
			continue
		}
		for _, t := range toks[i] {
			switch e := subjects.Lookup(t.Norm); {
			case e == nil:
			case e.Attr("person") == "first":
				first++
			case e.Attr("person") == "third":
				third++
			}
		}
	}
	return third >= thirdMinimum && float64(third) > thirdShare*float64(first)
}

// thirdMinimum and thirdShare are how often a voice must say "he" or
// "she", at least and against its "I", to be read as speaking for
// another: a patient tells of others too, but of themselves far more.
const (
	thirdMinimum = 6
	thirdShare   = 2.0
)

func roleIndex(s transcript.Speaker) int {
	for k, r := range Roles {
		if r == s {
			return k
		}
	}
	return -1
}

func oneHot(k, n int) []float64 {
	out := make([]float64, n)
	out[k] = 1
	return out
}

// assignVoices gives every diarised voice of the Unknown segments one role:
// the one whose log-probabilities, summed over the voice's segments, are
// highest. Two voices or more are a conversation, so when none of them
// (nor any labelled segment) is the clinician, or the patient, the voice
// that loses least by taking that role takes it, unless it is the only
// holder of its own role.
func assignVoices(segs []transcript.Segment, probs [][]float64, fixed []int) map[string]int {
	var order []string
	score := map[string][]float64{}
	count := map[string]int{}
	for i, s := range segs {
		if s.Speaker != transcript.Unknown || s.Voice == "" {
			continue
		}
		if _, ok := score[s.Voice]; !ok {
			order = append(order, s.Voice)
			score[s.Voice] = make([]float64, len(Roles))
		}
		for r, p := range probs[i] {
			score[s.Voice][r] += math.Log(p + 1e-9)
		}
		count[s.Voice]++
	}
	roles := map[string]int{}
	for _, v := range order {
		roles[v] = learn.Argmax(score[v])
	}
	if len(order) < 2 {
		return roles
	}
	for _, want := range []int{0, 1} { // clinician, then patient
		holders := map[int]int{}
		for _, r := range fixed {
			if r >= 0 {
				holders[r]++
			}
		}
		for _, v := range order {
			holders[roles[v]]++
		}
		if holders[want] > 0 {
			continue
		}
		best, loss := "", math.Inf(1)
		for _, v := range order {
			if holders[roles[v]] < 2 {
				continue
			}
			if l := (score[v][roles[v]] - score[v][want]) / float64(count[v]); l < loss {
				best, loss = v, l
			}
		}
		if best != "" {
			roles[best] = want
		}
	}
	return roles
}

// adaptIterations is how many times adaptPriors re-estimates the shares:
// they settle within a few.
const adaptIterations = 10

// adaptPriors re-estimates the share of each role among the segments the
// model decides (fixed < 0) and weighs their probabilities by the change
// from the training shares (the EM of Saerens et al., 2002). A visit where
// a parent answers every question has a share of companion turns ten
// times the training data's: each answer's modest probability of being a
// companion's then outweighs its patient's, where in a visit without one
// the share shrinks and no answer changes.
func adaptPriors(probs [][]float64, fixed []int, prior []float64) []float64 {
	k := len(prior)
	var open []int
	for i, r := range fixed {
		if r < 0 {
			open = append(open, i)
		}
	}
	if len(open) == 0 || k == 0 {
		return prior
	}
	base := make([][]float64, len(open))
	for j, i := range open {
		base[j] = probs[i]
	}
	share := append([]float64(nil), prior...)
	adjusted := make([][]float64, len(open))
	for it := 0; it < adaptIterations; it++ {
		next := make([]float64, k)
		for j, p := range base {
			a := make([]float64, k)
			sum := 0.0
			for r := range a {
				a[r] = p[r] * share[r] / prior[r]
				sum += a[r]
			}
			for r := range a {
				a[r] /= sum
				next[r] += a[r] / float64(len(open))
			}
			adjusted[j] = a
		}
		share = next
	}
	for j, i := range open {
		probs[i] = adjusted[j]
	}
	return share
}

// adaptTransitions weighs the chance of moving to each role by how its
// share changed: the transitions were counted on conversations with few
// companions, and would otherwise forbid the turns of one who answers
// throughout.
func adaptTransitions(t learn.Transitions, share, prior []float64) learn.Transitions {
	scale := func(row []float64) []float64 {
		out := make([]float64, len(row))
		sum := 0.0
		for r, l := range row {
			out[r] = math.Exp(l) * share[r] / prior[r]
			sum += out[r]
		}
		for r := range out {
			out[r] = math.Log(out[r] / sum)
		}
		return out
	}
	out := learn.Transitions{First: scale(t.First), From: make([][]float64, len(t.From))}
	for p, row := range t.From {
		out.From[p] = scale(row)
	}
	return out
}

// ChangeModel says whether a segment's speaker is not its predecessor's.
type ChangeModel struct {
	Model *learn.Model
	Decoding
}

// changes returns, for every segment but the first, the probability that
// another speaker says it than said the segment before.
func (c *ChangeModel) changes(toks [][]lexicon.Token, asks []bool, x *lexicon.Lexicon) []float64 {
	out := make([]float64, len(toks))
	for i, f := range ChangeFeatures(toks, asks, x, c.Features) {
		if i > 0 {
			out[i] = c.Model.Probabilities(f)[1]
		}
	}
	return out
}

// steadyChanges is the chance rate of a change of speaker before every
// segment but the first.
func steadyChanges(n int, rate float64) []float64 {
	out := make([]float64, n)
	for i := 1; i < n; i++ {
		out[i] = rate
	}
	return out
}

// changeRates are the rates of a change of speaker between lines that
// changeRate weighs: from lines that are utterances of long turns to
// lines that are turns.
var changeRates = []float64{0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 0.98, 0.99, 0.995}

// changeRate estimates how often the speaker changes from one line to the
// next: the rate under which the best reading of the whole transcript
// scores highest (a maximum-likelihood fit of the one parameter). Lines
// that are turns change almost every line; lines that are utterances,
// less.
func changeRate(probs [][]float64, t learn.Transitions, strength float64) float64 {
	n := len(probs)
	if n < 2 {
		return 0.5
	}
	best, bestScore := 0.5, math.Inf(-1)
	for _, rate := range changeRates {
		if _, score := decodeTurnsScored(probs, steadyChanges(n, rate), t, strength); score > bestScore {
			best, bestScore = rate, score
		}
	}
	return best
}

// decodeTurns is Viterbi over roles where the chance that segment i keeps
// its predecessor's speaker is the change model's, and the chance of each
// other speaker the turn-taking counted in training, weighted by strength.
func decodeTurns(probs [][]float64, change []float64, t learn.Transitions, strength float64) []int {
	path, _ := decodeTurnsScored(probs, change, t, strength)
	return path
}

// decodeTurnsScored is decodeTurns with the score of the path it returns.
func decodeTurnsScored(probs [][]float64, change []float64, t learn.Transitions, strength float64) ([]int, float64) {
	n, k := len(probs), len(Roles)
	// other[p][c]: log-probability that c follows p, given that the
	// speaker changes
	other := make([][]float64, k)
	for p := range other {
		other[p] = make([]float64, k)
		sum := 0.0
		for c := 0; c < k; c++ {
			if c != p {
				sum += math.Exp(t.From[p][c])
			}
		}
		for c := 0; c < k; c++ {
			other[p][c] = math.Log(math.Exp(t.From[p][c]) / sum)
		}
	}
	score := make([][]float64, n)
	back := make([][]int, n)
	for i := range score {
		score[i] = make([]float64, k)
		back[i] = make([]int, k)
	}
	for c := 0; c < k; c++ {
		score[0][c] = math.Log(probs[0][c]+1e-12) + strength*t.First[c]
	}
	for i := 1; i < n; i++ {
		stay, move := math.Log(1-change[i]+1e-9), math.Log(change[i]+1e-9)
		for c := 0; c < k; c++ {
			best, arg := math.Inf(-1), 0
			for p := 0; p < k; p++ {
				tr := stay
				if p != c {
					tr = move + other[p][c]
				}
				if s := score[i-1][p] + strength*tr; s > best {
					best, arg = s, p
				}
			}
			score[i][c] = best + math.Log(probs[i][c]+1e-12)
			back[i][c] = arg
		}
	}
	path := make([]int, n)
	path[n-1] = learn.Argmax(score[n-1])
	for i := n - 1; i > 0; i-- {
		path[i-1] = back[i][path[i]]
	}
	return path, score[n-1][path[n-1]]
}
