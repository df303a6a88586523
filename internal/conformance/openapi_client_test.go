package conformance

import (
	"encoding/json"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	st "github.com/notegen/notegen/internal/servertest"
)

// The generator and its runtime are pinned: a new release may generate
// other code, so raise them on purpose.
const (
	oapiCodegen  = "github.com/oapi-codegen/oapi-codegen/v2/cmd/oapi-codegen@v2.8.2"
	oapiRuntime  = "github.com/oapi-codegen/runtime v1.8.0"
	clientModule = "example.com/notegenclient"
)

// TestOpenAPIGeneratesAWorkingClient generates a Go client from the
// server's /openapi.json with oapi-codegen, checks that it builds and
// passes go vet, and runs it against the server: it signs up, logs in and
// reads the account through the generated types.
func TestOpenAPIGeneratesAWorkingClient(t *testing.T) {
	t.Parallel()
	s := st.Start(t, st.SQLite)
	resp := s.Do(t, "GET", "/openapi.json", nil)
	require.Equal(t, http.StatusOK, resp.Status)

	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "openapi.json"), resp.Body, 0o600))
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "client"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module "+clientModule+"\n\ngo 1.26\n\nrequire "+oapiRuntime+"\n"), 0o600))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "main.go"), []byte(clientProgram), 0o600))

	goCmd(t, dir, "run", oapiCodegen, "-generate", "types,client", "-package", "client", "-o", "client/client.go", "openapi.json")
	goCmd(t, dir, "mod", "tidy")
	goCmd(t, dir, "build", "./...")
	goCmd(t, dir, "vet", "./...")
	out := goCmd(t, dir, "run", ".", s.URL)
	require.Equal(t, "ok account inactive", strings.TrimSpace(out), "the generated client talks to the server")
}

// goCmd runs the go command in dir, outside this module and without the
// flags of the test run (the race detector would only slow it down).
func goCmd(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=", "GOWORK=off")
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "go %s:\n%s", strings.Join(args, " "), out)
	return string(out)
}

// clientProgram uses the generated client as a user would.
const clientProgram = `package main

import (
	"context"
	"fmt"
	"net/http"
	"os"

	"` + clientModule + `/client"
)

func main() {
	ctx := context.Background()
	c, err := client.NewClientWithResponses(os.Args[1])
	check(err)
	health, err := c.GetHealthzWithResponse(ctx)
	check(err)
	if health.JSON200 == nil {
		fail("healthz: %s", health.Body)
	}
	creds := client.LoginRequest{Email: "generated@example.com", Password: "a sturdy passphrase"}
	created, err := c.PostV1AuthCreateAccountWithResponse(ctx, client.CreateAccountRequest{Email: creds.Email, Password: creds.Password})
	check(err)
	if created.JSON201 == nil || created.JSON201.UserId == "" {
		fail("create-account: %s", created.Body)
	}
	tokens, err := c.PostV1AuthLoginWithResponse(ctx, creds)
	check(err)
	if tokens.JSON200 == nil {
		fail("login: %s", tokens.Body)
	}
	bearer := func(_ context.Context, r *http.Request) error {
		r.Header.Set("Authorization", "Bearer "+tokens.JSON200.IdToken)
		return nil
	}
	info, err := c.GetV1UserAccountInfoWithResponse(ctx, bearer)
	check(err)
	if info.JSON200 == nil {
		fail("account info: %s", info.Body)
	}
	fmt.Println(health.JSON200.Status, "account", info.JSON200.AccountStatus)
}

func check(err error) {
	if err != nil {
		fail("%v", err)
	}
}

func fail(format string, args ...any) {
	fmt.Fprintf(os.Stderr, format+"\n", args...)
	os.Exit(1)
}
`

// TestOpenAPIDocumentsBodiesAndSecurity checks what the lint cannot know:
// both bodies of process-audio, the raw upload body, that public
// operations need no credential, and the required fields and allowed
// values of a submission.
func TestOpenAPIDocumentsBodiesAndSecurity(t *testing.T) {
	t.Parallel()
	s := st.Start(t, st.SQLite)
	var doc struct {
		Servers []struct {
			URL string `json:"url"`
		} `json:"servers"`
		Paths      map[string]map[string]documentedOperation `json:"paths"`
		Components struct {
			Schemas map[string]struct {
				Required   []string                  `json:"required"`
				Properties map[string]map[string]any `json:"properties"`
			} `json:"schemas"`
		} `json:"components"`
	}
	resp := s.Do(t, "GET", "/openapi.json", nil)
	require.NoError(t, json.Unmarshal(resp.Body, &doc))
	require.Len(t, doc.Servers, 1)
	require.Equal(t, s.URL, doc.Servers[0].URL)

	audio := doc.Paths["/v1/process-audio"]["post"]
	require.Contains(t, audio.RequestBody.Content, "application/json")
	require.Contains(t, audio.RequestBody.Content, "multipart/form-data")
	require.Equal(t, []map[string][]string{{"apiKey": {}}}, audio.Security)
	upload := doc.Paths["/v1/uploads/{job_id}"]["put"]
	require.Contains(t, upload.RequestBody.Content, "application/octet-stream", "the upload documents its binary body")
	require.Empty(t, upload.Security, "a presigned upload carries its signature, not a credential")
	require.NotNil(t, upload.Security)
	require.Equal(t, []map[string][]string{{"bearerAuth": {}}}, doc.Paths["/v1/user/account/info"]["get"].Security)
	for _, public := range []string{"/healthz", "/v1/auth/login"} {
		for _, op := range doc.Paths[public] {
			require.NotNil(t, op.Security, public)
			require.Empty(t, op.Security, public)
		}
	}
	for path, ops := range doc.Paths {
		for method, op := range ops {
			has4xx := false
			for code := range op.Responses {
				has4xx = has4xx || code[0] == '4'
			}
			require.True(t, has4xx, "%s %s documents its client errors", method, path)
		}
	}

	text := doc.Components.Schemas["TextJobRequest"]
	require.ElementsMatch(t, []string{"template", "text"}, text.Required)
	require.Contains(t, text.Properties["template"]["enum"], "primaryCare")
	require.Equal(t, []any{"dictation", "conversation"}, text.Properties["recording_type"]["enum"])
	key := doc.Components.Schemas["CreateAPIKeyRequest"]
	require.Equal(t, []string{"keyType"}, key.Required)
	require.Equal(t, []any{"sandbox", "live"}, key.Properties["keyType"]["enum"])
}

type documentedOperation struct {
	Security    []map[string][]string `json:"security"`
	RequestBody struct {
		Content map[string]any `json:"content"`
	} `json:"requestBody"`
	Responses map[string]any `json:"responses"`
}
