// Package notegen is the Go client of the notegen service, which turns
// clinical encounters (audio or text) into medical notes.
//
// A Client carries one or both kinds of credential: the account owner's ID
// token (from a login with email and password, or supplied directly with
// an optional refresh token) for management calls under /v1/user, and an
// API key for note generation. Every call takes a context.Context first,
// and every failure is a typed error whose base is *ServiceError:
//
//	c, err := notegen.New("https://notegen.example.com",
//		notegen.WithPassword("owner@example.com", password),
//		notegen.WithAPIKey(os.Getenv("NOTEGEN_API_KEY")))
//	if err != nil {
//		return err
//	}
//	job, err := c.SubmitText(ctx, notegen.TextJobRequest{
//		JobOptions: notegen.JobOptions{Template: "primaryCare", VisitType: "followUp", RecordingType: "dictation", Lang: "en"},
//		Text:       "Patient reports ...",
//	})
//	if err != nil {
//		return err
//	}
//	if _, err := c.WaitForJob(ctx, job.JobID, 0); err != nil {
//		return err
//	}
//	note, err := c.FetchNote(ctx, job.JobID)
//
// Errors: errors.As(err, new(*notegen.NotFoundError)) or
// errors.Is(err, notegen.ErrNotFound) tell the kind; errors.As(err,
// new(*notegen.ServiceError)) gives the status, code, message, field and
// request id of any of them. A transport failure or timeout is a
// *NetworkError.
//
// Tokens: the client logs in on first use when given a password, refreshes
// the ID token shortly before it expires or once after a 401, one refresh
// at a time however many calls run concurrently, and hands rotated tokens
// to WithTokenHandler.
//
// Retries: 429 is retried always; 502, 503, 504 and network errors only for
// idempotent calls. Submissions carry an Idempotency-Key the client makes,
// so they are retried without creating a second job. Retry-After is
// honoured.
//
// Webhook receivers verify deliveries with WebhookVerifier.
package notegen
