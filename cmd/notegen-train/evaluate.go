package main

import (
	"fmt"
	"strings"
)

// Confusion counts a classifier's answers against the truth, weighted.
type Confusion struct {
	Labels []string
	// Counts[truth][predicted]
	Counts [][]float64
}

// NewConfusion returns an empty confusion over labels.
func NewConfusion(labels []string) *Confusion {
	c := &Confusion{Labels: labels, Counts: make([][]float64, len(labels))}
	for i := range c.Counts {
		c.Counts[i] = make([]float64, len(labels))
	}
	return c
}

// Add counts one answer.
func (c *Confusion) Add(truth, predicted int) { c.Counts[truth][predicted]++ }

// Total is the number of answers.
func (c *Confusion) Total() float64 {
	t := 0.0
	for _, row := range c.Counts {
		for _, x := range row {
			t += x
		}
	}
	return t
}

// Accuracy is the share of right answers, in percent.
func (c *Confusion) Accuracy() float64 {
	right := 0.0
	for i := range c.Counts {
		right += c.Counts[i][i]
	}
	return 100 * right / max(c.Total(), 1)
}

// Support is how many answers had label k as their truth.
func (c *Confusion) Support(k int) float64 {
	s := 0.0
	for _, x := range c.Counts[k] {
		s += x
	}
	return s
}

// Precision of label k, in percent: the share of answers k that were
// right.
func (c *Confusion) Precision(k int) float64 {
	predicted := 0.0
	for i := range c.Counts {
		predicted += c.Counts[i][k]
	}
	return 100 * c.Counts[k][k] / max(predicted, 1)
}

// Recall of label k, in percent: the share of truths k answered k.
func (c *Confusion) Recall(k int) float64 { return 100 * c.Counts[k][k] / max(c.Support(k), 1) }

// F1 of label k, in percent.
func (c *Confusion) F1(k int) float64 {
	tp, predicted := c.Counts[k][k], 0.0
	for i := range c.Counts {
		predicted += c.Counts[i][k]
	}
	truth := c.Support(k)
	if tp == 0 {
		return 0
	}
	p, r := tp/predicted, tp/truth
	return 100 * 2 * p * r / (p + r)
}

// FBeta of label k, in percent: F1 with recall weighted beta times as
// much as precision.
func (c *Confusion) FBeta(k int, beta float64) float64 {
	p, r := c.Precision(k), c.Recall(k)
	if p == 0 || r == 0 {
		return 0
	}
	return (1 + beta*beta) * p * r / (beta*beta*p + r)
}

// MacroF1 averages F1 over the labels that occur in the truth.
func (c *Confusion) MacroF1() float64 {
	sum, n := 0.0, 0
	for k := range c.Labels {
		if c.Support(k) > 0 {
			sum += c.F1(k)
			n++
		}
	}
	return sum / float64(max(n, 1))
}

// Merge adds another confusion of the same labels.
func (c *Confusion) Merge(o *Confusion) {
	for i := range c.Counts {
		for j := range c.Counts[i] {
			c.Counts[i][j] += o.Counts[i][j]
		}
	}
}

// Score is a model's confusion on one slice of data.
type Score struct {
	Name string
	*Confusion
}

// perLabelTable writes a markdown table: one row per label, a column of F1
// per score, with the accuracy and macro F1 at the bottom.
func perLabelTable(b *strings.Builder, scores []Score) {
	if len(scores) == 0 {
		return
	}
	b.WriteString("| |")
	for _, s := range scores {
		fmt.Fprintf(b, " %s |", s.Name)
	}
	b.WriteString("\n|---|")
	for range scores {
		b.WriteString("---:|")
	}
	b.WriteString("\n")
	for k, l := range scores[0].Labels {
		fmt.Fprintf(b, "| %s F1 |", l)
		for _, s := range scores {
			if s.Support(k) == 0 {
				b.WriteString(" – |")
				continue
			}
			fmt.Fprintf(b, " %.1f (%d) |", s.F1(k), int(s.Support(k)))
		}
		b.WriteString("\n")
	}
	b.WriteString("| macro F1 |")
	for _, s := range scores {
		fmt.Fprintf(b, " %.1f |", s.MacroF1())
	}
	b.WriteString("\n| **accuracy** |")
	for _, s := range scores {
		fmt.Fprintf(b, " **%.1f** (%d) |", s.Accuracy(), int(s.Total()))
	}
	b.WriteString("\n")
}
