package main

import (
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"

	"github.com/notegen/notegen/internal/discourse"
)

// Command is how the models are made; the manifest and the tests say it.
const Command = "go run ./cmd/notegen-train --data ../shared/data --out internal/discourse/models"

func (st *Stage) manifest(files map[string][]byte) string {
	var b strings.Builder
	o := st.Options
	fmt.Fprintf(&b, "# Discourse models\n\nWritten by `%s` (do not edit: retrain). "+
		"Training is deterministic: the same data, lexicon and options give these files byte for byte "+
		"(`go test ./cmd/notegen-train` checks it where the data is).\n\n", Command)
	b.WriteString("## Data\n\nTune: trains the models and chooses their options (a dev slice of a fifth of the tuning " +
		"conversations, by hash, chooses them and gives the tuning scores below). Gate: only ever scored. " +
		"ACI-BENCH's first test split and MTS-Dialog's second test set are held out and never read; ACI-BENCH's " +
		"corrected speech transcripts (`*_asrcorr`, `*_humantrans`) are not used, being the main files' dialogues again.\n\n")
	b.WriteString("| file (in --data) | sha256 | rows | role | note |\n|---|---|---:|---|---|\n")
	for _, s := range st.Stats {
		fmt.Fprintf(&b, "| %s | `%s` | %d | %s | %s |\n", s.Source.Path, s.SHA256, s.Rows, s.Source.Use, s.Source.Note)
	}
	fmt.Fprintf(&b, "\nUnits (sentences) labelled: %d. Labels come from aligning each unit to the reference note's "+
		"sentences (IDF-weighted cosine of stemmed content words, at least %.2f and a shared IDF mass of %.1f; a question "+
		"and an answer of at most %d content words are aligned together), under the note's headings "+
		"(cmd/notegen-train/labels/). A unit that aligns to nothing but holds a clinical word (one that notes use) is "+
		"drop with weight %.1f in a full visit, and weight %.1f (left out) in an MTS-Dialog conversation, which keeps to one section "+
		"and so says nothing of its other talk.\n",
		st.Units, o.Align.MinCosine, o.Align.MinShared, o.Align.ShortAnswer, o.Align.Unaligned, o.MTSAlign.Unaligned)
	if len(st.SwappedTags) > 0 {
		fmt.Fprintf(&b, "\nSpeaker tags found the wrong way round (a model of all tuning data gives most of their "+
			"clinician and patient turns the other role) and put right for training: %s.\n", strings.Join(st.SwappedTags, ", "))
	}
	if len(st.UnknownHeadings) > 0 {
		fmt.Fprintf(&b, "\nSection headers without a part (their conversations are not labelled): %s.\n", strings.Join(dedupe(st.UnknownHeadings), ", "))
	}

	b.WriteString("\n## Models\n\n| file | bytes | labels | features | decoding |\n|---|---:|---|---|---|\n")
	names := make([]string, 0, len(files))
	for n := range files {
		if strings.HasSuffix(n, ".bin") {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	for _, n := range names {
		task, lang, _ := strings.Cut(strings.TrimSuffix(n, ".bin"), "_")
		feats, labels, strength := "words", "statement, question", fmt.Sprintf("threshold %.2f", st.Question.Threshold)
		switch task {
		case "part":
			feats, labels, strength = featureNote(lang), "discourse.Parts", fmt.Sprintf("Viterbi, strength %.1f", st.Strength[lang])
			if _, fixed := o.PartStrengths[lang]; fixed {
				strength += " (fixed by the notes' ROUGE-1 on the tuning splits: scripts/part-strength-curve.sh)"
			}
		case "role":
			r := st.Roles[lang]
			feats, labels = featureNote(lang), strings.Join(roleLabels, ", ")
			strength = fmt.Sprintf("Viterbi, strength %.1f for turns, %.1f for utterances; shares of roles adapted: %v",
				r.Strength, r.UtteranceStrength, r.Adapt)
		case "change":
			feats, labels, strength = featureNote(lang), strings.Join(changeLabels, ", "), "read by the role model's Viterbi on utterances"
		case "boundary":
			feats, labels = "words + lists", strings.Join(boundaryLabels, ", ")
			strength = fmt.Sprintf("threshold %.2f, read left to right, on segments without terminal punctuation of at least %d words",
				st.Boundary.Threshold, discourse.SpokenSentenceWords)
		}
		fmt.Fprintf(&b, "| %s | %d | %s | %s | %s |\n", n, len(files[n]), labels, feats, strength)
	}
	fmt.Fprintf(&b, "\nLexicon lists read as features: %s.\n", strings.Join(st.Lists, ", "))
	fmt.Fprintf(&b, "\nLexicon lists read by the boundary model: %s.\n", strings.Join(st.BoundaryLists, ", "))
	fmt.Fprintf(&b, "\nOptions (learn.Options): part %+v; role %+v; question %+v; boundary %+v. Viterbi strengths tried on the dev slice: %v.\n",
		o.Part, o.Role, o.Question, o.Boundary, o.Strengths)

	b.WriteString("\n## Scores\n\nUnit accuracy and F1 per part (in brackets: units of that truth), against the alignment's labels, " +
		"on the units whose label the alignment is sure of (aligned to a note sentence, or talk without a clinical word). " +
		"tune = the dev slice, scored by models trained on the rest of the tuning data; gate = the gate files, scored by " +
		"the models trained on all the tuning data. The spread between them is what the models overfit.\n")
	for _, name := range modelNames {
		fmt.Fprintf(&b, "\n### Part model, %s\n\n", name)
		perLabelTable(&b, scoreColumns(st.PartDevScores[name], st.PartGateScores[name]))
		b.WriteString("\nAccuracy on every unit (the unaligned units that speak of clinical things counted as drop):")
		for _, k := range kindOrder {
			fmt.Fprintf(&b, " %s tune %.1f, gate %.1f;", k, st.PartDevScores[name][k+" all"].Accuracy(), st.PartGateScores[name][k+" all"].Accuracy())
		}
		b.WriteString("\n")
	}
	b.WriteString("\n### Role model\n\nTurns whose inferred role is the tagged one, with every tag removed (as an unlabelled " +
		"transcript arrives), per gate file. corrected: with the tags of encounters known to be swapped put right " +
		"(D2N082, as cmd/notegen-eval lists it), for scoring only.\n\n")
	b.WriteString("| model | tune (dev) |")
	gates := gateFiles()
	for _, f := range gates {
		fmt.Fprintf(&b, " %s |", strings.Replace(strings.TrimPrefix(f, "aci-bench/"), ".csv", "", 1))
	}
	b.WriteString("\n|---|---:|" + strings.Repeat("---:|", len(gates)) + "\n")
	for _, name := range modelNames {
		fmt.Fprintf(&b, "| %s | %.1f |", name, st.RoleDevScores[name].Accuracy())
		for _, f := range gates {
			fmt.Fprintf(&b, " %.1f |", st.RoleGateScores[name][f].Accuracy())
		}
		b.WriteString("\n")
	}
	st.writeRoleShape(&b, "Utterances (the punctuated conversations with each turn cut at its sentences and given times, as a speech "+
		"provider's segments come, several in a row from one speaker; decoded with the change model):", st.RoleDevUtterances, "utterances")
	st.writeRoleShape(&b, "Recogniser lines (the same utterances in lower case, without punctuation or times, as a recogniser's "+
		"text pasted a line an utterance arrives):", st.RoleDevLines, "lines")
	b.WriteString("\nF1 of the other role (a companion, an interpreter, a nurse) on the tuning dev slice and all gate files: ")
	for _, name := range modelNames {
		all := NewConfusion(roleLabels)
		for _, f := range gates {
			if !strings.HasSuffix(f, " corrected") {
				all.Merge(st.RoleGateScores[name][f])
			}
		}
		fmt.Fprintf(&b, "%s %.1f and %.1f; ", name, st.RoleDevScores[name].F1(2), all.F1(2))
	}
	b.WriteString("\n")
	b.WriteString("\n### Question model\n\nWhether a unit without punctuation asks (truth: it ended with a question mark before " +
		"the punctuation was taken out), on whole turns (a recogniser's turn is one unit) and on sentences; against the " +
		"question_openers list it replaces.\n\n")
	b.WriteString("| | turns: model | turns: openers | sentences: model | sentences: openers |\n|---|---:|---:|---:|---:|\n")
	for _, slice := range []string{"dev", "gate"} {
		s := st.QuestionScores[slice]
		fmt.Fprintf(&b, "| %s accuracy | %.1f | %.1f | %.1f | %.1f |\n", slice, s.ModelTurns.Accuracy(), s.OpenersTurns.Accuracy(),
			s.ModelSentences.Accuracy(), s.OpenersSentences.Accuracy())
		fmt.Fprintf(&b, "| %s question F1 | %.1f | %.1f | %.1f | %.1f |\n", slice, s.ModelTurns.F1(1), s.OpenersTurns.F1(1),
			s.ModelSentences.F1(1), s.OpenersSentences.F1(1))
	}
	fmt.Fprintf(&b, "\nThreshold (chosen on the dev slice): %.2f.\n", st.Question.Threshold)
	st.boundaryScores(&b)
	return b.String()
}

func featureNote(lang string) string {
	if lang == discourse.Universal {
		return "abstract"
	}
	return "words + abstract"
}

// scoreColumns puts the tune and gate scores of each kind of data side by
// side.
func scoreColumns(dev, gate map[string]*Confusion) []Score {
	var out []Score
	for _, k := range kindOrder {
		if c, ok := dev[k]; ok {
			out = append(out, Score{"tune " + k, c})
		}
		if c, ok := gate[k]; ok {
			out = append(out, Score{"gate " + k, c})
		}
	}
	return out
}

func dedupe(xs []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, x := range xs {
		if !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	sort.Strings(out)
	return out
}

// showLabels prints an encounter's units with their labels and the note
// sentence each aligned to.
func showLabels(w io.Writer, ps []*Prepared, id string) error {
	for _, p := range ps {
		if p.Enc.ID != id {
			continue
		}
		fmt.Fprintf(w, "== %s %s\n", p.Enc.Source.Path, p.Enc.ID)
		for i, u := range p.Units {
			printUnit(w, p, i, u)
		}
		return nil
	}
	return fmt.Errorf("no encounter %q", id)
}

func printUnit(w io.Writer, p *Prepared, i int, u discourse.Unit) {
	text, _ := p.Enc.Segs[u.Segment].Slice(u.Start, u.End)
	q := " "
	if u.Question {
		q = "?"
	}
	fmt.Fprintf(w, "%-17s %.2f %s %-9s| %s\n", discourse.Parts[p.Align.Labels[i]], p.Align.Score[i], q, u.Speaker, text)
	if s := p.Align.Sentence[i]; s >= 0 && p.Align.Labels[i] != drop {
		fmt.Fprintf(w, "%34s -> %s\n", "", p.Sents[s].Text)
	}
}

// printSample prints n tuning units drawn at random (seeded), with their
// neighbours, for judging the labels by hand.
func printSample(w io.Writer, ps []*Prepared, n int, seed uint64) {
	type at struct {
		p *Prepared
		i int
	}
	var all []at
	for _, p := range ps {
		if p.tune() && p.Enc.Source.Kind != MTS {
			for i := range p.Units {
				all = append(all, at{p, i})
			}
		}
	}
	rng := rand.New(rand.NewPCG(seed, 7))
	for k := 0; k < n && len(all) > 0; k++ {
		a := all[rng.IntN(len(all))]
		fmt.Fprintf(w, "#%d %s %s unit %d\n", k+1, a.p.Enc.Source.Path, a.p.Enc.ID, a.i)
		if a.i > 0 {
			text, _ := a.p.Enc.Segs[a.p.Units[a.i-1].Segment].Slice(a.p.Units[a.i-1].Start, a.p.Units[a.i-1].End)
			fmt.Fprintf(w, "   (before: %s: %s)\n", a.p.Units[a.i-1].Speaker, text)
		}
		printUnit(w, a.p, a.i, a.p.Units[a.i])
	}
}

// boundaryScores writes the boundary model's section of the manifest.
func (st *Stage) boundaryScores(b *strings.Builder) {
	b.WriteString("\n### Boundary model\n\nWhere the sentences of a turn without punctuation end: the punctuated turns " +
		"(ACI-BENCH's punctuated dialogues, MTS-Dialog) with their punctuation taken out, every gap between two words a " +
		"case, a boundary where a sentence ended. The model reads each turn as discourse.Units does (left to right, none " +
		"in a turn too short to read), so a boundary in a short turn counts as missed. It also learns from the lines of " +
		"the reference notes (note: a clinician dictating speaks as notes are written), which are scored apart and do not " +
		"choose the threshold; all = the conversations. Precision, recall and F1 of the boundaries, in percent (in " +
		"brackets: true boundaries, gaps).\n\n")
	b.WriteString("| slice | kind | precision | recall | F1 |\n|---|---|---:|---:|---:|\n")
	for _, slice := range []string{"dev", "gate"} {
		for _, k := range append(slices.Clone(kindOrder), "all", noteKind) {
			c, ok := st.BoundaryScores[slice][k]
			if !ok {
				continue
			}
			fmt.Fprintf(b, "| %s | %s | %.1f | %.1f | %.1f (%d, %d) |\n", slice, k, c.Precision(1), c.Recall(1), c.F1(1),
				int(c.Support(1)), int(c.Total()))
		}
	}
	fmt.Fprintf(b, "\nThreshold (chosen on the dev slice's conversations, best mean F-score of the kinds with recall weighted %g "+
		"times precision: a boundary missed leaves two parts of the note in one unit, one too many splits a sentence whose "+
		"halves mostly get the same part): %.2f.\n", st.Options.BoundaryBeta, st.Boundary.Threshold)
}

// writeRoleShape writes a paragraph of the role models' accuracy on the
// conversations cut into another shape (utterances, a recogniser's
// lines): on the dev slice, then on the gate files scored under the key
// suffix.
func (st *Stage) writeRoleShape(b *strings.Builder, title string, dev map[string]*Confusion, suffix string) {
	b.WriteString("\n" + title)
	for _, name := range modelNames {
		fmt.Fprintf(b, " %s: tune %.1f", name, dev[name].Accuracy())
		for _, f := range []string{"aci-bench/valid.csv corrected", "aci-bench/test2.csv", "mts-dialog/valid.csv"} {
			if c, ok := st.RoleGateScores[name][f+" "+suffix]; ok {
				fmt.Fprintf(b, ", %s %.1f", strings.Replace(strings.TrimPrefix(f, "aci-bench/"), ".csv", "", 1), c.Accuracy())
			}
		}
		b.WriteString(";")
	}
	b.WriteString("\n")
}
