package provider

import (
	"context"
	"fmt"
	"io"
	"strings"

	nt "github.com/notegen/notegen/internal/notetemplate"
)

// Sandbox answers sandbox jobs with fixed samples. It calls no provider and
// costs nothing, but its notes still follow the requested template's
// sections and language, so integrations can be built against it.
type Sandbox struct{}

var sampleTranscripts = map[string]map[string]string{
	"en": {
		"conversation": "[doctor] Good morning, what brings you in today?\n[patient] I have had a sore throat and a mild fever for three days.\n[doctor] Any cough or trouble breathing?\n[patient] A little cough, no trouble breathing.\n[doctor] Your throat is red, lungs are clear. Let's do a rapid strep test and treat the symptoms.",
		"dictation":    "Sample patient seen for a three-day history of sore throat and mild fever. Mild cough, no dyspnea. Pharynx erythematous, lungs clear. Plan: rapid strep test, symptomatic treatment, return if worse.",
	},
	"fr": {
		"conversation": "[médecin] Bonjour, qu'est-ce qui vous amène aujourd'hui ?\n[patient] J'ai mal à la gorge et un peu de fièvre depuis trois jours.\n[médecin] Vous toussez ? Des difficultés à respirer ?\n[patient] Un peu de toux, pas de difficulté à respirer.\n[médecin] La gorge est rouge, les poumons sont clairs. Nous allons faire un test rapide du streptocoque.",
		"dictation":    "Patient exemple vu pour un mal de gorge et une fièvre légère depuis trois jours. Toux légère, pas de dyspnée. Pharynx érythémateux, poumons clairs. Plan : test rapide du streptocoque, traitement symptomatique.",
	},
}

// SampleTranscript returns the sandbox transcript for a language and
// recording type.
func SampleTranscript(lang, recordingType string) string {
	byType, ok := sampleTranscripts[lang]
	if !ok {
		byType = sampleTranscripts["en"]
	}
	if t, ok := byType[recordingType]; ok {
		return t
	}
	return byType["dictation"]
}

// Transcribe implements Transcriber without reading the audio.
func (Sandbox) Transcribe(ctx context.Context, _ io.Reader, lang string) (Transcript, error) {
	text := SampleTranscript(lang, "conversation")
	return Transcript{Text: text, Tokens: EstimateTokens(text)}, nil
}

// Write implements NoteWriter with a sample note.
func (Sandbox) Write(ctx context.Context, r NoteRequest) (Note, error) {
	tmpl, ok := nt.Lookup(r.Template)
	if !ok {
		return Note{}, &Error{Provider: "sandbox", Message: fmt.Sprintf("unknown template %q", r.Template)}
	}
	out, err := nt.ParseLang(r.OutputLanguage)
	if r.OutputLanguage == "" || err != nil {
		out, _ = nt.ParseLang(r.Lang)
	}
	style, err := nt.ParseStyle(r.DocumentationStyle)
	if err != nil {
		style = nt.SOAP
	}
	line := "Sample content for this section (sandbox: no AI was used)."
	if out == nt.French {
		line = "Contenu d'exemple pour cette section (bac à sable : aucune IA utilisée)."
	}
	var b strings.Builder
	headings := tmpl.Sections(out, style)
	if custom := strings.TrimSpace(r.CustomTemplate); custom != "" {
		headings = nil
		for _, h := range strings.Split(custom, "\n") {
			if h = strings.TrimSpace(h); h != "" {
				headings = append(headings, nt.Section{Key: "custom", Heading: h})
			}
		}
	}
	for i, s := range headings {
		if i > 0 {
			b.WriteString("\n")
		}
		b.WriteString(strings.ToUpper(s.Heading))
		b.WriteString("\n")
		b.WriteString(line)
		b.WriteString("\n")
	}
	return Note{Title: tmpl.Title(out), Text: b.String()}, nil
}
