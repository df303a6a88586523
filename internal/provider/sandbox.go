package provider

import (
	"context"
	"io"
	"strconv"
	"strings"
	"time"

	nt "github.com/notegen/notegen/internal/notetemplate"
	"github.com/notegen/notegen/internal/notewriter"
	"github.com/notegen/notegen/internal/transcript"
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

// SampleStreamSegment is the text of the one segment a sandbox live stream
// answers for audio of length d: the sample transcript, after a line that
// says it is a sample and how much audio arrived. Without that line the
// words read as if they were recognised from what the user sent.
func SampleStreamSegment(lang string, d time.Duration) string {
	secs := strconv.FormatFloat(d.Seconds(), 'f', 1, 64)
	note := "[Sandbox sample: no speech recognition ran on the " + secs + " s of audio received; this is fixed sample text.]"
	if lang == "fr" {
		note = "[Exemple du bac à sable : aucune reconnaissance vocale sur les " + strings.Replace(secs, ".", ",", 1) +
			" s d'audio reçues ; ce texte est un exemple fixe.]"
	}
	return note + "\n" + SampleTranscript(lang, "conversation")
}

// Transcribe implements Transcriber without reading the audio.
func (Sandbox) Transcribe(ctx context.Context, _ io.Reader, lang string) (Transcript, error) {
	text := SampleTranscript(lang, "conversation")
	return Transcript{Text: text, Tokens: transcript.EstimateTokens(text)}, nil
}

// Write implements NoteWriter with a sample note.
func (Sandbox) Write(ctx context.Context, r NoteRequest) (Note, error) {
	res, err := nt.Resolve(nt.Request{Template: r.Template, Lang: r.Lang, OutputLanguage: r.OutputLanguage,
		DocumentationStyle: r.DocumentationStyle, CustomTemplate: r.CustomTemplate})
	if err != nil {
		return Note{}, &Error{Provider: "sandbox", Message: err.Error()}
	}
	out := res.Output
	line := "Sample content for this section (sandbox: no AI was used)."
	if out == nt.French {
		line = "Contenu d'exemple pour cette section (bac à sable : aucune IA utilisée)."
	}
	var b strings.Builder
	sections := make([]notewriter.Section, 0, len(res.Sections))
	for i, s := range res.Sections {
		// The sample line says nothing the input said, so it cites
		// nothing: evidence shows it with no spans ("check this
		// sentence"), as a real note shows an unsupported sentence.
		sent := notewriter.Sentence{Text: line}
		sections = append(sections, notewriter.Section{Key: s.Key, Heading: s.Heading, Sentences: []notewriter.Sentence{sent}})
		if i > 0 {
			b.WriteString("\n")
		}
		b.WriteString(strings.ToUpper(s.Heading))
		b.WriteString("\n")
		b.WriteString(line)
		b.WriteString("\n")
	}
	return Note{Title: res.Template.Title(out), Text: b.String(), Sections: sections}, nil
}
