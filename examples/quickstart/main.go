// Command quickstart is the README's Go SDK example: it signs up (or, on a
// second run, logs in), makes sure there is a sandbox key, turns a line of
// text into a note and prints it. Run it against a local service:
//
//	go run ./examples/quickstart
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"os"
	"strings"
	"time"

	"github.com/notegen/notegen"
)

func main() {
	if err := run(context.Background(), os.Getenv("NOTEGEN_URL"), os.Stdout); err != nil {
		log.Fatal(err)
	}
}

func run(ctx context.Context, url string, out io.Writer) error {
	if url == "" {
		url = "http://localhost:8080"
	}
	email, password := "owner@clinic.example", "a long passphrase"
	ctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()

	// Sign up; on a second run the account exists already (409), which is fine.
	anon, err := notegen.New(url)
	if err != nil {
		return err
	}
	_, err = anon.CreateAccount(ctx, notegen.CreateAccountRequest{Email: email, Password: password, CompanyName: "Clinic"})
	var se *notegen.ServiceError
	if err != nil && !(errors.As(err, &se) && se.Code == notegen.CodeConflict) {
		return err
	}

	// The owner's client logs in on its first call.
	owner, err := notegen.New(url, notegen.WithPassword(email, password))
	if err != nil {
		return err
	}
	key, err := sandboxKey(ctx, owner)
	if err != nil {
		return err
	}

	// Note generation uses the API key: the same client, with the key added.
	c := owner.WithAPIKey(key)
	job, err := c.SubmitText(ctx, notegen.TextJobRequest{
		JobOptions: notegen.JobOptions{Template: "primaryCare", VisitType: "followUp", RecordingType: "dictation", Lang: "en"},
		Text:       "Patient reports chest pain for two days.",
	})
	if err != nil {
		return err
	}
	status, err := c.WaitForJob(ctx, job.JobID, 0)
	if err != nil {
		return err
	}
	if status.Status != notegen.JobCompleted {
		return fmt.Errorf("job %s ended %s: %s", job.JobID, status.Status, status.Message)
	}
	note, err := c.FetchNote(ctx, job.JobID)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintln(out, note.Note)
	return err
}

// sandboxKey returns the account's sandbox key, creating it on the first
// run (an account has at most one).
func sandboxKey(ctx context.Context, owner *notegen.Client) (string, error) {
	keys, err := owner.ListAPIKeys(ctx, true)
	if err != nil {
		return "", err
	}
	for _, k := range keys {
		if k.Type == notegen.KeyTypeSandbox && k.Status == notegen.KeyStatusActive && strings.HasPrefix(k.Key, "ng_sandbox_") {
			return k.Key, nil
		}
	}
	created, err := owner.CreateAPIKey(ctx, notegen.CreateAPIKeyRequest{KeyType: notegen.KeyTypeSandbox})
	if err != nil {
		return "", err
	}
	return created.APIKey, nil
}
