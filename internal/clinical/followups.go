package clinical

import (
	"math"
	"strconv"
	"strings"

	"github.com/notegen/notegen/internal/assertion"
	"github.com/notegen/notegen/internal/discourse"
	"github.com/notegen/notegen/internal/lexicon"
	"github.com/notegen/notegen/internal/transcript"
)

// followUps finds the follow-up visits the clinician plans ("see you back
// in one week"): a follow-up phrase in a clinician's statement, with the
// interval said after it when there is one. Each interval is one visit
// ("recheck him in two hours" in the department, "follow up with his
// pediatrician in two days"); a bare "come back" after one adds nothing.
func (r *Reading) followUps() {
	x := r.Lexicon
	list := x.List("follow_up")
	seen := map[string]int{} // a follow-up's name -> its finding
	for ui, u := range r.Units {
		stated := len(u.Tokens)
		if r.asks(ui) {
			// "I'd like to speak to you again in four weeks, and could you
			// do another week of home readings?": the question is the
			// request joined to a statement
			stated = r.requestJoinedAt(u.Tokens)
		}
		if u.Speaker != transcript.Clinician || stated < 0 || r.unread != nil && r.unread[ui] {
			continue
		}
		addressed := r.asAddressed(u.Tokens)
		for i := 0; i < stated; i++ {
			e, n := list.Match(addressed, i)
			if e == nil {
				continue
			}
			c := assertion.Of(x, u.Tokens, [2]int{i, i + n})
			if c.Assertion != assertion.Present || c.Time == assertion.Past {
				break
			}
			// a follow-up said with its interval is one whatever part the
			// model gave the sentence ("let's see you back in six weeks"
			// closes a visit, and reads as a goodbye)
			interval, end := r.interval(u.Tokens, i+n)
			if interval == "" && r.testRechecked(u.Tokens, i+n) {
				// "a recheck on your hemoglobin a1c" is the test's order,
				// no visit; "recheck the TSH in six weeks" says when
				continue
			}
			if interval == "" && (u.Part != discourse.Plan || r.waitsOnCondition(u.Tokens, i+n)) {
				// "come back straight away if you get a temperature" is
				// the safety net, no visit booked
				break
			}
			name := x.Phrase("follow_up.name")
			if interval != "" {
				name = fill(x.Phrase("follow_up.in"), map[string]string{"interval": interval})
			}
			mention := Mention{Unit: ui, First: i, End: max(end, i+n)}
			if at, ok := seen[name]; ok {
				r.Findings[at].Mentions = append(r.Findings[at].Mentions, mention)
				break
			}
			if interval == "" && len(seen) > 0 {
				// a bare "come back" after a follow-up with its interval
				// is that one
				break
			}
			seen[name] = len(r.Findings)
			r.Findings = append(r.Findings, Finding{Kind: FollowUp, Name: name, Said: r.TextOf(ui, i, max(end, i+n)),
				Assertion: assertion.Present, Time: assertion.Current, Subject: assertion.Patient, Ordered: true,
				Mentions: []Mention{mention}})
			break
		}
		r.callBack(ui, seen)
	}
	r.mergeFollowUps()
	for k := range r.Findings {
		if f := &r.Findings[k]; f.Kind == FollowUp {
			// the return is for the problem whose plan it closes, when the
			// plan was opened on one ("for your carpal tunnel, ... I'll see
			// you back in two weeks"); a visit's closing return is for all
			f.Reason = r.reasonFor(mention{Mention: f.Mentions[0], kind: FollowUp}, true)
		}
	}
}

// mergeFollowUps makes one visit of follow-ups that are one: a bare
// "follow up" said before the visit's interval is that visit, one said in
// a sentence that refers the patient ("follow up with your dermatologist")
// is the referral, and two intervals of the same length ("in 14 days",
// "in two weeks") are one return.
func (r *Reading) mergeFollowUps() {
	bare := r.Lexicon.Phrase("follow_up.name")
	timed, days := -1, map[int]float64{}
	for k := range r.Findings {
		f := &r.Findings[k]
		if f.Kind == FollowUp && f.Name != bare {
			if d := r.intervalDays(f.Name); d > 0 {
				days[k] = d
			}
			if timed < 0 {
				timed = k
			}
		}
	}
	drop := map[int]bool{}
	for k := range r.Findings {
		f := &r.Findings[k]
		if f.Kind != FollowUp {
			continue
		}
		switch {
		case f.Name == bare && r.findingIn(f.Mentions[0].Unit, func(g *Finding) bool { return g.Kind == Referral && g.Ordered }):
			drop[k] = true
		case f.Name == bare && timed >= 0:
			r.Findings[timed].Mentions = append(r.Findings[timed].Mentions, f.Mentions...)
			drop[k] = true
		case days[k] > 0:
			for j := range k {
				if !drop[j] && days[j] > 0 && math.Abs(days[j]-days[k]) <= sameIntervalShare*days[k] {
					r.Findings[j].Mentions = append(r.Findings[j].Mentions, f.Mentions...)
					drop[k] = true
					break
				}
			}
		}
	}
	if len(drop) == 0 {
		return
	}
	r.dropFindings(drop)
}

// sameIntervalShare is how far apart, as a share of the interval, two
// intervals may be and still be the same return ("in a month", "in four
// weeks").
const sameIntervalShare = 0.1

// dayLengths is how many days each unit of time lasts (time_units' unit=).
var dayLengths = map[string]float64{"hour": 1.0 / 24, "day": 1, "week": 7, "fortnight": 14, "month": 30, "year": 365}

// intervalDays is how many days the interval of a follow-up's name lasts
// ("follow-up in 2 weeks" is 14), or 0 when it is a range or not a count
// of a unit of time.
func (r *Reading) intervalDays(name string) float64 {
	words := strings.Fields(name)
	if len(words) < 2 {
		return 0
	}
	unit := r.Lexicon.List("time_units").Lookup(words[len(words)-1])
	count := words[len(words)-2]
	if unit == nil || dayLengths[unit.Attr("unit")] == 0 {
		return 0
	}
	n, err := strconv.ParseFloat(count, 64)
	if err != nil {
		e := r.Lexicon.List("numbers").Lookup(count)
		if e == nil || e.Attr("kind") != "article" {
			return 0
		}
		n = 1
	}
	if len(words) >= 3 && r.Lexicon.List("range_words").Has(words[len(words)-3]) {
		return 0
	}
	return n * dayLengths[unit.Attr("unit")]
}

// testRechecked reports whether a follow-up phrase ending at token end takes a drug or a test as its object ("recheck your a1c",
// "a recheck on the potassium"): past a preposition, determiners and
// fillers, the item comes right after it.
func (r *Reading) testRechecked(toks []lexicon.Token, end int) bool {
	x := r.Lexicon
	k := end
	for k < len(toks) && k < end+objectReach && (x.List("prepositions").Has(toks[k].Norm) ||
		x.List("determiners").Has(toks[k].Norm) || x.List("fillers").Has(toks[k].Norm)) {
		k++
	}
	for _, list := range []string{"labs", "imaging", "medications"} {
		if e, _ := x.List(list).Match(toks, k); e != nil {
			return true
		}
	}
	return false
}

// objectReach is how many words may stand between a follow-up phrase and
// the test it takes as its object.
const objectReach = 3

// callBack reads the clinician's promise to call the patient on a day
// ("I'll give you a ring on Friday to see how he's doing") as a follow-up
// by phone: a call said with its day, in a statement.
func (r *Reading) callBack(ui int, seen map[string]int) {
	x := r.Lexicon
	toks := r.Units[ui].Tokens
	calls := x.List("call_backs")
	for i := 0; i < len(toks); i++ {
		e, n := calls.Match(toks, i)
		if e == nil || e.Attr("day") == "yes" {
			continue
		}
		if c := assertion.Of(x, toks, [2]int{i, i + n}); c.Assertion != assertion.Present || c.Time == assertion.Past {
			return
		}
		for k := i + n; k < len(toks) && k <= i+n+intervalReach; k++ {
			if toks[k].Kind == lexicon.Punct && toks[k].Norm != "," {
				return
			}
			d, dn := calls.Match(toks, k)
			if d == nil || d.Attr("day") != "yes" {
				continue
			}
			name := fill(x.Phrase("follow_up.call"), map[string]string{"day": joinTexts(toks, i+n, k+dn)})
			if _, ok := seen[name]; ok {
				return
			}
			for at := range r.Findings {
				f := &r.Findings[at]
				if f.Kind == FollowUp && f.Name == x.Phrase("follow_up.name") && f.Mentions[0].Unit == ui {
					// "je vous rappelle vendredi": the bare follow-up its
					// verb read is this call
					delete(seen, f.Name)
					f.Name, f.Said = name, r.TextOf(ui, i, k+dn)
					seen[name] = at
					return
				}
			}
			seen[name] = len(r.Findings)
			r.Findings = append(r.Findings, Finding{Kind: FollowUp, Name: name, Said: r.TextOf(ui, i, k+dn),
				Assertion: assertion.Present, Time: assertion.Current, Subject: assertion.Patient, Ordered: true,
				Mentions: []Mention{{Unit: ui, First: i, End: k + dn}}})
			return
		}
	}
}

// asAddressed returns toks with the patient named in the third person as
// an object ("I'll see her back in one week") read as the one addressed
// ("see you back"): the follow-up phrases are said to the patient. toks
// itself when it names no one so.
func (r *Reading) asAddressed(toks []lexicon.Token) []lexicon.Token {
	objects := r.Lexicon.List("patient_objects")
	var out []lexicon.Token
	for i, t := range toks {
		e := objects.Lookup(t.Norm)
		if e == nil {
			continue
		}
		if out == nil {
			out = append([]lexicon.Token(nil), toks...)
		}
		out[i].Norm = e.Attr("as")
	}
	if out == nil {
		return toks
	}
	return out
}

// intervalReach is how many tokens after a follow-up phrase its interval
// may start ("we'll recheck the t s h in six weeks").
const intervalReach = 12

// interval reads a time interval said within a few tokens after i ("in
// one week", "in 2 to 3 weeks", "next month") and returns it with its
// number in digits and its unit as said, and the token after it. A lone
// number word before the unit of time is a count here ("in one week").
func (r *Reading) interval(toks []lexicon.Token, i int) (string, int) {
	text, end := r.saidInterval(toks, i)
	if text == "" {
		return text, end
	}
	if at := r.repairAfter(toks, end); at >= 0 {
		// "in a couple weeks, or, I'm sorry, a couple months": the
		// interval the speaker corrects to
		if again, to := r.saidInterval(toks, at); again != "" {
			return again, to
		}
	}
	return text, end
}

// repairMarkerWords is the most words of a marker of self-repair.
const repairMarkerWords = 4

// repairAfter is where the correction starts when a marker of self-repair
// ("or, I'm sorry,", "I mean", "pardon") follows token end, commas
// around it aside; -1 when none does.
func (r *Reading) repairAfter(toks []lexicon.Token, end int) int {
	markers := r.Lexicon.List("self_repairs")
	var words []string
	at := -1 // after the longest marker ("or I'm sorry" over "or sorry")
	for k := end; k < len(toks) && len(words) < repairMarkerWords; k++ {
		if toks[k].Norm == "," {
			continue
		}
		if toks[k].Kind == lexicon.Punct {
			break
		}
		words = append(words, toks[k].Norm)
		if markers.Has(strings.Join(words, " ")) {
			at = k + 1
		}
	}
	for at >= 0 && at < len(toks) && toks[at].Norm == "," {
		at++
	}
	return at
}

// saidInterval reads the interval said from token i, as interval does
// before any correction.
func (r *Reading) saidInterval(toks []lexicon.Token, i int) (string, int) {
	units, words := r.Lexicon.List("time_units"), r.Lexicon.List("numbers")
	nums := r.numbersIn(toks)
	for k := i; k < len(toks) && k < i+intervalReach; k++ {
		if toks[k].Kind == lexicon.Punct && toks[k].Norm != "," {
			break
		}
		e, n := units.Match(toks, k)
		if e == nil {
			continue
		}
		if r.ageOrPast(toks, nums, i, k, k+n, e) {
			// "un patient de cinquante-huit ans", "two days ago": no
			// visit to come
			return "", -1
		}
		for j, num := range nums {
			if num.first >= i && num.first < k && num.end >= k {
				text := num.text
				if j > 0 && nums[j-1].first >= i && nums[j-1].end+1 == num.first &&
					r.Lexicon.List("range_words").Has(toks[num.first-1].Norm) {
					// "in two to three weeks" is no "3 weeks"
					text = nums[j-1].text + " " + toks[num.first-1].Text + " " + num.text
				}
				return text + " " + joinTexts(toks, k, k+n), k + n
			}
		}
		if k > i {
			if w, _ := words.Match(toks, k-1); w != nil && w.Attr("kind") == "unit" {
				return w.Attr("value") + " " + joinTexts(toks, k, k+n), k + n
			}
		}
		return joinTexts(toks, max(i, k-1), k+n), k + n
	}
	return "", -1
}

// maxIntervalYears is the longest interval, in years, a visit is planned
// in: more is an age.
const maxIntervalYears = 20

// ageOrPast reports whether the time said by the unit of time at tokens
// [k, end) (entry e) is an age or a time past, not an interval to a visit:
// a number of years no follow-up waits ("de cinquante-huit ans"), or words
// of age or of the past after it ("seven years old", "two days ago") or
// around it ("last week").
func (r *Reading) ageOrPast(toks []lexicon.Token, nums []number, from, k, end int, e *lexicon.Entry) bool {
	if e2, _ := r.Lexicon.List("interval_stops").Match(toks, end); e2 != nil {
		return true
	}
	past := r.Lexicon.List("past_times")
	for s := max(from, k-pastReach); s <= k; s++ {
		// "the blood test you had last week", "la semaine dernière", "il
		// y a deux semaines": a time past that holds the unit, or ends
		// at the number before it
		if e2, n := past.Match(toks, s); e2 != nil && s+n >= k-1 {
			return true
		}
	}
	if e.Attr("unit") != "year" {
		return false
	}
	for _, num := range nums {
		if num.first >= from && num.first < k && num.end >= k && leadingNumber(num.key) > maxIntervalYears {
			return true
		}
	}
	return false
}

// pastReach is how many words before a unit of time a word of the past
// may start ("il y a deux semaines").
const pastReach = 4

// joinTexts is the words of tokens [from, to) as written, space-joined
// (a contraction's two tokens are written once).
func joinTexts(toks []lexicon.Token, from, to int) string {
	s := ""
	for k := from; k < to; k++ {
		if k > from && toks[k].Start == toks[k-1].Start {
			continue
		}
		if s != "" {
			s += " "
		}
		s += toks[k].Text
	}
	return s
}

// requestJoinedAt is where a question's asking starts when it is a polite
// request joined to a statement by a comma or a conjunction ("I'd like to
// speak to you again in four weeks, and could you ..."), or -1 when the
// question asks from its start.
func (r *Reading) requestJoinedAt(toks []lexicon.Token) int {
	requests, joins := r.Lexicon.List("polite_requests"), r.Lexicon.List("conjunctions")
	for k := 2; k < len(toks); k++ {
		if e, _ := requests.Match(toks, k); e == nil {
			continue
		}
		j := k - 1
		if joins.Has(toks[j].Norm) {
			j--
		}
		if j > 0 && toks[j].Norm == "," {
			return j
		}
		return -1
	}
	return -1
}
