package notewriter

import (
	"context"
	"fmt"

	"github.com/notegen/notegen/internal/lexicon"
)

// warmText is a short dictation every language's lexicon reads: numbers,
// a denial and a plan, so that the readers of each are loaded.
const warmText = "Chest pain for 2 days. No fever. Blood pressure 140/90. Plan: ECG, follow up in 1 week."

// Warm writes one short note in each language. The lexicons and the learned
// models load on first use (about 70 ms); a server calls Warm as it starts
// so that its first jobs do not wait for them.
func Warm(ctx context.Context) error {
	w := New()
	for _, lang := range lexicon.Languages {
		if _, err := w.Write(ctx, Input{Transcript: warmText, Template: "primaryCare", RecordingType: "dictation", Lang: lang}); err != nil {
			return fmt.Errorf("warm the %s writer: %w", lang, err)
		}
	}
	return nil
}
