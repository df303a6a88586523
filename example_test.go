package notegen_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"time"

	"github.com/notegen/notegen"
)

// fakeService stands in for a notegen server in the examples.
func fakeService() *httptest.Server {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /v1/auth/login", func(w http.ResponseWriter, r *http.Request) {
		_ = json.NewEncoder(w).Encode(notegen.Tokens{UserID: "u1", IDToken: "id", RefreshToken: "rt", ExpiresIn: 3600, TokenType: "Bearer"})
	})
	mux.HandleFunc("GET /v1/user/account/info", func(w http.ResponseWriter, r *http.Request) {
		_ = json.NewEncoder(w).Encode(notegen.Account{CompanyName: "Clinic", AccountStatus: "active"})
	})
	mux.HandleFunc("POST /v1/process-text", func(w http.ResponseWriter, r *http.Request) {
		_ = json.NewEncoder(w).Encode(notegen.Job{JobID: "job_123", Status: "queued"})
	})
	mux.HandleFunc("GET /v1/fetch-note/{id}", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusNotFound)
		fmt.Fprint(w, `{"message":"Job not found","error":{"code":"not_found","message":"Job not found","request_id":"req_abc"}}`)
	})
	return httptest.NewServer(mux)
}

// A client with both credentials: the password for management calls, the
// API key for note generation.
func ExampleNew() {
	srv := fakeService()
	defer srv.Close()

	c, err := notegen.New(srv.URL,
		notegen.WithPassword("owner@example.com", "correct horse battery"),
		notegen.WithAPIKey("ng_sandbox_..."))
	if err != nil {
		fmt.Println(err)
		return
	}
	acct, err := c.GetAccount(context.Background())
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(acct.CompanyName, acct.AccountStatus)
	// Output: Clinic active
}

// An invalid base URL is a ValidationError at construction.
func ExampleNew_invalidURL() {
	_, err := notegen.New("notegen.example.com")
	var ve *notegen.ValidationError
	fmt.Println(errors.As(err, &ve), ve.Field)
	// Output: true base_url
}

func ExampleClient_SubmitText() {
	srv := fakeService()
	defer srv.Close()
	c, _ := notegen.New(srv.URL, notegen.WithAPIKey("ng_sandbox_..."))

	job, err := c.SubmitText(context.Background(), notegen.TextJobRequest{
		JobOptions: notegen.JobOptions{Template: "primaryCare", VisitType: "followUp", RecordingType: "dictation", Lang: "en"},
		Text:       "Follow-up for hypertension. BP 128/82 today.",
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(job.JobID, job.Status)
	// Output: job_123 queued
}

// Errors carry their kind, for errors.Is and errors.As, and the details of
// the server's error body.
func ExampleNotFoundError() {
	srv := fakeService()
	defer srv.Close()
	c, _ := notegen.New(srv.URL, notegen.WithAPIKey("ng_sandbox_..."))

	_, err := c.FetchNote(context.Background(), "job_missing")
	var nf *notegen.NotFoundError
	if errors.As(err, &nf) {
		fmt.Println(nf.StatusCode, nf.Code, nf.Message, nf.RequestID)
	}
	fmt.Println(errors.Is(err, notegen.ErrNotFound), errors.Is(err, notegen.ErrService))
	// Output:
	// 404 not_found Job not found req_abc
	// true true
}

// A webhook receiver checks every delivery before trusting it.
func ExampleWebhookVerifier() {
	secret := "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw" // from GetWebhookSecret
	verifier, err := notegen.NewWebhookVerifier(secret)
	if err != nil {
		fmt.Println(err)
		return
	}
	handler := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ev, err := verifier.VerifyRequest(r)
		if err != nil {
			http.Error(w, "bad signature", http.StatusBadRequest)
			return
		}
		fmt.Println(ev.Type, ev.JobID, ev.Status)
	})

	// What the service sends:
	body := []byte(`{"type":"job.completed","job_id":"job_123","status":"completed","note_url":"https://notegen.example.com/v1/fetch-note/job_123"}`)
	now := time.Now()
	sig, _ := notegen.SignWebhook(secret, "msg_1", now, body)
	req := httptest.NewRequest("POST", "/hook", bytesReader(body))
	req.Header.Set("webhook-id", "msg_1")
	req.Header.Set("webhook-timestamp", strconv.FormatInt(now.Unix(), 10))
	req.Header.Set("webhook-signature", sig)
	handler.ServeHTTP(httptest.NewRecorder(), req)
	// Output: job.completed job_123 completed
}

func bytesReader(b []byte) *bytes.Reader { return bytes.NewReader(b) }
