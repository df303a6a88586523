package evidence

import (
	"strings"
	"unicode/utf8"

	"github.com/notegen/notegen/internal/clinical"
	"github.com/notegen/notegen/internal/facts"
	nt "github.com/notegen/notegen/internal/notetemplate"
	"github.com/notegen/notegen/internal/notewriter"
	"github.com/notegen/notegen/internal/spoken"
	"github.com/notegen/notegen/internal/transcript"
)

// Builder computes a note's Detail. Build it once and share it: it holds
// the compiled lexicons and is not modified by use.
type Builder struct {
	check *Checker
}

// NewBuilder compiles the lexicons.
func NewBuilder() *Builder {
	return &Builder{check: NewChecker()}
}

// Checker returns the support checker the builder verifies citations with.
func (b *Builder) Checker() *Checker { return b.check }

// Facts are the encounter's facts, rendered from its clinical reading:
// whichever writer wrote the note, the facts are the reading's.
func (b *Builder) Facts(r *clinical.Reading) facts.Facts {
	return facts.From(r)
}

// Written is the Detail of a note whose writer knows where each sentence
// came from (the built-in writer, the sandbox), for the encounter read as r.
func (b *Builder) Written(written []notewriter.Section, r *clinical.Reading) Detail {
	sections, items := FromWritten(written, r.Segments)
	return Detail{Sections: sections, Evidence: items, Facts: b.Facts(r)}
}

// Plain is the Detail of a note known only as text (a language model that
// gave no citations): sections are found by their headings, and each
// sentence cites the segments that support it by the checker's rule, so
// an unsupported sentence has empty spans.
func (b *Builder) Plain(noteText string, headings []nt.Section, r *clinical.Reading) Detail {
	segs, lang := r.Segments, r.Lang
	d := Detail{Sections: SplitSections(noteText, headings), Evidence: []Sentence{}, Facts: b.Facts(r)}
	for _, s := range d.Sections {
		for _, sent := range Sentences(s.Text) {
			d.Evidence = append(d.Evidence, Sentence{Section: s.Key, Sentence: sent, Spans: b.Support(sent, segs, lang)})
		}
	}
	return d
}

// Support returns spans of every segment that on its own supports sentence,
// each covering the segment's whole text. A supporting question brings its
// direct answer (see Citations): "Denies fever." cites "any fever?" and the
// "no." that says which way it went.
func (b *Builder) Support(sentence string, segs []transcript.Segment, lang string) []facts.Span {
	whole := func(seg transcript.Segment) facts.Span {
		return facts.Span{Segment: seg.ID, Start: 0, End: utf8.RuneCountInString(seg.Text)}
	}
	spans := []facts.Span{}
	for i, seg := range segs {
		if !b.check.Supports(sentence, seg.Text, lang) {
			continue
		}
		spans = append(spans, whole(seg))
		if i+1 < len(segs) && answers(whole(seg), whole(segs[i+1]), segs) && !b.check.Supports(sentence, segs[i+1].Text, lang) {
			spans = append(spans, whole(segs[i+1]))
		}
	}
	return spans
}

// SplitSections cuts a note's text at its headings: a line that is one of
// headings (in any case, with or without a trailing colon) opens that
// section. Text before the first heading, or a note with none, is one
// section keyed "note".
func SplitSections(text string, headings []nt.Section) []Section {
	byHeading := make(map[string]nt.Section, len(headings))
	for _, h := range headings {
		byHeading[strings.ToLower(h.Heading)] = h
	}
	out := []Section{}
	var body []string
	flush := func() {
		if len(out) == 0 && len(body) == 0 {
			return
		}
		if len(out) == 0 {
			out = append(out, Section{Key: "note", Title: ""})
		}
		out[len(out)-1].Text = strings.TrimSpace(strings.Join(body, "\n"))
		body = nil
	}
	for _, line := range strings.Split(text, "\n") {
		trimmed := strings.TrimSpace(line)
		h, ok := byHeading[strings.ToLower(strings.TrimRight(strings.Trim(trimmed, "#* "), ":"))]
		if ok && trimmed != "" {
			flush()
			out = append(out, Section{Key: nt.WireKey(h.Key), Title: h.Heading})
			continue
		}
		body = append(body, line)
	}
	flush()
	return out
}

// Sentences cuts a section's text into sentences: one per line, and a line
// into sentences at ". ", "? " and "! ". Placeholders and blank lines are
// left out.
func Sentences(text string) []string {
	var out []string
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(line), "-*• "))
		for _, s := range splitLine(line) {
			if !notewriter.IsPlaceholder(s) {
				out = append(out, s)
			}
		}
	}
	return out
}

// FlagUnsaid empties the spans of every sentence that states a number the
// encounter never said (in any segment, each read apart: a number never
// runs from one turn into the next) and returns how many it flagged: such
// a sentence is not supported, whatever it cites.
func (b *Builder) FlagUnsaid(d *Detail, segs []transcript.Segment, lang string) int {
	var heard *spoken.Heard // the transcript's numbers, read at the first sentence that states one
	flagged := 0
	for i := range d.Evidence {
		nums := b.check.sentenceNumbers(d.Evidence[i].Sentence, lang)
		if len(nums) == 0 {
			continue
		}
		if heard == nil {
			texts := make([]string, len(segs))
			for k, seg := range segs {
				texts[k] = seg.Text
			}
			heard = spoken.For(lang).Hear(texts...)
		}
		if len(heard.Unsaid(nums)) > 0 {
			d.Evidence[i].Spans = []facts.Span{}
			flagged++
		}
	}
	return flagged
}
