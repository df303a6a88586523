package transcribe

import (
	"github.com/notegen/notegen/cmd/notegen-asr/internal/decode"
)

// Segmentation limits, in samples. VAD segments cut at every half-second
// pause and start right at the speech onset; recognising them one by one
// loses the context models need (the shared 3.3M model's WER on the LibriVox
// test went from 13% on whole files to 28%). So consecutive VAD segments are
// grouped into chunks of up to groupTarget and cut from the original audio
// with half a second of padding on each side (10% WER; 0.3 s gave 20%).
const (
	sr          = decode.SampleRate
	groupTarget = 20 * sr // join VAD segments while the chunk stays this short
	hardMax     = 25 * sr // never hand a model more (Whisper's window is 30 s)
	padBefore   = sr / 2  // audio kept before the first speech onset
	padAfter    = sr / 2  // and after the last speech offset
	historyKeep = 60 * sr // audio kept while no chunk is open (VAD lag bound)
)

// span is a range of absolute sample indexes [start, end).
type span struct{ start, end int }

// segmenter groups VAD segments into chunks and cuts them from a bounded
// history of the decoded audio.
type segmenter struct {
	hist      []float32 // decoded audio from histStart on
	histStart int
	open      *span // speech of the chunk being grouped
	lastCut   int   // end of the audio already handed out, to avoid overlap
	emit      func(speech span, samples []float32) error
}

// audio appends decoded samples to the history and trims what can no longer
// be needed, so memory stays bounded for arbitrarily long recordings.
func (g *segmenter) audio(chunk []float32) {
	g.hist = append(g.hist, chunk...)
	keepFrom := g.histStart + len(g.hist) - historyKeep
	if g.open != nil {
		keepFrom = min(keepFrom, g.open.start-padBefore)
	}
	if drop := keepFrom - g.histStart; drop > len(g.hist)/2 && drop > sr {
		// Copy rather than reslice, so the old backing array is released.
		g.hist = append(make([]float32, 0, len(g.hist)-drop+sr), g.hist[drop:]...)
		g.histStart += drop
	}
}

// speech adds one VAD segment; it emits the open chunk first when adding the
// segment would make it too long.
func (g *segmenter) speech(s span) error {
	if g.open != nil && s.end-g.open.start <= groupTarget {
		g.open.end = s.end
		return nil
	}
	if err := g.flush(); err != nil {
		return err
	}
	g.open = &s
	return nil
}

// flush emits the open chunk, if any, with padding taken from the history.
func (g *segmenter) flush() error {
	if g.open == nil {
		return nil
	}
	s := *g.open
	g.open = nil
	histEnd := g.histStart + len(g.hist)
	from := max(s.start-padBefore, g.histStart, g.lastCut)
	to := min(s.end+padAfter, histEnd)
	if to <= from {
		return nil
	}
	g.lastCut = to
	samples := g.hist[from-g.histStart : to-g.histStart]
	for len(samples) > hardMax {
		cut := quietestCut(samples[:hardMax])
		speech := span{start: max(s.start, from), end: from + cut}
		if err := g.emit(speech, samples[:cut]); err != nil {
			return err
		}
		samples, from = samples[cut:], from+cut
	}
	return g.emit(span{start: max(s.start, from), end: min(s.end, from+len(samples))}, samples)
}

// quietestCut picks where to split an over-long window: the quietest 50 ms
// frame in its last third, so the cut most likely falls between words.
func quietestCut(w []float32) int {
	const frame = sr / 20
	best, bestEnergy := len(w), float32(-1)
	for at := len(w) * 2 / 3; at+frame <= len(w); at += frame {
		var e float32
		for _, v := range w[at : at+frame] {
			e += v * v
		}
		if bestEnergy < 0 || e < bestEnergy {
			best, bestEnergy = at+frame/2, e
		}
	}
	return best
}
