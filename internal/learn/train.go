package learn

import (
	"fmt"
	"math"
	"math/rand/v2"
)

// Example is one training instance: its active features and the index of
// its label; Weight scales its loss (0 means 1).
type Example struct {
	Features []string
	Label    int
	Weight   float64
}

// Options set how a model is trained.
type Options struct {
	// Bits is the hashed feature space, 2^Bits buckets (default 18).
	Bits uint8
	// Epochs over the data (default 10).
	Epochs int
	// Rate is AdaGrad's learning rate (default 0.1).
	Rate float64
	// L2 is the weight decay per example (default 1e-6).
	L2 float64
	// Prune zeroes weights smaller than this in magnitude after training,
	// which keeps the stored model small (default 1e-3).
	Prune float64
	// Seed fixes the order examples are visited in.
	Seed uint64
}

func (o *Options) defaults() {
	if o.Bits == 0 {
		o.Bits = 18
	}
	if o.Epochs == 0 {
		o.Epochs = 10
	}
	if o.Rate == 0 {
		o.Rate = 0.1
	}
	if o.L2 == 0 {
		o.L2 = 1e-6
	}
	if o.Prune == 0 {
		o.Prune = 1e-3
	}
}

// Train fits a multinomial logistic regression with AdaGrad on one thread,
// visiting the examples in an order fixed by the seed: the same examples and
// options give the same model, bit for bit, on any machine.
func Train(examples []Example, labels []string, opts Options) (*Model, error) {
	opts.defaults()
	if len(labels) < 2 {
		return nil, fmt.Errorf("train: need at least two labels, have %d", len(labels))
	}
	for i, ex := range examples {
		if ex.Label < 0 || ex.Label >= len(labels) {
			return nil, fmt.Errorf("train: example %d has label %d of %d", i, ex.Label, len(labels))
		}
	}
	k := len(labels)
	buckets := 1 << opts.Bits
	w := make([]float64, buckets*k)
	g := make([]float64, buckets*k) // AdaGrad's sums of squared gradients
	bias := make([]float64, k)
	gb := make([]float64, k)
	hashed := make([][]uint32, len(examples))
	for i, ex := range examples {
		hashed[i] = make([]uint32, len(ex.Features))
		for j, f := range ex.Features {
			hashed[i][j] = Hash(f, opts.Bits)
		}
	}
	order := make([]int, len(examples))
	for i := range order {
		order[i] = i
	}
	rng := rand.New(rand.NewPCG(opts.Seed, opts.Seed^0x9e3779b97f4a7c15))
	logits := make([]float64, k)
	for epoch := 0; epoch < opts.Epochs; epoch++ {
		rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		for _, n := range order {
			ex := examples[n]
			scale := ex.Weight
			if scale == 0 {
				scale = 1
			}
			for c := range logits {
				logits[c] = bias[c]
			}
			for _, h := range hashed[n] {
				row := w[int(h)*k : int(h)*k+k]
				for c := range row {
					logits[c] += row[c]
				}
			}
			p := Softmax(logits)
			for c := range p {
				grad := p[c]
				if c == ex.Label {
					grad--
				}
				grad *= scale
				gb[c] += grad * grad
				bias[c] -= opts.Rate * grad / (math.Sqrt(gb[c]) + 1e-8)
				for _, h := range hashed[n] {
					at := int(h)*k + c
					gr := grad + opts.L2*w[at]
					g[at] += gr * gr
					w[at] -= opts.Rate * gr / (math.Sqrt(g[at]) + 1e-8)
				}
			}
		}
	}
	m := &Model{Labels: append([]string(nil), labels...), Bits: opts.Bits, Bias: make([]float32, k), weights: map[uint32][]float32{}}
	for c := range bias {
		m.Bias[c] = float32(bias[c])
	}
	for b := 0; b < buckets; b++ {
		row := w[b*k : b*k+k]
		keep := false
		for _, x := range row {
			if math.Abs(x) >= opts.Prune {
				keep = true
				break
			}
		}
		if !keep {
			continue
		}
		out := make([]float32, k)
		for c, x := range row {
			if math.Abs(x) >= opts.Prune {
				out[c] = float32(x)
			}
		}
		m.weights[uint32(b)] = out
	}
	return m, nil
}
