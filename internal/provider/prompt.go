package provider

import (
	"fmt"
	"strings"

	nt "github.com/notegen/notegen/internal/notetemplate"
)

// Prompt is what the language model is asked.
type Prompt struct {
	System string
	User   string
	// Title is the note title, from the template.
	Title string
}

var languageNames = map[nt.Lang]string{nt.English: "English", nt.French: "French"}

// sourceName describes the transcript by its recording type, which the
// contract makes optional for some templates.
func sourceName(recordingType string) string {
	switch recordingType {
	case "conversation":
		return "doctor-patient conversation transcript"
	case "dictation":
		return "clinician's dictation transcript"
	}
	return "transcript"
}

// BuildPrompt writes the prompt for a note: the template's sections (or the
// custom template's) in the output language, the documentation style, and
// the rules every note follows.
func BuildPrompt(r NoteRequest) (Prompt, error) {
	res, err := nt.Resolve(nt.Request{Template: r.Template, Lang: r.Lang, OutputLanguage: r.OutputLanguage,
		DocumentationStyle: r.DocumentationStyle, CustomTemplate: r.CustomTemplate})
	if err != nil {
		return Prompt{}, err
	}
	var b strings.Builder
	fmt.Fprintf(&b, "You are a clinical documentation assistant. Write a %s (%s) from the %s below.\n",
		res.Template.Title(nt.English), res.Template.ID(), sourceName(r.RecordingType))
	fmt.Fprintf(&b, "Write the note in %s; the transcript is in %s.\n", languageNames[res.Output], languageNames[res.Spoken])
	if r.VisitType != "" {
		fmt.Fprintf(&b, "Visit type: %s.\n", map[string]string{"initialEncounter": "initial encounter", "followUp": "follow-up"}[r.VisitType])
	}
	b.WriteString("Rules: use only facts stated in the transcript; never invent findings, doses or diagnoses; write in the third person, concise clinical style; write \"Not discussed.\" under a heading with nothing to say; output plain text with each heading on its own line in upper case.\n")
	if res.Style == nt.ProblemBased {
		b.WriteString("Documentation style: problem-based. Under the assessment and plan, write one paragraph per problem: the problem name, then its assessment and plan.\n")
	} else {
		b.WriteString("Documentation style: SOAP.\n")
	}
	if res.Custom {
		b.WriteString("Use exactly these headings, in this order (a custom template):\n")
	} else {
		b.WriteString("Use exactly these headings, in this order:\n")
	}
	for _, s := range res.Sections {
		b.WriteString(strings.ToUpper(s.Heading))
		b.WriteString("\n")
	}
	user := "Transcript:\n" + r.Transcript
	if ctx := strings.TrimSpace(r.CustomContext); ctx != "" {
		user = "Context from the clinician:\n" + ctx + "\n\n" + user
	}
	return Prompt{System: b.String(), User: user, Title: res.Template.Title(res.Output)}, nil
}
