package client

import (
	"context"
	"flag"
	"fmt"
	"strconv"

	"github.com/notegen/notegen"
)

func deref(s *string) string {
	if s == nil || *s == "" {
		return "-"
	}
	return *s
}

func webhookShowCmd() command {
	return command{
		name: "webhook show", summary: "Show the development and production webhook URLs.",
		help: "Example:\n  notegen webhook show",
		setup: func(fs *flag.FlagSet) runner {
			return asOwner(func(ctx context.Context, s *session, c *notegen.Client) error {
				w, err := c.GetWebhook(ctx)
				if err != nil {
					return err
				}
				return s.show(w, func() error { return s.fields("Development", deref(w.Dev), "Production", deref(w.Prod)) })
			})
		},
	}
}

func webhookSetCmd() command {
	return command{
		name: "webhook set", args: "[--dev URL] [--prod URL]",
		summary: "Set webhook URLs; an empty value removes one, an absent flag leaves it unchanged.",
		help: `The production URL must be https. A server delivers to loopback and
private addresses (localhost, 10.x, 192.168.x ...) only when its operator
set NOTEGEN_WEBHOOK_ALLOW_PRIVATE=true; ` + "`notegen webhook test`" + ` says so.

Examples:
  notegen webhook set --dev http://localhost:9000/hook
  notegen webhook set --prod https://clinic.example/notegen --dev ""`,
		setup: func(fs *flag.FlagSet) runner {
			dev := fs.String("dev", "", "development URL (http or https)")
			prod := fs.String("prod", "", "production URL (https)")
			return func(ctx context.Context, s *session, args []string) error {
				var req notegen.WebhookUpdate
				fs.Visit(func(f *flag.Flag) {
					switch f.Name {
					case "dev":
						req.Dev = dev
					case "prod":
						req.Prod = prod
					}
				})
				if req.Dev == nil && req.Prod == nil && len(args) == 0 {
					return usageErr("give --dev and/or --prod")
				}
				c, err := ownerCall(s, args)
				if err != nil {
					return err
				}
				res, err := c.UpdateWebhook(ctx, req)
				if err != nil {
					return err
				}
				return s.show(res, func() error {
					fmt.Fprintln(s.env.Stdout, res.Message)
					return s.fields("Development", orDash(res.Dev), "Production", orDash(res.Prod))
				})
			}
		},
	}
}

// secretCmd prints the signing secret that call returns.
func secretCmd(name, summary, help string, call func(context.Context, *notegen.Client) (*notegen.WebhookSecret, error)) command {
	return command{
		name: "webhook " + name, summary: summary, help: help,
		setup: func(fs *flag.FlagSet) runner {
			return asOwner(func(ctx context.Context, s *session, c *notegen.Client) error {
				sec, err := call(ctx, c)
				if err != nil {
					return err
				}
				return s.say(sec, sec.Secret)
			})
		},
	}
}

func webhookSecretCmd() command {
	return secretCmd("secret", "Print the webhook signing secret (whsec_...).", "Example:\n  notegen webhook secret",
		func(ctx context.Context, c *notegen.Client) (*notegen.WebhookSecret, error) {
			return c.GetWebhookSecret(ctx)
		})
}

func webhookRotateCmd() command {
	return secretCmd("rotate", "Rotate the signing secret and print the new one; the old one signs for 24 more hours.",
		"Example:\n  notegen webhook rotate",
		func(ctx context.Context, c *notegen.Client) (*notegen.WebhookSecret, error) {
			return c.RotateWebhookSecret(ctx)
		})
}

func webhookTestCmd() command {
	return command{
		name: "webhook test", args: "[--env dev|prod]",
		summary: "Send a webhook.test event to the configured URL and warn when the server will not deliver there.",
		help:    "Example:\n  notegen webhook test --env dev",
		setup: func(fs *flag.FlagSet) runner {
			env := fs.String("env", "", "dev or prod (default: the server's choice)")
			return asOwner(func(ctx context.Context, s *session, c *notegen.Client) error {
				res, err := c.TestWebhook(ctx, *env)
				if err != nil {
					return err
				}
				if res.Warning != "" {
					fmt.Fprintln(s.env.Stderr, "notegen: warning:", res.Warning)
				}
				return s.show(res, func() error {
					_, err := fmt.Fprintln(s.env.Stdout, orDash(res.Message))
					return err
				})
			})
		},
	}
}

func webhookDeliveriesCmd() command {
	return command{
		name: "webhook deliveries", args: "[--limit N] [--status S] [--event TYPE] | redeliver ID",
		summary: "List recent webhook deliveries with their attempts and last error, or send one again.",
		help: `The ERROR column says why the last attempt failed, e.g. that the server
refuses a loopback or private address.

Examples:
  notegen webhook deliveries --limit 20 --status failed
  notegen webhook deliveries redeliver dlv_123`,
		setup: func(fs *flag.FlagSet) runner {
			limit := fs.Int("limit", 0, "how many (default: the server's)")
			status := fs.String("status", "", "only deliveries with this status")
			event := fs.String("event", "", "only deliveries of this event type")
			return func(ctx context.Context, s *session, args []string) error {
				if len(args) == 2 && args[0] == "redeliver" {
					return redeliver(ctx, s, args[1])
				}
				if len(args) != 0 {
					return usageErr("expected no arguments, or redeliver ID")
				}
				c, err := s.ownerClient()
				if err != nil {
					return err
				}
				ds, err := c.ListWebhookDeliveries(ctx, notegen.DeliveryFilter{Limit: *limit, Status: *status, Event: *event})
				if err != nil {
					return err
				}
				if ds == nil {
					ds = []notegen.WebhookDelivery{}
				}
				return s.show(ds, func() error { return deliveriesTable(s, ds) })
			}
		},
	}
}

func redeliver(ctx context.Context, s *session, id string) error {
	c, err := s.ownerClient()
	if err != nil {
		return err
	}
	a, err := c.RedeliverWebhook(ctx, id)
	if err != nil {
		return err
	}
	return s.say(a, fmt.Sprintf("Redelivered %s: status %s %s", id, statusCode(a.StatusCode), a.Error))
}

func deliveriesTable(s *session, ds []notegen.WebhookDelivery) error {
	rows := make([][]string, len(ds))
	for i, d := range ds {
		created, lastErr := fmtTime(d.CreatedAt), "-"
		if n := len(d.Attempts); n > 0 {
			lastErr = orDash(d.Attempts[n-1].Error)
		}
		rows[i] = []string{d.ID, orDash(d.Event), orDash(d.Status), strconv.Itoa(len(d.Attempts)), created, lastErr}
	}
	return s.table([]string{"ID", "EVENT", "STATUS", "ATTEMPTS", "CREATED", "ERROR"}, rows)
}

// statusCode prints an attempt's HTTP status, "-" when none arrived.
func statusCode(code *int) string {
	if code == nil {
		return "-"
	}
	return strconv.Itoa(*code)
}
