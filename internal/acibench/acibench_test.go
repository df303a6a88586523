package acibench

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestParseReadsMultilineQuotedDialogues(t *testing.T) {
	t.Parallel()
	csvText := "dataset,encounter_id,dialogue,note\naci,D1,\"[doctor] hi , how are you ?\n[patient] my knee \"\"hurts\"\"\",\"CHIEF COMPLAINT\n\nKnee pain.\"\n"
	got, err := Parse(strings.NewReader(csvText), "inline")
	require.NoError(t, err)
	require.Equal(t, []Encounter{{ID: "D1", Dialogue: "[doctor] hi , how are you ?\n[patient] my knee \"hurts\"", Note: "CHIEF COMPLAINT\n\nKnee pain."}}, got)

	_, err = Parse(strings.NewReader("encounter_id,note\nD1,x\n"), "inline")
	require.ErrorContains(t, err, `inline: missing column "dialogue"`)
	_, err = Parse(strings.NewReader("encounter_id,dialogue,note\n"), "inline")
	require.ErrorContains(t, err, "no encounters")
}

// The held-out first test split is never read, whatever a command is asked
// for; the shared splits and their speech versions are.
func TestLoadRefusesTheHeldOutSplit(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	row := "dataset,encounter_id,dialogue,note\naci,D1,[doctor] hi,Note\n"
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "speech"), 0o700))
	for _, split := range []string{"valid", "test", "test1", "test2", "test3", "speech/test1_aci_asr"} {
		require.NoError(t, os.WriteFile(filepath.Join(dir, split+".csv"), []byte(row), 0o600))
	}
	require.NoError(t, os.WriteFile(filepath.Join(dir, "speech", "valid_aci_asr.csv"), []byte("dataset,id,dialogue,note\naci,ACI1,[doctor] hi,Note\n"), 0o600))
	for _, split := range []string{"valid", "test2", "test3", "speech/valid_aci_asr"} {
		got, err := Load(dir, split)
		require.NoError(t, err, split)
		require.Len(t, got, 1, split)
	}
	for _, split := range []string{"test", "test1", "speech/test1_aci_asr", "../valid", "speech/../test1"} {
		_, err := Load(dir, split)
		require.ErrorContains(t, err, "held out", split)
	}
}
