package client

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"sync"
	"time"

	"github.com/notegen/notegen"
)

func webhookListenCmd(fs *flag.FlagSet) runner {
	port := fs.Int("port", 0, "port to listen on (required)")
	addr := fs.String("addr", "127.0.0.1", "address to listen on")
	secret := fs.String("secret", "", "signing secret (default: read from the account)")
	maxEvents := fs.Int("max-events", 0, "exit after this many verified events (0: run until interrupted)")
	return func(ctx context.Context, s *session, args []string) error {
		if err := noArgs(args); err != nil {
			return err
		}
		if *port <= 0 || *port > 65535 {
			return usageErr("--port N is required")
		}
		sec := *secret
		if sec == "" {
			c, err := s.ownerClient()
			if err != nil {
				return err
			}
			ws, err := c.GetWebhookSecret(ctx)
			if err != nil {
				return err
			}
			sec = ws.Secret
			warnUnreachable(ctx, s, c, *port)
		}
		v, err := notegen.NewWebhookVerifier(sec)
		if err != nil {
			return err
		}
		return listen(ctx, s, net.JoinHostPort(*addr, strconv.Itoa(*port)), v, *maxEvents)
	}
}

// warnUnreachable tells, before listening, why deliveries may not arrive:
// no development URL, one that names another port, or one the server will
// not deliver to (a private address while private delivery is off). It
// asks the server rather than reading past deliveries: those say nothing
// before the first delivery, and a refusal in them may be stale (the
// operator has since allowed private addresses). It only warns: a failure
// to check is not a reason not to listen.
func warnUnreachable(ctx context.Context, s *session, c *notegen.Client, port int) {
	warn := func(format string, args ...any) {
		fmt.Fprintf(s.env.Stderr, "notegen: warning: "+format+"\n", args...)
	}
	w, err := c.GetWebhook(ctx)
	if err != nil {
		return
	}
	if w.Dev == nil || *w.Dev == "" {
		warn("no development webhook URL is set: run `notegen webhook set --dev http://localhost:%d/`", port)
		return
	}
	if u, err := url.Parse(*w.Dev); err == nil && u.Port() != strconv.Itoa(port) {
		warn("the development webhook URL %s does not name port %d", *w.Dev, port)
	}
	if check, err := c.CheckWebhook(ctx, "dev"); err == nil && check.Warning != "" {
		warn("%s", check.Warning)
	}
}

// listen serves the webhook receiver until ctx ends or max events arrive.
func listen(ctx context.Context, s *session, addr string, v *notegen.WebhookVerifier, max int) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return exitErr(exitFailure, fmt.Errorf("listen on %s: %w", addr, err))
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var mu sync.Mutex
	count := 0
	srv := &http.Server{ReadHeaderTimeout: 10 * time.Second, Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost {
			http.Error(w, "POST only", http.StatusMethodNotAllowed)
			return
		}
		ev, err := v.VerifyRequest(r)
		if err != nil {
			fmt.Fprintf(s.env.Stderr, "notegen: rejected delivery from %s: %v\n", r.RemoteAddr, err)
			http.Error(w, "invalid signature", http.StatusBadRequest)
			return
		}
		mu.Lock()
		defer mu.Unlock()
		printEvent(s, ev)
		w.WriteHeader(http.StatusNoContent)
		count++
		if max > 0 && count >= max {
			cancel()
		}
	})}
	fmt.Fprintf(s.env.Stderr, "Listening for webhooks on http://%s/ (Ctrl-C to stop)\n", ln.Addr())
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return fmt.Errorf("webhook receiver: %w", err)
	case <-ctx.Done():
	}
	shutdown, done := context.WithTimeout(context.Background(), 5*time.Second)
	defer done()
	if err := srv.Shutdown(shutdown); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("stop webhook receiver: %w", err)
	}
	return nil
}

func printEvent(s *session, ev *notegen.WebhookEvent) {
	if s.jsonOut {
		var body any
		_ = json.Unmarshal(ev.Raw, &body)
		data, _ := json.Marshal(map[string]any{"webhook_id": ev.ID, "event": body})
		fmt.Fprintln(s.env.Stdout, string(data))
		return
	}
	line := fmt.Sprintf("%s  %s  id=%s", time.Now().UTC().Format(time.RFC3339), ev.Type, ev.ID)
	add := func(k, v string) {
		if v != "" {
			line += "  " + k + "=" + v
		}
	}
	add("job_id", ev.JobID)
	add("status", ev.Status)
	add("note_url", ev.NoteURL)
	add("transcript_url", ev.TranscriptURL)
	add("user_id", ev.UserID)
	add("account_status", ev.AccountStatus)
	if ev.Error != nil {
		add("error", ev.Error.Code+": "+ev.Error.Message)
	}
	fmt.Fprintln(s.env.Stdout, line)
}
