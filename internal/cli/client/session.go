package client

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/notegen/notegen"
)

// defaultURL is the server the client commands talk to when neither
// --url, NOTEGEN_URL nor a saved login names one.
const defaultURL = "http://127.0.0.1:8080"

// credentials is what `notegen login` saves: the session's tokens and the
// server they belong to. The file is 0600 in a 0700 directory.
type credentials struct {
	URL          string    `json:"url"`
	Email        string    `json:"email"`
	UserID       string    `json:"user_id"`
	IDToken      string    `json:"id_token"`
	RefreshToken string    `json:"refresh_token"`
	ExpiresAt    time.Time `json:"expires_at,omitzero"`
}

// credentialsPath is <config dir>/notegen/credentials.json, where the
// config directory is $XDG_CONFIG_HOME or os.UserConfigDir.
func credentialsPath(getenv func(string) string) (string, error) {
	dir := getenv("XDG_CONFIG_HOME")
	if dir == "" {
		var err error
		if dir, err = os.UserConfigDir(); err != nil {
			return "", fmt.Errorf("find the config directory: %w", err)
		}
	}
	return filepath.Join(dir, "notegen", "credentials.json"), nil
}

func loadCredentials(path string) (*credentials, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read credentials: %w", err)
	}
	var c credentials
	if err := json.Unmarshal(data, &c); err != nil {
		return nil, fmt.Errorf("read credentials %s: %w", path, err)
	}
	return &c, nil
}

// saveCredentials writes c atomically with 0600 permissions.
func saveCredentials(path string, c *credentials) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return fmt.Errorf("create config directory: %w", err)
	}
	data, err := json.MarshalIndent(c, "", "  ")
	if err != nil {
		return fmt.Errorf("encode credentials: %w", err)
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".credentials-*")
	if err != nil {
		return fmt.Errorf("save credentials: %w", err)
	}
	defer os.Remove(tmp.Name())
	if err := tmp.Chmod(0o600); err != nil {
		tmp.Close()
		return fmt.Errorf("save credentials: %w", err)
	}
	if _, err := tmp.Write(append(data, '\n')); err != nil {
		tmp.Close()
		return fmt.Errorf("save credentials: %w", err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("save credentials: %w", err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("save credentials: %w", err)
	}
	return nil
}

// session is what one client command runs with.
type session struct {
	env      Env
	jsonOut  bool
	flagURL  string
	credPath string
	creds    *credentials
}

// baseURL picks the server: --url, NOTEGEN_URL, the saved login, default.
func (s *session) baseURL() string {
	switch {
	case s.flagURL != "":
		return s.flagURL
	case s.env.Getenv("NOTEGEN_URL") != "":
		return s.env.Getenv("NOTEGEN_URL")
	case s.creds != nil && s.creds.URL != "":
		return s.creds.URL
	}
	return defaultURL
}

func (s *session) load() error {
	path, err := credentialsPath(s.env.Getenv)
	if err != nil {
		return err
	}
	s.credPath = path
	s.creds, err = loadCredentials(path)
	return err
}

// ownerClient is a client with the saved login's tokens; renewed tokens
// are saved as they rotate.
func (s *session) ownerClient() (*notegen.Client, error) {
	if s.creds == nil || s.creds.RefreshToken == "" && s.creds.IDToken == "" {
		return nil, exitErr(exitAuth, errors.New("not logged in: run `notegen login` first"))
	}
	url := s.baseURL()
	if s.creds.URL != "" && strings.TrimRight(url, "/") != strings.TrimRight(s.creds.URL, "/") {
		return nil, exitErr(exitAuth, fmt.Errorf("logged in to %s, not %s: run `notegen login --url %s`", s.creds.URL, url, url))
	}
	saved := *s.creds
	c, err := notegen.New(url,
		notegen.WithUserAgent("notegen-cli"),
		notegen.WithTokens(saved.IDToken, saved.RefreshToken),
		notegen.WithTokenHandler(func(t notegen.Tokens) {
			saved.IDToken, saved.RefreshToken, saved.ExpiresAt = t.IDToken, t.RefreshToken, t.ExpiresAt
			if err := saveCredentials(s.credPath, &saved); err != nil {
				fmt.Fprintln(s.env.Stderr, "notegen: warning:", err)
			}
		}))
	if err != nil {
		return nil, classify(err, nil)
	}
	return c, nil
}

// keyClient is a client with the API key given by --api-key, or else by
// NOTEGEN_API_KEY.
func (s *session) keyClient(key string) (*notegen.Client, error) {
	if key == "" {
		key = s.env.Getenv("NOTEGEN_API_KEY")
	}
	if key == "" {
		return nil, exitErr(exitAuth, errors.New("no API key: pass --api-key or set NOTEGEN_API_KEY"))
	}
	c, err := notegen.New(s.baseURL(), notegen.WithUserAgent("notegen-cli"), notegen.WithAPIKey(key))
	if err != nil {
		return nil, classify(err, nil)
	}
	return c, nil
}

// printJSON writes v as indented JSON, URLs as they are (no HTML escaping,
// so a shell script can use them).
func (s *session) printJSON(v any) error {
	enc := json.NewEncoder(s.env.Stdout)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return fmt.Errorf("write output: %w", err)
	}
	return nil
}

// show prints v as JSON with --json, else as text writes it.
func (s *session) show(v any, text func() error) error {
	if s.jsonOut {
		return s.printJSON(v)
	}
	return text()
}

// say prints v as JSON with --json, else the line.
func (s *session) say(v any, line string) error {
	return s.show(v, func() error {
		_, err := fmt.Fprintln(s.env.Stdout, line)
		return err
	})
}

// table writes rows under a header, aligned.
func (s *session) table(header []string, rows [][]string) error {
	tw := tabwriter.NewWriter(s.env.Stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, strings.Join(header, "\t"))
	for _, r := range rows {
		fmt.Fprintln(tw, strings.Join(r, "\t"))
	}
	if err := tw.Flush(); err != nil {
		return fmt.Errorf("write output: %w", err)
	}
	return nil
}

// fields writes name: value lines, aligned.
func (s *session) fields(pairs ...string) error {
	tw := tabwriter.NewWriter(s.env.Stdout, 0, 4, 2, ' ', 0)
	for i := 0; i+1 < len(pairs); i += 2 {
		fmt.Fprintf(tw, "%s:\t%s\n", pairs[i], pairs[i+1])
	}
	if err := tw.Flush(); err != nil {
		return fmt.Errorf("write output: %w", err)
	}
	return nil
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

func fmtTime(t time.Time) string {
	if t.IsZero() {
		return "-"
	}
	return t.UTC().Format(time.RFC3339)
}

// readLine reads one line from r without buffering past it.
func readLine(r io.Reader) (string, error) {
	var b strings.Builder
	buf := make([]byte, 1)
	for {
		n, err := r.Read(buf)
		if n > 0 {
			if buf[0] == '\n' {
				break
			}
			b.WriteByte(buf[0])
		}
		if err == io.EOF {
			if b.Len() == 0 {
				return "", io.ErrUnexpectedEOF
			}
			break
		}
		if err != nil {
			return "", err
		}
	}
	return strings.TrimRight(b.String(), "\r"), nil
}
