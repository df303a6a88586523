package fhir

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen/internal/notetemplate"
)

func TestEveryTemplateHasItsDocumentType(t *testing.T) {
	t.Parallel()
	ids := notetemplate.IDs()
	require.Len(t, ids, 14)
	for _, id := range ids {
		c, ok := documentTypes[id]
		require.True(t, ok, "template %s has no LOINC document type", id)
		require.Equal(t, loinc, c.System)
	}
}

func TestSectionKeysMatchInEitherSpelling(t *testing.T) {
	t.Parallel()
	for _, key := range []string{notetemplate.KeyHPI, "history_of_present_illness"} {
		c, ok := SectionCode(key)
		require.True(t, ok, key)
		require.Equal(t, "10164-2", c.Code)
	}
	_, ok := SectionCode(notetemplate.KeySalutation)
	require.False(t, ok, "a letter's salutation has no LOINC section code")
}
