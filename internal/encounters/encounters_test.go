package encounters_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen/internal/clinical"
	"github.com/notegen/notegen/internal/encounters"
	"github.com/notegen/notegen/internal/evidence"
	"github.com/notegen/notegen/internal/facts"
	"github.com/notegen/notegen/internal/fhir"
	"github.com/notegen/notegen/internal/notewriter"
)

// result is what an encounter produced: the note, its sections by wire
// key, its facts and its FHIR resources.
type result struct {
	note      string
	sections  map[string]string
	facts     facts.Facts
	resources []map[string]any
}

// run takes an encounter through the path a text job takes: segments
// built once, one clinical reading, the note and its detail from it, the
// FHIR bundle from the note's sections and facts.
func run(t *testing.T, e encounters.Encounter) result {
	t.Helper()
	segs := notewriter.Segments(e.Transcript, e.RecordingType, e.Lang)
	r := clinical.Read(segs, clinical.Options{Lang: e.Lang, Dictation: e.RecordingType == "dictation"})
	note, err := notewriter.New().Write(context.Background(), notewriter.Input{Transcript: e.Transcript, Segments: segs, Reading: r,
		Template: e.Template, RecordingType: e.RecordingType, Lang: e.Lang})
	require.NoError(t, err)
	d := evidence.NewBuilder().Written(note.Sections, r)
	res := result{note: note.Text, sections: map[string]string{}, facts: d.Facts}
	var secs []fhir.NoteSection
	for _, s := range d.Sections {
		res.sections[s.Key] = s.Text
		secs = append(secs, fhir.NoteSection{Key: s.Key, Title: s.Title, Text: s.Text})
	}
	raw, err := fhir.Marshal(fhir.Note{JobID: e.Name, Template: e.Template, Lang: e.Lang, Version: "test",
		Created: time.Date(2026, 11, 26, 9, 0, 0, 0, time.UTC), Sections: secs, Facts: d.Facts})
	require.NoError(t, err)
	var bundle struct {
		Entry []struct {
			Resource map[string]any `json:"resource"`
		} `json:"entry"`
	}
	require.NoError(t, json.Unmarshal(raw, &bundle))
	for _, en := range bundle.Entry {
		res.resources = append(res.resources, en.Resource)
	}
	return res
}

// norm lower-cases text and collapses its spaces, as expectations are
// matched.
func norm(s string) string { return strings.Join(strings.Fields(strings.ToLower(s)), " ") }

func contains(text string, alts []string) bool {
	t := norm(text)
	for _, a := range alts {
		if strings.Contains(t, norm(a)) {
			return true
		}
	}
	return false
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// check reports whether expectation x holds of res.
func check(x encounters.Expectation, res result) (bool, error) {
	f := res.facts
	texts := x.Texts
	switch x.Form {
	case "section has", "section lacks":
		text, ok := res.sections[x.Key[0]]
		if !ok {
			return false, fmt.Errorf("no section %q", x.Key[0])
		}
		return contains(text, texts) == (x.Form == "section has"), nil
	case "note lacks":
		return !contains(res.note, texts), nil
	case "number":
		return contains(res.note, texts), nil
	case "problem active", "problem resolved", "problem ruled_out":
		status := strings.TrimPrefix(x.Form, "problem ")
		for _, p := range f.Problems {
			if p.Status == status && contains(p.Text, texts) {
				return true, nil
			}
		}
		return false, nil
	case "problem not-active":
		for _, p := range f.Problems {
			if p.Status == facts.StatusActive && contains(p.Text, texts) {
				return false, nil
			}
		}
		return true, nil
	case "medication start", "medication continue", "medication stop", "medication change", "medication mention":
		action := strings.TrimPrefix(x.Form, "medication ")
		for _, m := range f.Medications {
			if m.Action == action && contains(m.Name, texts) {
				return true, nil
			}
		}
		return false, nil
	case "medication not":
		for _, m := range f.Medications {
			if contains(m.Name, texts) {
				return false, nil
			}
		}
		return true, nil
	case "medication-dose", "medication-frequency", "medication-reason":
		for _, m := range f.Medications {
			if !contains(m.Name, x.Key) {
				continue
			}
			value := map[string]*string{"medication-dose": m.Dose, "medication-frequency": m.Frequency, "medication-reason": m.Reason}[x.Form]
			if contains(deref(value), texts) {
				return true, nil
			}
		}
		return false, nil
	case "allergy":
		for _, a := range f.Allergies {
			if contains(a.Substance, texts) {
				return true, nil
			}
		}
		return false, nil
	case "no-allergy":
		for _, a := range f.Allergies {
			if contains(a.Substance, texts) {
				return false, nil
			}
		}
		return true, nil
	case "allergy-reaction":
		for _, a := range f.Allergies {
			if contains(a.Substance, x.Key) && contains(deref(a.Reaction), texts) {
				return true, nil
			}
		}
		return false, nil
	case "order lab", "order imaging", "order referral", "order procedure", "order follow_up":
		kind := strings.TrimPrefix(x.Form, "order ")
		for _, o := range f.Orders {
			if o.Kind == kind && contains(o.Text, texts) {
				return true, nil
			}
		}
		return false, nil
	case "order-reason":
		for _, o := range f.Orders {
			if contains(o.Text, x.Key) && contains(deref(o.Reason), texts) {
				return true, nil
			}
		}
		return false, nil
	case "fhir", "fhir status", "fhir no":
		found := false
		for _, r := range res.resources {
			if r["resourceType"] != x.Key[0] || !contains(mainText(r), texts) {
				continue
			}
			if x.Form == "fhir status" && status(r) != x.Key[1] {
				continue
			}
			found = true
		}
		return found == (x.Form != "fhir no"), nil
	}
	if kind, ok := strings.CutPrefix(x.Form, "no-vital "); ok {
		for _, v := range f.Vitals {
			if v.Kind == kind && slices.Contains(texts, v.Value) {
				return false, nil
			}
		}
		return true, nil
	}
	if kind, ok := strings.CutPrefix(x.Form, "vital "); ok {
		for _, v := range f.Vitals {
			if v.Kind != kind {
				continue
			}
			for _, a := range texts {
				if v.Value == a {
					return true, nil
				}
			}
		}
		return false, nil
	}
	return false, fmt.Errorf("unknown expectation form %q", x.Form)
}

// mainText is what a FHIR resource names: its code's or medication's text.
func mainText(r map[string]any) string {
	for _, field := range []string{"code", "medicationCodeableConcept"} {
		if c, ok := r[field].(map[string]any); ok {
			if t, ok := c["text"].(string); ok {
				return t
			}
		}
	}
	return ""
}

// status is a resource's status, or a Condition's clinical status.
func status(r map[string]any) string {
	if s, ok := r["status"].(string); ok {
		return s
	}
	if c, ok := r["clinicalStatus"].(map[string]any); ok {
		if coding, ok := c["coding"].([]any); ok && len(coding) > 0 {
			return coding[0].(map[string]any)["code"].(string)
		}
	}
	return ""
}

// knownGaps reads the expectations listed as not met yet: one
// "name.expect:line" a line, "#" starting a comment.
func knownGaps(path string) (map[string]bool, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("read known gaps: %w", err)
	}
	out := map[string]bool{}
	for _, line := range strings.Split(string(b), "\n") {
		line, _, _ = strings.Cut(line, "#")
		if line = strings.TrimSpace(line); line != "" {
			out[line] = true
		}
	}
	return out, nil
}

// TestEncounters runs every test encounter and checks each of its
// expectations; a failure prints the note. The tally by form is logged.
func TestEncounters(t *testing.T) {
	t.Parallel()
	all, err := encounters.Load("testdata")
	require.NoError(t, err)
	require.GreaterOrEqual(t, len(all), 30)
	gaps, err := knownGaps("testdata/KNOWN_GAPS")
	require.NoError(t, err)
	for key := range gaps {
		name, line, _ := strings.Cut(key, ".expect:")
		found := false
		for _, e := range all {
			for _, x := range e.Expectations {
				found = found || e.Name == name && strconv.Itoa(x.Line) == line
			}
		}
		require.True(t, found, "KNOWN_GAPS lists %s, which is no expectation", key)
	}
	var mu sync.Mutex
	tally := map[string][2]int{}
	t.Run("each", func(t *testing.T) {
		for _, e := range all {
			t.Run(e.Name, func(t *testing.T) {
				t.Parallel()
				res := run(t, e)
				failed := false
				for _, x := range e.Expectations {
					ok, err := check(x, res)
					require.NoError(t, err, "%s.expect:%d", e.Name, x.Line)
					mu.Lock()
					c := tally[x.Form]
					c[1]++
					if ok {
						c[0]++
					}
					tally[x.Form] = c
					mu.Unlock()
					key := fmt.Sprintf("%s.expect:%d", e.Name, x.Line)
					switch {
					case !ok && gaps[key]:
						t.Logf("%s does not hold (a known gap): %s", key, x.Raw)
					case !ok:
						failed = true
						t.Errorf("%s does not hold: %s", key, x.Raw)
					case gaps[key]:
						t.Errorf("%s now holds: take it off testdata/KNOWN_GAPS", key)
					}
				}
				if failed && os.Getenv("ENCOUNTERS_SHOW") != "" {
					t.Logf("note:\n%s\nfacts: %+v", res.note, res.facts)
				}
			})
		}
	})
	forms := make([]string, 0, len(tally))
	held, total := 0, 0
	for f, c := range tally {
		forms = append(forms, f)
		held += c[0]
		total += c[1]
	}
	sort.Strings(forms)
	var b strings.Builder
	for _, f := range forms {
		fmt.Fprintf(&b, "%-22s %4d of %4d\n", f, tally[f][0], tally[f][1])
	}
	t.Logf("expectations held: %d of %d\n%s", held, total, b.String())
	if !t.Failed() {
		readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
		require.NoError(t, err)
		text := strings.Join(strings.Fields(string(readme)), " ")
		for _, quote := range []string{
			fmt.Sprintf("%d encounters written for this writer", len(all)),
			fmt.Sprintf("%d of their %d expectations hold", held, total),
		} {
			require.True(t, strings.Contains(text, quote), "README.md should say %q: update it", quote)
		}
	}
}
