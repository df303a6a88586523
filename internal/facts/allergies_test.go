package facts_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen/internal/facts"
	"github.com/notegen/notegen/internal/transcript"
)

// TestAllergyNamedInReplyToTheQuestion: "any allergies?" is answered with
// the allergen alone, with a yes, or with a no and an exception; a no that
// goes on about a medication taken names no allergy.
func TestAllergyNamedInReplyToTheQuestion(t *testing.T) {
	t.Parallel()
	x := facts.New()
	for _, c := range []struct{ lang, text, substance, reaction, cited string }{
		{"en", "[doctor] any allergies to medications ?\n[patient] nope , just penicillin .\n", "penicillin", "<nil>", "penicillin"},
		{"en", "[doctor] any drug allergies ?\n[patient] sulfa drugs , i get a rash .\n", "sulfa", "rash", "sulfa drugs , i get a rash"},
		{"en", "[doctor] do you have any allergies ?\n[patient] yes , codeine .\n", "codeine", "<nil>", "codeine"},
		{"fr", "Médecin : Des allergies ?\nPatient : Non, juste la pénicilline.\n", "pénicilline", "<nil>", "pénicilline"},
	} {
		segs := transcript.Split(c.text, nil)
		f := x.Extract(segs, c.lang)
		require.Len(t, f.Allergies, 1, c.text)
		al := f.Allergies[0]
		require.Equal(t, c.substance, al.Substance, c.text)
		require.Equal(t, c.reaction, deref(al.Reaction), c.text)
		require.Len(t, al.Spans, 1)
		require.Equal(t, c.cited, spanText(t, segs, al.Spans[0]), c.text)
		require.Empty(t, f.Medications, "an allergen is no medication taken: %s", c.text)
	}
	for _, text := range []string{
		"[doctor] any allergies ?\n[patient] no .\n",
		"[doctor] any allergies ?\n[patient] no , i take lisinopril though .\n",
		"[doctor] any allergies ?\n[patient] i take zyrtec for my allergies .\n",
		"[patient] any allergies ?\n[doctor] penicillin .\n",
	} {
		require.Empty(t, x.Extract(transcript.Split(text, nil), "en").Allergies, text)
	}
}
