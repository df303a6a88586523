package notewriter

// The checkers the notewriter's table tests share: one a kind of check, so
// that a test lists only its cases and the step of the writer it checks.

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// textCase is a sentence as said (in) and as one step of the writer
// leaves it (want). A case without a name is named by its sentence.
type textCase struct {
	name, lang, in, want string
}

// subtest names a case by its language and name, or by its language and
// sentence when a table lists sentences alone.
func (c textCase) subtest() string {
	if c.name == "" {
		return c.lang + "/" + c.in
	}
	return c.lang + "/" + c.name
}

// checkText runs each case's sentence through write and compares the words
// written, without the padding around them.
func checkText(t *testing.T, cases []textCase, write func(said string, lex *lexicon) string) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.subtest(), func(t *testing.T) {
			t.Parallel()
			got := write(c.in, lexiconFor(c.lang))
			require.Equal(t, c.want, strings.TrimSpace(got), "%s: %q", c.lang, c.in)
		})
	}
}

// cleaned is a sentence as the writer's later steps receive it: tokenized,
// with its words rewritten and its fillers removed.
func cleaned(said string, lex *lexicon) string {
	return removeFillers(replaceWords(padTokens(said), lex.rewrites), lex)
}

// afterCleaning is stage as the writer runs it: on the sentence cleaned.
func afterCleaning(stage func(padded string, lex *lexicon) string) func(said string, lex *lexicon) string {
	return func(said string, lex *lexicon) string { return stage(cleaned(said, lex), lex) }
}

// checkRewrite runs each case's sentence, padded with a space each side as
// the writer's rewrites receive it, through rewrite and compares the whole
// padded text, so a rewrite that loses the padding fails too.
func checkRewrite(t *testing.T, cases []textCase, rewrite func(padded, lang string) string) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.subtest(), func(t *testing.T) {
			t.Parallel()
			require.Equal(t, " "+c.want+" ", rewrite(" "+c.in+" ", c.lang), "%s: %q", c.lang, c.in)
		})
	}
}

// voiceCase is a sentence said in an English clinician's voice (in) about
// a patient of the given pronouns, and as the note charts it (want). A case
// without a name is named by its sentence.
type voiceCase struct {
	name, in, want string
	p              pronouns
}

// checkVoice runs each case's sentence, padded with a space each side,
// through rewrite with the case's pronouns and compares the whole padded
// text.
func checkVoice(t *testing.T, cases []voiceCase, rewrite func(padded string, p pronouns) string) {
	t.Helper()
	for _, c := range cases {
		t.Run(textCase{name: c.name, lang: "en", in: c.in}.subtest(), func(t *testing.T) {
			t.Parallel()
			require.Equal(t, " "+c.want+" ", rewrite(" "+c.in+" ", c.p), "%q", c.in)
		})
	}
}

// verdictCase is a sentence said in lang and whether what a test asks of
// it holds (want). A case without a name is named by its sentence.
type verdictCase struct {
	name, lang, said string
	want             bool
}

// checkVerdicts asks judge of each case's sentence and compares the answer;
// what judge logs explains a failure.
func checkVerdicts(t *testing.T, cases []verdictCase, judge func(t *testing.T, said, lang string) bool) {
	t.Helper()
	for _, c := range cases {
		t.Run(textCase{name: c.name, lang: c.lang, in: c.said}.subtest(), func(t *testing.T) {
			t.Parallel()
			require.Equal(t, c.want, judge(t, c.said, c.lang), "%s: %q", c.lang, c.said)
		})
	}
}

// roleDialogue reads a test dialogue written one turn a line as "C text",
// "P text" or "O text" (clinician, patient, other), and returns the turns
// and their roles.
func roleDialogue(dialogue string) (turns []string, roles []Role) {
	byLetter := map[string]Role{"C": RoleClinician, "P": RolePatient, "O": RoleOther}
	for _, line := range strings.Split(strings.TrimSpace(dialogue), "\n") {
		letter, text, _ := strings.Cut(strings.TrimSpace(line), " ")
		turns, roles = append(turns, text), append(roles, byLetter[letter])
	}
	return turns, roles
}

// dialogueCase is a conversation in lang, written as roleDialogue reads
// it: the letters are the roles InferRoles must give its turns.
type dialogueCase struct{ name, lang, dialogue string }

// checkRoles infers the roles of each case's turns, labels removed, and
// compares them with the letters.
func checkRoles(t *testing.T, cases []dialogueCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			turns, want := roleDialogue(c.dialogue)
			require.Equal(t, want, InferRoles(turns, c.lang), "%s dialogue:%s", c.lang, c.dialogue)
		})
	}
}

// unpunctuated is the cases as speech-to-text without punctuation gives
// them (the virtual-assistant transcripts of ACI-BENCH).
func unpunctuated(cases []dialogueCase) []dialogueCase {
	drop := strings.NewReplacer(" ?", "", " .", "", " ,", "")
	out := make([]dialogueCase, len(cases))
	for i, c := range cases {
		out[i] = dialogueCase{c.name + " without punctuation", c.lang, drop.Replace(c.dialogue)}
	}
	return out
}

// writeConversation writes the primary-care note of a conversation in lang.
func writeConversation(t *testing.T, lang, transcript string) Note {
	t.Helper()
	return write(t, Input{Transcript: transcript, Template: "primaryCare", RecordingType: "conversation", Lang: lang})
}

// checkNote runs check, as a parallel subtest called name, on the
// primary-care note of a conversation in lang.
func checkNote(t *testing.T, name, lang, transcript string, check func(t *testing.T, note Note)) {
	t.Helper()
	t.Run(name, func(t *testing.T) {
		t.Parallel()
		check(t, writeConversation(t, lang, transcript))
	})
}

// sectionCase is a conversation and what one section of its note must
// (want) and must not (not) contain.
type sectionCase struct {
	name, lang, transcript, heading string
	want, not                       []string
}

// checkSections writes each case's note on the primary-care template and
// checks its section.
func checkSections(t *testing.T, cases []sectionCase) {
	t.Helper()
	for _, c := range cases {
		checkNote(t, c.name, c.lang, c.transcript, func(t *testing.T, note Note) {
			body := section(note.Text, c.heading)
			for _, w := range c.want {
				require.Contains(t, body, w, note.Text)
			}
			for _, n := range c.not {
				require.NotContains(t, body, n, note.Text)
			}
		})
	}
}

// complaintCase is a transcript and the chief complaint its note must give.
type complaintCase struct {
	name, lang, transcript, want string
}

// checkComplaints writes each case's note and compares its chief complaint.
func checkComplaints(t *testing.T, cases []complaintCase) {
	t.Helper()
	for _, c := range cases {
		checkNote(t, c.name, c.lang, c.transcript, func(t *testing.T, note Note) {
			head := map[string]string{"en": "Chief Complaint", "fr": "Motif de consultation"}[c.lang]
			require.Equal(t, c.want, section(note.Text, head), note.Text)
		})
	}
}
