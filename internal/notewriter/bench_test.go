package notewriter

import (
	"context"
	"encoding/csv"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen/internal/acibench"
)

// oneHourTranscript concatenates ACI-BENCH training dialogues up to an hour
// of speech, or repeats the built-in example visit when the data is absent,
// so the benchmark always runs.
func oneHourTranscript(tb testing.TB) string {
	var parts []string
	if f, err := os.Open("../../../shared/data/aci-bench/train.csv"); err == nil {
		defer f.Close()
		rows, err := csv.NewReader(f).ReadAll()
		require.NoError(tb, err)
		for _, r := range rows[1:] {
			parts = append(parts, r[2])
		}
	} else {
		parts = []string{englishVisit}
	}
	var b strings.Builder
	words := 0
	for i := 0; words < acibench.OneHourWords; i++ {
		p := parts[i%len(parts)]
		b.WriteString(p)
		b.WriteByte('\n')
		words += len(strings.Fields(p))
	}
	return b.String()
}

func BenchmarkWriteOneHourTranscript(b *testing.B) {
	transcript := oneHourTranscript(b)
	w := New()
	in := Input{Transcript: transcript, Template: "primaryCare", Lang: "en", RecordingType: "conversation"}
	b.SetBytes(int64(len(transcript)))
	for b.Loop() {
		if _, err := w.Write(context.Background(), in); err != nil {
			b.Fatal(err)
		}
	}
}
