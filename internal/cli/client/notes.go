package client

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/notegen/notegen"
	"github.com/notegen/notegen/internal/notetemplate"
)

// jobFlags are the submission fields, and the API key that submits them,
// shared by notes submit and notes stream.
type jobFlags struct {
	template, visitType, recordingType, lang, outputLang, style, webhookEnv string
	consent                                                                 bool
	apiKey                                                                  apiKey
}

// templates lists every note template, for the flags' help.
var templates = strings.Join(notetemplate.IDs(), ", ")

func newJobFlags(fs *flag.FlagSet) *jobFlags {
	j := &jobFlags{apiKey: apiKeyFlag(fs)}
	fs.StringVar(&j.template, "template", "primaryCare", "note template: "+templates)
	fs.StringVar(&j.visitType, "visit-type", "initialEncounter", "initialEncounter or followUp")
	fs.StringVar(&j.recordingType, "recording-type", "dictation", "dictation or conversation")
	fs.StringVar(&j.lang, "lang", "en", "language of the recording or text: en or fr")
	fs.StringVar(&j.outputLang, "output-language", "", "language of the note: en or fr (default: lang)")
	fs.StringVar(&j.style, "style", "", "documentation style: soap or problemBased")
	fs.StringVar(&j.webhookEnv, "webhook-env", "", "webhook URL for this job: dev or prod")
	fs.BoolVar(&j.consent, "consent", false, "the patient consented to recording (required for conversation)")
	return j
}

func (j *jobFlags) options() notegen.JobOptions {
	return notegen.JobOptions{Template: j.template, VisitType: j.visitType, RecordingType: j.recordingType, Lang: j.lang,
		OutputLanguage: j.outputLang, DocumentationStyle: j.style, WebhookEnv: j.webhookEnv, PatientConsent: j.consent}
}

// apiKey is the value of --api-key on a note command.
type apiKey struct{ flag *string }

// apiKeyFlag registers --api-key on a note command.
func apiKeyFlag(fs *flag.FlagSet) apiKey {
	return apiKey{fs.String("api-key", "", "API key (default $NOTEGEN_API_KEY)")}
}

// client is a client with the key of --api-key, or else of NOTEGEN_API_KEY.
func (k apiKey) client(s *session) (*notegen.Client, error) { return s.keyClient(*k.flag) }

func notesSubmitCmd(fs *flag.FlagSet) runner {
	jf := newJobFlags(fs)
	text := fs.String("text", "", "submit this text instead of a file (- reads standard input)")
	wait := fs.Bool("wait", false, "wait for the note and print it")
	quiet := fs.Bool("quiet", false, "no progress bar")
	return func(ctx context.Context, s *session, args []string) error {
		textSet := false
		fs.Visit(func(f *flag.Flag) { textSet = textSet || f.Name == "text" })
		if textSet == (len(args) == 1) || len(args) > 1 {
			return usageErr("give either one FILE or --text")
		}
		c, err := jf.apiKey.client(s)
		if err != nil {
			return err
		}
		var job *notegen.Job
		if textSet {
			job, err = submitText(ctx, s, c, jf.options(), *text)
		} else {
			job, err = submitFile(ctx, s, c, jf.options(), args[0], !*quiet && !s.jsonOut)
		}
		if err != nil {
			return err
		}
		return jobStarted(ctx, s, c, job, *wait)
	}
}

// jobStarted prints a submitted job, or with wait its note once done.
func jobStarted(ctx context.Context, s *session, c *notegen.Client, job *notegen.Job, wait bool) error {
	if wait {
		return waitAndPrint(ctx, s, c, job.JobID)
	}
	return s.say(job, fmt.Sprintf("Job %s %s.", job.JobID, job.Status))
}

// jobClient checks that the command got one JOB_ID and returns a client
// with the API key of --api-key or NOTEGEN_API_KEY.
func jobClient(s *session, args []string, key apiKey) (*notegen.Client, error) {
	if err := needArgs(args, 1, "one JOB_ID"); err != nil {
		return nil, err
	}
	return key.client(s)
}

// jobCmd is a command on one job, authenticated with an API key.
func jobCmd(run func(context.Context, *session, *notegen.Client, string) error) setupFunc {
	return func(fs *flag.FlagSet) runner {
		key := apiKeyFlag(fs)
		return func(ctx context.Context, s *session, args []string) error {
			c, err := jobClient(s, args, key)
			if err != nil {
				return err
			}
			return run(ctx, s, c, args[0])
		}
	}
}

// jobShow is a job command that fetches one thing about the job and shows
// it: as JSON with --json, else as print writes it.
func jobShow[T any](fetch func(*notegen.Client, context.Context, string) (*T, error), print func(*session, *T) error) setupFunc {
	return jobCmd(func(ctx context.Context, s *session, c *notegen.Client, id string) error {
		v, err := fetch(c, ctx, id)
		if err != nil {
			return err
		}
		return s.show(v, func() error { return print(s, v) })
	})
}

func notesStatusCmd() setupFunc {
	return jobShow((*notegen.Client).GetJobStatus, func(s *session, st *notegen.JobStatus) error {
		return s.fields("Job", st.JobID, "Status", st.Status, "Message", orDash(st.Message),
			"Progress", strconv.Itoa(st.Progress)+"%", "Created", fmtTime(st.CreatedAt), "Updated", fmtTime(st.UpdatedAt))
	})
}

func notesNoteCmd() setupFunc {
	return jobCmd(printNote)
}

func notesTranscriptCmd() setupFunc {
	return jobShow((*notegen.Client).FetchTranscript, printTranscript)
}

// printTranscript writes one segment a line with its speaker, and its times
// for audio; a transcript without segments as it is.
func printTranscript(s *session, tr *notegen.Transcript) error {
	if len(tr.Segments) == 0 {
		_, err := fmt.Fprintln(s.env.Stdout, tr.Transcript)
		return err
	}
	for _, seg := range tr.Segments {
		at := ""
		if seg.StartTime != nil && seg.EndTime != nil {
			at = fmt.Sprintf(" %.1f-%.1fs", *seg.StartTime, *seg.EndTime)
		}
		if _, err := fmt.Fprintf(s.env.Stdout, "[%d %s%s] %s\n", seg.ID, seg.Speaker, at, seg.Text); err != nil {
			return err
		}
	}
	return nil
}

func notesRegenerateCmd(fs *flag.FlagSet) runner {
	key := apiKeyFlag(fs)
	template := fs.String("template", "", "note template (default: the job's): "+templates)
	outLang := fs.String("output-language", "", "en or fr")
	style := fs.String("style", "", "soap or problemBased")
	wait := fs.Bool("wait", false, "wait for the note and print it")
	return func(ctx context.Context, s *session, args []string) error {
		c, err := jobClient(s, args, key)
		if err != nil {
			return err
		}
		job, err := c.RegenerateNote(ctx, notegen.RegenerateRequest{JobID: args[0], Template: optional(*template), OutputLanguage: optional(*outLang), DocumentationStyle: optional(*style)})
		if err != nil {
			return err
		}
		return jobStarted(ctx, s, c, job, *wait)
	}
}

func submitText(ctx context.Context, s *session, c *notegen.Client, opts notegen.JobOptions, text string) (*notegen.Job, error) {
	if text == "-" {
		data, err := io.ReadAll(s.env.Stdin)
		if err != nil {
			return nil, fmt.Errorf("read text: %w", err)
		}
		text = string(data)
	}
	return c.SubmitText(ctx, notegen.TextJobRequest{JobOptions: opts, Text: text})
}

// openAudio opens the audio file a command line names. A file that cannot
// be read, or text given as audio, is a mistake in the command line (exit
// status 2), which the service never sees.
func openAudio(path, flagName string) (*os.File, error) {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".txt", ".text", ".md":
		return nil, usageErr("%s is text, not audio: submit text with --text, e.g. notegen notes submit --text - < %s", path, path)
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, usageErr("%s: cannot read the audio file: %v", flagName, errors.Unwrap(err))
	}
	return f, nil
}

func submitFile(ctx context.Context, s *session, c *notegen.Client, opts notegen.JobOptions, path string, bar bool) (*notegen.Job, error) {
	f, err := openAudio(path, path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	up := notegen.UploadOptions{}
	if bar {
		p := &progressBar{out: s.env.Stderr, name: filepath.Base(path)}
		up.Progress = p.update
		defer p.finish()
	}
	ext := strings.TrimPrefix(filepath.Ext(path), ".")
	return c.SubmitAudio(ctx, notegen.AudioJobRequest{JobOptions: opts, FileExtension: ext}, f, up)
}

func waitAndPrint(ctx context.Context, s *session, c *notegen.Client, id string) error {
	if !s.jsonOut {
		fmt.Fprintf(s.env.Stderr, "Waiting for job %s...\n", id)
	}
	st, err := c.WaitForJob(ctx, id, 0)
	if err != nil {
		return err
	}
	if st.Status == notegen.JobError {
		return exitErr(exitFailure, fmt.Errorf("job %s failed: %s", id, orDash(st.Message)))
	}
	return printNote(ctx, s, c, id)
}

func printNote(ctx context.Context, s *session, c *notegen.Client, id string) error {
	n, err := c.FetchNote(ctx, id)
	if err != nil {
		return err
	}
	if s.jsonOut {
		return s.printJSON(n)
	}
	if n.NoteTitle != "" {
		fmt.Fprintf(s.env.Stdout, "%s\n\n", n.NoteTitle)
	}
	fmt.Fprintln(s.env.Stdout, strings.TrimRight(n.Note, "\n"))
	return nil
}

// progressBar draws upload progress on one terminal line.
type progressBar struct {
	out   io.Writer
	name  string
	last  time.Time
	drawn bool
}

func (p *progressBar) update(sent, total int64) {
	now := time.Now()
	if now.Sub(p.last) < 100*time.Millisecond && sent != total {
		return
	}
	p.last, p.drawn = now, true
	if total <= 0 {
		fmt.Fprintf(p.out, "\rUploading %s: %s", p.name, humanBytes(sent))
		return
	}
	const width = 30
	filled := int(float64(width) * float64(sent) / float64(total))
	fmt.Fprintf(p.out, "\rUploading %s [%s%s] %3d%% %s/%s", p.name, strings.Repeat("#", filled), strings.Repeat(" ", width-filled),
		sent*100/total, humanBytes(sent), humanBytes(total))
}

func (p *progressBar) finish() {
	if p.drawn {
		fmt.Fprintln(p.out)
	}
}

func humanBytes(n int64) string {
	switch {
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d B", n)
}

// optional is nil for an empty flag, which keeps the job's own value.
func optional(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}
