package clitest

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen/internal/audio/audiotest"
	"github.com/notegen/notegen/internal/fhir/fhirtest"
	st "github.com/notegen/notegen/internal/servertest"
)

func TestNotesShowEvidenceFHIRAndTranscriptSegments(t *testing.T) {
	t.Parallel()
	s := st.Start(t, st.SQLite)
	keyed := keyedUser(t, s, "live")

	text := "[doctor] What brings you in?\n[patient] I have had a cough for two weeks.\n[doctor] Let's start amoxicillin 500 mg three times a day."
	var job map[string]any
	require.NoError(t, json.Unmarshal([]byte(keyed.ok(text, "notes", "submit", "--text", "-", "--template", "primaryCare",
		"--visit-type", "followUp", "--recording-type", "conversation", "--consent", "--wait", "--json")), &job))
	id := job["job_id"].(string)

	shown := keyed.ok("", "notes", "show", id, "--evidence")
	require.Contains(t, shown, "CHIEF COMPLAINT")
	require.Contains(t, shown, `> "`, "a sentence is followed by the words it cites")
	require.Contains(t, shown, "(patient, segment 1)", "the cited words name their speaker and segment")

	out := filepath.Join(t.TempDir(), "note.fhir.json")
	keyed.ok("", "notes", "show", id, "--format", "fhir", "--output", out)
	data, err := os.ReadFile(out)
	require.NoError(t, err)
	var bundle map[string]any
	require.NoError(t, json.Unmarshal(data, &bundle))
	require.Equal(t, "Bundle", bundle["resourceType"])
	require.Contains(t, string(data), "MedicationRequest", "the amoxicillin started at this visit is a prescription")
	keyed.fails(2, "notes", "show", id, "--format", "xml")
	// The file is what a user hands to the repository's validator, which
	// takes a file as well as a folder of bundles.
	t.Run("validator", func(t *testing.T) {
		report, err := fhirtest.Validate(fhirtest.Validator(t), out)
		require.NoError(t, err, report)
		require.Equal(t, "1 passed, 0 failed\n", report)
	})

	lines := strings.Split(strings.TrimSpace(keyed.ok("", "notes", "transcript", id)), "\n")
	require.Equal(t, []string{"[0 clinician] What brings you in?", "[1 patient] I have had a cough for two weeks.",
		"[2 clinician] Let's start amoxicillin 500 mg three times a day."}, lines)
}

func TestNotesStreamPrintsSegmentsThenTheNote(t *testing.T) {
	t.Parallel()
	s := st.Start(t, st.SQLite)
	keyed := keyedUser(t, s, "sandbox")

	dir := t.TempDir()
	wav := filepath.Join(dir, "visit.wav")
	require.NoError(t, os.WriteFile(wav, audiotest.WAV(1.5, 8000), 0o600))
	r := keyed.run("", "notes", "stream", "--file", wav, "--realtime", "--template", "primaryCare", "--visit-type", "followUp")
	require.Equal(t, 0, r.code, "stdout: %s\nstderr: %s", r.stdout, r.stderr)
	require.Contains(t, r.stderr, "[   0.0s-   1.5s] [Sandbox sample: no speech recognition ran on the 1.5 s of audio received",
		"the segment prints with its times, read at the WAV's own rate, and says a sandbox key's words are a sample")
	require.Contains(t, r.stdout, "CHIEF COMPLAINT", "then the note")

	raw := filepath.Join(dir, "visit.pcm")
	require.NoError(t, os.WriteFile(raw, make([]byte, 16000), 0o600))
	r = keyed.run("", "notes", "stream", "--file", raw, "--sample-rate", "16000")
	require.Equal(t, 0, r.code, "stdout: %s\nstderr: %s", r.stdout, r.stderr)
	require.Contains(t, r.stderr, "-   0.5s] ", "raw PCM is read at --sample-rate")

	keyed.fails(5, "notes", "stream", "--file", raw, "--sample-rate", "100")
	keyed.fails(2, "notes", "stream", raw)
}

// usage says what its two billing figures count: the free jobs are a
// number of live jobs, and the charge is what this month's live tokens
// cost so far, in dollars, from the first live job on.
func TestUsageSaysWhatItsFiguresCount(t *testing.T) {
	t.Parallel()
	owner, live, _ := keyedOwner(t, st.Start(t, st.SQLite), "live")
	live.ok("", "notes", "submit", "--text", "Patient reports chest pain for two days. Start aspirin 81 mg daily.", "--wait")

	out := owner.ok("", "usage")
	require.Regexp(t, `(?m)^Live jobs: +1$`, out)
	require.Regexp(t, `(?m)^Free jobs left: +99 live jobs before the paid plan is needed \(their tokens are charged\)$`, out)
	require.Regexp(t, `(?m)^Charges this month: +\$\d+\.\d\d so far \(live jobs' tokens at the tiered price; sandbox jobs are free\)$`, out)
	require.Regexp(t, `(?m)^Plan: +trial$`, out)
}
