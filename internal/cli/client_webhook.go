package cli

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"net"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/notegen/notegen"
)

func deref(s *string) string {
	if s == nil || *s == "" {
		return "-"
	}
	return *s
}

func webhookCommands() []clientCmd {
	secretCmd := func(name, summary, help string, call func(context.Context, *notegen.Client) (*notegen.WebhookSecret, error)) clientCmd {
		return clientCmd{
			name: "webhook " + name, summary: summary, help: help,
			setup: func(fs *flag.FlagSet) func(context.Context, *session, []string) error {
				return func(ctx context.Context, s *session, args []string) error {
					if err := needArgs(args, 0, "no arguments"); err != nil {
						return err
					}
					c, err := s.ownerClient()
					if err != nil {
						return err
					}
					sec, err := call(ctx, c)
					if err != nil {
						return err
					}
					if s.jsonOut {
						return s.printJSON(sec)
					}
					fmt.Fprintln(s.env.Stdout, sec.Secret)
					return nil
				}
			},
		}
	}
	return []clientCmd{
		{
			name: "webhook show", summary: "Show the development and production webhook URLs.",
			help: "Example:\n  notegen webhook show",
			setup: func(fs *flag.FlagSet) func(context.Context, *session, []string) error {
				return func(ctx context.Context, s *session, args []string) error {
					if err := needArgs(args, 0, "no arguments"); err != nil {
						return err
					}
					c, err := s.ownerClient()
					if err != nil {
						return err
					}
					w, err := c.GetWebhook(ctx)
					if err != nil {
						return err
					}
					if s.jsonOut {
						return s.printJSON(w)
					}
					return s.fields("Development", deref(w.Dev), "Production", deref(w.Prod))
				}
			},
		},
		{
			name: "webhook set", args: "[--dev URL] [--prod URL]",
			summary: "Set webhook URLs; an empty value removes one, an absent flag leaves it unchanged.",
			help: `The production URL must be https.

Examples:
  notegen webhook set --dev http://localhost:9000/hook
  notegen webhook set --prod https://clinic.example/notegen --dev ""`,
			setup: func(fs *flag.FlagSet) func(context.Context, *session, []string) error {
				dev := fs.String("dev", "", "development URL (http or https)")
				prod := fs.String("prod", "", "production URL (https)")
				return func(ctx context.Context, s *session, args []string) error {
					if err := needArgs(args, 0, "no arguments"); err != nil {
						return err
					}
					var req notegen.WebhookUpdate
					fs.Visit(func(f *flag.Flag) {
						switch f.Name {
						case "dev":
							req.Dev = dev
						case "prod":
							req.Prod = prod
						}
					})
					if req.Dev == nil && req.Prod == nil {
						return usageErr("give --dev and/or --prod")
					}
					c, err := s.ownerClient()
					if err != nil {
						return err
					}
					res, err := c.UpdateWebhook(ctx, req)
					if err != nil {
						return err
					}
					if s.jsonOut {
						return s.printJSON(res)
					}
					fmt.Fprintln(s.env.Stdout, res.Message)
					return s.fields("Development", orDash(res.Dev), "Production", orDash(res.Prod))
				}
			},
		},
		secretCmd("secret", "Print the webhook signing secret (whsec_...).",
			"Example:\n  notegen webhook secret",
			func(ctx context.Context, c *notegen.Client) (*notegen.WebhookSecret, error) {
				return c.GetWebhookSecret(ctx)
			}),
		secretCmd("rotate", "Rotate the signing secret and print the new one; the old one signs for 24 more hours.",
			"Example:\n  notegen webhook rotate",
			func(ctx context.Context, c *notegen.Client) (*notegen.WebhookSecret, error) {
				return c.RotateWebhookSecret(ctx)
			}),
		{
			name: "webhook test", args: "[--env dev|prod]",
			summary: "Send a webhook.test event to the configured URL.",
			help:    "Example:\n  notegen webhook test --env dev",
			setup: func(fs *flag.FlagSet) func(context.Context, *session, []string) error {
				env := fs.String("env", "", "dev or prod (default: the server's choice)")
				return func(ctx context.Context, s *session, args []string) error {
					if err := needArgs(args, 0, "no arguments"); err != nil {
						return err
					}
					c, err := s.ownerClient()
					if err != nil {
						return err
					}
					res, err := c.TestWebhook(ctx, *env)
					if err != nil {
						return err
					}
					if s.jsonOut {
						return s.printJSON(res)
					}
					fmt.Fprintln(s.env.Stdout, orDash(res.Message))
					return nil
				}
			},
		},
		{
			name: "webhook deliveries", args: "[--limit N] [--status S] [--event TYPE] | redeliver ID",
			summary: "List recent webhook deliveries with their attempts, or send one again.",
			help: `Examples:
  notegen webhook deliveries --limit 20 --status failed
  notegen webhook deliveries redeliver dlv_123`,
			setup: func(fs *flag.FlagSet) func(context.Context, *session, []string) error {
				limit := fs.Int("limit", 0, "how many (default: the server's)")
				status := fs.String("status", "", "only deliveries with this status")
				event := fs.String("event", "", "only deliveries of this event type")
				return func(ctx context.Context, s *session, args []string) error {
					c, err := s.ownerClient()
					if len(args) == 2 && args[0] == "redeliver" {
						if err != nil {
							return err
						}
						a, err := c.RedeliverWebhook(ctx, args[1])
						if err != nil {
							return err
						}
						if s.jsonOut {
							return s.printJSON(a)
						}
						fmt.Fprintf(s.env.Stdout, "Redelivered %s: status %s %s\n", args[1], statusCode(a.StatusCode), a.Error)
						return nil
					}
					if len(args) != 0 {
						return usageErr("expected no arguments, or redeliver ID")
					}
					if err != nil {
						return err
					}
					ds, err := c.ListWebhookDeliveries(ctx, notegen.DeliveryFilter{Limit: *limit, Status: *status, Event: *event})
					if err != nil {
						return err
					}
					if s.jsonOut {
						if ds == nil {
							ds = []notegen.WebhookDelivery{}
						}
						return s.printJSON(ds)
					}
					rows := make([][]string, len(ds))
					for i, d := range ds {
						created := fmtTime(d.CreatedAt)
						rows[i] = []string{d.ID, orDash(d.Event), orDash(d.Status), strconv.Itoa(len(d.Attempts)), created}
					}
					return s.table([]string{"ID", "EVENT", "STATUS", "ATTEMPTS", "CREATED"}, rows)
				}
			},
		},
		{
			name: "webhook listen", args: "--port N [--secret whsec_...] [--max-events N]",
			summary: "Run a local receiver that verifies each delivery's signature and prints the event.",
			help: `The secret is read from the account unless --secret is given. Set the
development URL to the receiver first. Invalid signatures are answered 400
and reported on standard error.

Example:
  notegen webhook set --dev http://localhost:9000/
  notegen webhook listen --port 9000`,
			setup: func(fs *flag.FlagSet) func(context.Context, *session, []string) error {
				port := fs.Int("port", 0, "port to listen on (required)")
				addr := fs.String("addr", "127.0.0.1", "address to listen on")
				secret := fs.String("secret", "", "signing secret (default: read from the account)")
				maxEvents := fs.Int("max-events", 0, "exit after this many verified events (0: run until interrupted)")
				return func(ctx context.Context, s *session, args []string) error {
					if err := needArgs(args, 0, "no arguments"); err != nil {
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
					}
					v, err := notegen.NewWebhookVerifier(sec)
					if err != nil {
						return err
					}
					return listen(ctx, s, net.JoinHostPort(*addr, strconv.Itoa(*port)), v, *maxEvents)
				}
			},
		},
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

// statusCode prints an attempt's HTTP status, "-" when none arrived.
func statusCode(code *int) string {
	if code == nil {
		return "-"
	}
	return strconv.Itoa(*code)
}
