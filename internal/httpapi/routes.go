package httpapi

import (
	"net/http"

	"github.com/notegen/notegen"
)

// authKind is the credential a route requires.
type authKind int

const (
	authNone authKind = iota
	authBearer
	authAPIKey
)

// route is one endpoint. The same table registers the handlers and produces
// /openapi.json, so the two cannot drift apart.
type route struct {
	method, path string
	summary      string
	tag          string
	auth         authKind
	// request is a zero value of the JSON body type, nil for none.
	request any
	// query documents the query parameters.
	query []queryParam
	// response is a zero value of the success body type.
	response any
	status   int
	handle   handlerFunc
	// pathParams are the names of the path's {wildcards}, checked by the
	// input rules before the handler runs.
	pathParams []string
	// alternates are other media types the route answers instead of JSON
	// when asked (fetch-note's FHIR bundle), each with its description.
	alternates map[string]string
	// errors are client errors the route answers beyond those its
	// credential, input and path imply, for the OpenAPI document.
	errors []int
	// formFile, when set, is the file part of the multipart/form-data body
	// the route also takes, with the request type's fields as form fields.
	formFile string
	// formImplied are required JSON fields that the form's file part can
	// stand for (its name's extension for file_extension).
	formImplied []string
	// binaryBody marks a route that reads raw bytes, not JSON.
	binaryBody bool
}

type queryParam struct {
	name, description, schemaType string
}

// routeTable lists every endpoint of the service.
func (s *Server) routeTable() []route {
	return []route{
		// Operations.
		{method: "GET", path: "/healthz", summary: "Liveness: the process answers", tag: "operations", response: notegen.Health{}, status: http.StatusOK, handle: s.healthz},
		{method: "GET", path: "/readyz", summary: "Readiness: the database answers and migrations are applied", tag: "operations", response: notegen.Health{}, status: http.StatusOK, handle: s.readyz, errors: []int{503}},
		{method: "GET", path: "/metrics", summary: "Prometheus metrics", tag: "operations", response: "", status: http.StatusOK, handle: s.serveMetrics},
		{method: "GET", path: "/openapi.json", summary: "This OpenAPI 3.1 document", tag: "operations", response: map[string]any{}, status: http.StatusOK, handle: s.serveOpenAPI},
		{method: "GET", path: "/.well-known/jwks.json", summary: "Public keys that sign ID tokens", tag: "identity", response: notegen.JSONWebKeySet{}, status: http.StatusOK, handle: s.jwks},

		// Identity.
		{method: "POST", path: "/v1/auth/create-account", summary: "Create an account owner", tag: "identity", request: notegen.CreateAccountRequest{}, response: notegen.NewAccount{}, status: http.StatusCreated, handle: s.createAccount, errors: []int{403, 409}},
		{method: "POST", path: "/v1/auth/login", summary: "Log in with email and password", tag: "identity", request: notegen.LoginRequest{}, response: notegen.Tokens{}, status: http.StatusOK, handle: s.login, errors: []int{401, 429}},
		{method: "POST", path: "/v1/auth/refresh", summary: "Rotate a refresh token for new tokens", tag: "identity", request: notegen.RefreshRequest{}, response: notegen.Tokens{}, status: http.StatusOK, handle: s.refresh, errors: []int{401}},
		{method: "POST", path: "/v1/auth/change-password", summary: "Change the password; every session must log in again", tag: "identity", auth: authBearer, request: notegen.ChangePasswordRequest{}, response: notegen.PasswordChange{}, status: http.StatusOK, handle: s.changePassword},
		{method: "POST", path: "/v1/auth/logout", summary: "End the login session of a refresh token", tag: "identity", auth: authBearer, request: notegen.RefreshRequest{}, response: notegen.LogoutResult{}, status: http.StatusOK, handle: s.logout},

		// API keys.
		{method: "GET", path: "/v1/user/list-api-keys", summary: "List API keys: sandbox first, then live, oldest first", tag: "api keys", auth: authBearer,
			query: []queryParam{{"showFull", "true to return unmasked keys (also show_full)", "boolean"}}, response: []notegen.APIKey{}, status: http.StatusOK, handle: s.listKeys},
		{method: "POST", path: "/v1/user/create-api-key", summary: "Create a sandbox or live key", tag: "api keys", auth: authBearer, request: notegen.CreateAPIKeyRequest{}, response: notegen.CreatedAPIKey{}, status: http.StatusOK, handle: s.createKey},
		{method: "POST", path: "/v1/user/update-api-key-metadata", summary: "Replace the metadata of a live key", tag: "api keys", auth: authBearer, request: notegen.UpdateAPIKeyMetadataRequest{}, response: notegen.KeyConfirmation{}, status: http.StatusOK, handle: s.updateKeyMetadata},
		{method: "POST", path: "/v1/user/api-keys/{api_key}/status", summary: "Activate or deactivate a key", tag: "api keys", auth: authBearer, request: notegen.APIKeyStatusRequest{}, response: notegen.KeyConfirmation{}, status: http.StatusOK, handle: s.setKeyStatus},
		{method: "POST", path: "/v1/user/delete-api-key", summary: "Delete a key for good", tag: "api keys", auth: authBearer, request: notegen.DeleteAPIKeyRequest{}, response: notegen.KeyConfirmation{}, status: http.StatusOK, handle: s.deleteKey},

		// Account.
		{method: "GET", path: "/v1/user/account/info", summary: "Read the account", tag: "account", auth: authBearer, response: notegen.Account{}, status: http.StatusOK, handle: ownerCall(s, s.Accounts.Get, wireAccount)},
		{method: "POST", path: "/v1/user/account/update", summary: "Update account fields", tag: "account", auth: authBearer, request: notegen.AccountUpdate{}, response: notegen.AccountUpdated{}, status: http.StatusOK, handle: s.updateAccount},
		{method: "POST", path: "/v1/user/cancel-account", summary: "Cancel the account", tag: "account", auth: authBearer, response: notegen.AccountStatusChange{}, status: http.StatusOK, handle: ownerCall(s, s.Accounts.Cancel, wireAccountStatus)},
		{method: "POST", path: "/v1/user/reactivate-account", summary: "Reactivate a cancelled account", tag: "account", auth: authBearer, response: notegen.AccountStatusChange{}, status: http.StatusOK, handle: ownerCall(s, s.Accounts.Reactivate, wireAccountStatus)},
		{method: "GET", path: "/v1/user/audit-log", summary: "Who changed what on the account, newest first", tag: "account", auth: authBearer,
			query: []queryParam{{"limit", "entries per page (1-200, default 50)", "integer"}, {"cursor", "next_cursor of the previous page", "string"}}, response: notegen.AuditPage{}, status: http.StatusOK, handle: s.auditLog},

		// Webhook settings.
		{method: "GET", path: "/v1/user/webhook", summary: "Read the webhook URLs", tag: "webhooks", auth: authBearer, response: notegen.WebhookSettings{}, status: http.StatusOK, handle: ownerCall(s, s.Webhooks.Get, wireWebhookSettings)},
		{method: "POST", path: "/v1/user/webhook", summary: "Set or remove the webhook URLs", tag: "webhooks", auth: authBearer, request: notegen.WebhookUpdate{}, response: notegen.WebhookUpdated{}, status: http.StatusOK, handle: s.updateWebhook},
		{method: "GET", path: "/v1/user/webhook/secret", summary: "Read the signing secret", tag: "webhooks", auth: authBearer, response: notegen.WebhookSecret{}, status: http.StatusOK, handle: ownerSecretCall(s, s.Webhooks.Secret, wireWebhookSecret)},
		{method: "POST", path: "/v1/user/webhook/secret/rotate", summary: "Rotate the signing secret; the old one signs for 24 more hours", tag: "webhooks", auth: authBearer, response: notegen.WebhookSecret{}, status: http.StatusOK, handle: ownerSecretCall(s, s.Webhooks.Rotate, wireWebhookSecret)},

		// Webhook delivery.
		{method: "GET", path: "/v1/user/webhook/deliveries", summary: "Recent webhook deliveries with every attempt, newest first", tag: "webhooks", auth: authBearer,
			query: []queryParam{{"limit", "deliveries per page (1-100, default 20)", "integer"}, {"status", "waiting, pending, succeeded, failed or skipped", "string"}, {"event", "event type, e.g. job.completed", "string"}, {"cursor", "next_cursor of the previous page", "string"}}, response: notegen.WebhookDeliveryPage{}, status: http.StatusOK, handle: s.listDeliveries},
		{method: "POST", path: "/v1/user/webhook/deliveries/{id}/redeliver", summary: "Attempt a delivery again now; answers with the attempt", tag: "webhooks", auth: authBearer, response: notegen.DeliveryAttempt{}, status: http.StatusOK, handle: s.redeliver},
		{method: "GET", path: "/v1/user/webhook/check", summary: "Whether deliveries to a webhook URL can arrive, and if not why; sends nothing", tag: "webhooks", auth: authBearer,
			query: []queryParam{{"env", "dev or prod (default: as account events are routed, prod else dev)", "string"}}, response: notegen.WebhookCheck{}, status: http.StatusOK, handle: s.checkWebhook},
		{method: "POST", path: "/v1/user/webhook/test", summary: "Queue a webhook.test event", tag: "webhooks", auth: authBearer, request: notegen.WebhookTestRequest{}, response: notegen.WebhookTestResult{}, status: http.StatusAccepted, handle: s.sendWebhookTest},

		// Note generation.
		{method: "POST", path: "/v1/process-audio", summary: "Submit audio: JSON (returns a presigned upload URL) or multipart with part \"file\"", tag: "notes", auth: authAPIKey, request: notegen.AudioJobRequest{}, formFile: "file", formImplied: []string{"file_extension"}, response: notegen.Job{}, status: http.StatusOK, handle: s.processAudio, errors: []int{402, 409, 413}},
		{method: "PUT", path: "/v1/uploads/{job_id}", summary: "Upload a job's audio to its presigned URL (Content-Range resumes)", tag: "notes",
			query: []queryParam{{"expires", "from the presigned URL", "integer"}, {"signature", "from the presigned URL", "string"}}, binaryBody: true, response: notegen.UploadResult{}, status: http.StatusOK, handle: s.upload, errors: []int{403, 409, 413}},
		{method: "POST", path: "/v1/process-stream", summary: "Start a live stream: answers the signed WebSocket URL to stream PCM audio to", tag: "notes", auth: authAPIKey, request: notegen.StreamJobRequest{}, response: notegen.StreamJob{}, status: http.StatusOK, handle: s.processStream, errors: []int{402, 409}},
		{method: "GET", path: "/v1/streams/{job_id}", summary: "A live stream's WebSocket: binary PCM16LE mono in, then {\"type\":\"end\"}; partial, segment, done and error messages out", tag: "notes",
			query: []queryParam{{"expires", "from the stream URL", "integer"}, {"signature", "from the stream URL", "string"}}, response: notegen.StreamMessage{}, status: http.StatusSwitchingProtocols, handle: s.streamAudio, errors: []int{403, 409}},
		{method: "POST", path: "/v1/process-text", summary: "Submit text", tag: "notes", auth: authAPIKey, request: notegen.TextJobRequest{}, response: notegen.Job{}, status: http.StatusOK, handle: s.processText, errors: []int{402, 409}},
		{method: "POST", path: "/v1/regenerate-note", summary: "Write a completed job's note again", tag: "notes", auth: authAPIKey, request: notegen.RegenerateRequest{}, response: notegen.Job{}, status: http.StatusOK, handle: s.regenerateNote, errors: []int{402, 409}},
		{method: "GET", path: "/v1/status/{job_id}", summary: "A job's status; with wait, answers as soon as it changes", tag: "notes", auth: authAPIKey,
			query: []queryParam{{"wait", "seconds to wait for a change (0-60, default 0: answer at once)", "integer"}, {"status", "the status last seen: answer once the job's differs (default: once it is completed or error)", "string"}}, response: notegen.JobStatus{}, status: http.StatusOK, handle: s.jobStatus},
		{method: "GET", path: "/v1/fetch-note/{job_id}", summary: "A completed job's note", tag: "notes", auth: authAPIKey,
			query:      []queryParam{{"format", "json (default) or fhir: the note as a FHIR R4 document Bundle (application/fhir+json)", "string"}},
			alternates: map[string]string{"application/fhir+json": "with format=fhir: a FHIR R4 Bundle of type document"}, response: notegen.Note{}, status: http.StatusOK, handle: s.fetchNote, errors: []int{409}},
		{method: "GET", path: "/v1/fetch-transcript/{job_id}", summary: "A job's transcript", tag: "notes", auth: authAPIKey, response: notegen.Transcript{}, status: http.StatusOK, handle: s.fetchTranscript},
		{method: "GET", path: "/v1/user/jobs", summary: "The account's jobs, sandbox and live, newest first; no patient text", tag: "notes", auth: authBearer,
			query: []queryParam{{"limit", "jobs per page (1-100, default 20)", "integer"}, {"cursor", "next_cursor of the previous page", "string"}, {"status", "pending, queued, transcribing, transcribed, completed or error", "string"}, {"key_type", "sandbox or live", "string"}}, response: notegen.JobPage{}, status: http.StatusOK, handle: s.listJobs},
		{method: "GET", path: "/v1/user/jobs/{job_id}", summary: "One of the account's jobs with its note, transcript and segments; recorded in the audit log as job.viewed", tag: "notes", auth: authBearer, response: notegen.JobDetail{}, status: http.StatusOK, handle: s.viewJob},
		{method: "GET", path: "/v1/user/usage", summary: "Live usage and charges by month and key", tag: "billing", auth: authBearer,
			query: []queryParam{{"start_month", "YYYY-MM, default the current month", "string"}, {"end_month", "YYYY-MM, default the current month", "string"}}, response: notegen.Usage{}, status: http.StatusOK, handle: s.usage},

		// System.
		{method: "GET", path: "/v1/system/status", summary: "What the service can do right now", tag: "system", auth: authAPIKey, response: notegen.SystemStatus{}, status: http.StatusOK, handle: s.systemStatus},
	}
}
