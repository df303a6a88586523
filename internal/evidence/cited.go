package evidence

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/notegen/notegen/internal/clinical"

	"github.com/notegen/notegen/internal/facts"
	nt "github.com/notegen/notegen/internal/notetemplate"
	"github.com/notegen/notegen/internal/notewriter"
	"github.com/notegen/notegen/internal/transcript"
)

// CitedSection is a section as a language model wrote it when asked for
// structured output: its template key, heading, and sentences each citing
// the ids of the segments it claims to come from.
type CitedSection struct {
	Key       string          `json:"key"`
	Heading   string          `json:"heading"`
	Sentences []CitedSentence `json:"sentences"`
}

// CitedSentence is one sentence and the segment ids it cites.
type CitedSentence struct {
	Text     string     `json:"text"`
	Segments SegmentIDs `json:"segments"`
}

// SegmentIDs are the segment ids a sentence cites. A model that breaks the
// schema inside the list (an id as a string, a null, a fraction) does not
// lose the whole note: an id given as a numeric string is read, and any
// other item becomes an id no segment has, so that it is counted and
// dropped as a wrong citation.
type SegmentIDs []int

// UnmarshalJSON reads the ids leniently, as SegmentIDs describes.
func (ids *SegmentIDs) UnmarshalJSON(b []byte) error {
	var items []json.RawMessage
	if err := json.Unmarshal(b, &items); err != nil {
		return fmt.Errorf("segment ids: %w", err)
	}
	out := make(SegmentIDs, 0, len(items))
	for _, item := range items {
		var n json.Number
		var s string
		id := -1
		switch {
		case json.Unmarshal(item, &n) == nil:
			if v, err := strconv.Atoi(n.String()); err == nil {
				id = v
			}
		case json.Unmarshal(item, &s) == nil:
			if v, err := strconv.Atoi(strings.TrimSpace(s)); err == nil {
				id = v
			}
		}
		out = append(out, id)
	}
	*ids = out
	return nil
}

// ErrMalformedCitations is ParseCited's answer to JSON that is not a note
// with citations: the note's text cannot be told from it.
var ErrMalformedCitations = errors.New("the structured answer is not a note with citations")

// ParseCited reads a language model's structured answer (JSON, possibly in
// a Markdown code fence). It returns no sections and no error for prose: a
// model that ignored the schema wrote a plain note, whose evidence the
// server finds itself. JSON that is broken, or holds no section, is
// ErrMalformedCitations: stored as the note it would show the clinician
// raw JSON.
func ParseCited(text string) ([]CitedSection, error) {
	body := strings.TrimSpace(text)
	if fenced, ok := strings.CutPrefix(body, "```"); ok {
		fenced = strings.TrimPrefix(fenced, "json")
		body = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(fenced), "```"))
	}
	if !strings.HasPrefix(body, "{") && !strings.HasPrefix(body, "[") {
		return nil, nil
	}
	var answer struct {
		Sections []CitedSection `json:"sections"`
	}
	if err := json.Unmarshal([]byte(body), &answer); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrMalformedCitations, err)
	}
	if len(answer.Sections) == 0 {
		return nil, fmt.Errorf("%w: no sections", ErrMalformedCitations)
	}
	return answer.Sections, nil
}

// MinCitationOverlap is the share of a sentence's content words one cited
// segment must contain for the citation to stand: a sentence may gather
// several segments, so one segment need not hold most of it, but a segment
// sharing almost nothing with the sentence is a wrong citation.
const MinCitationOverlap = 1.0 / 3

// Checked counts what verifying a model's citations found, for the log:
// counts only, never text.
type Checked struct {
	Citations, Dropped int
}

// Cited is the Detail of a model-written note: every citation is checked
// against the segment it names (a question with its direct answer), and
// one that does not support the sentence (an unknown id, too few shared
// content words, or a number of the sentence the segment does not say) is
// dropped. headings are the
// template's sections, which give the wire keys.
func (b *Builder) Cited(sections []CitedSection, headings []nt.Section, r *clinical.Reading) (Detail, Checked) {
	segs, lang := r.Segments, r.Lang
	keys := map[string]string{}
	for _, h := range headings {
		keys[h.Key] = nt.WireKey(h.Key)
		keys[nt.WireKey(h.Key)] = nt.WireKey(h.Key)
		keys[strings.ToLower(h.Heading)] = nt.WireKey(h.Key)
	}
	byID := make(map[int]transcript.Segment, len(segs))
	for _, s := range segs {
		byID[s.ID] = s
	}
	var c Checked
	d := Detail{Sections: []Section{}, Evidence: []Sentence{}, Facts: b.Facts(r)}
	for _, s := range sections {
		key, ok := keys[s.Key]
		if !ok {
			if key, ok = keys[strings.ToLower(s.Heading)]; !ok {
				key = nt.WireKey(s.Key)
			}
		}
		var lines []string
		for _, sent := range s.Sentences {
			text := strings.TrimSpace(sent.Text)
			if text == "" {
				continue
			}
			lines = append(lines, text)
			if notewriter.IsPlaceholder(strings.TrimSuffix(text, ".") + ".") {
				continue
			}
			d.Evidence = append(d.Evidence, Sentence{Section: key, Sentence: text, Spans: b.checkCitations(text, sent.Segments, byID, segs, lang, &c)})
		}
		d.Sections = append(d.Sections, Section{Key: key, Title: s.Heading, Text: strings.Join(lines, "\n")})
	}
	return d, c
}

// checkCitations keeps the cited segments that support text. A question
// and its direct answer are judged together (see Citations): the "no." of
// "Denies fever." carries no content word and would fail on its own.
func (b *Builder) checkCitations(text string, ids []int, byID map[int]transcript.Segment, segs []transcript.Segment, lang string, c *Checked) []facts.Span {
	cited := []facts.Span{}
	for _, id := range ids {
		c.Citations++
		seg, ok := byID[id]
		if !ok {
			c.Dropped++
			continue
		}
		cited = append(cited, facts.Span{Segment: seg.ID, Start: 0, End: utf8.RuneCountInString(seg.Text)})
	}
	slices.SortStableFunc(cited, func(a, b facts.Span) int { return a.Segment - b.Segment })
	spans := []facts.Span{}
	for _, group := range Citations(cited, segs) {
		said := make([]string, 0, len(group))
		for _, sp := range group {
			said = append(said, SpanText(segs, sp))
		}
		if !b.citationHolds(text, strings.Join(said, " "), lang) {
			c.Dropped += len(group)
			continue
		}
		spans = append(spans, group...)
	}
	return dedupe(spans)
}

// citationHolds is the rule for one cited segment: enough shared content
// words, and when the sentence states numbers, the segment says at least
// one of them (the rest may come from other cited segments; a number said
// nowhere is flagged for the whole sentence by FlagUnsaid).
func (b *Builder) citationHolds(sentence, segment, lang string) bool {
	if b.check.Overlap(sentence, segment) < MinCitationOverlap {
		return false
	}
	nums := b.check.sentenceNumbers(sentence, lang)
	if len(nums) == 0 {
		return true
	}
	return len(b.check.Unsaid(sentence, segment, lang)) < len(nums)
}

// Render lays cited sections out as the note's text in the layout the
// prompt asks a model for when it writes plain text: an upper-case heading
// on its own line, then one sentence per line, a blank line between
// sections. (The built-in writer also leaves a blank line under each
// heading; notes already stored keep the layout they were written in.)
func Render(sections []CitedSection) string {
	var sb strings.Builder
	for _, s := range sections {
		sb.WriteString(strings.ToUpper(s.Heading))
		sb.WriteString("\n")
		for _, sent := range s.Sentences {
			if t := strings.TrimSpace(sent.Text); t != "" {
				sb.WriteString(t)
				sb.WriteString("\n")
			}
		}
		sb.WriteString("\n")
	}
	return strings.TrimRight(sb.String(), "\n") + "\n"
}
