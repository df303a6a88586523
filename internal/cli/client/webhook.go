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

func webhookShowCmd(fs *flag.FlagSet) runner {
	return asOwner(func(ctx context.Context, s *session, c *notegen.Client) error {
		w, err := c.GetWebhook(ctx)
		if err != nil {
			return err
		}
		return s.show(w, func() error { return s.fields("Development", deref(w.Dev), "Production", deref(w.Prod)) })
	})
}

func webhookSetCmd(fs *flag.FlagSet) runner {
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
}

// secretCmd prints the signing secret that call returns.
func secretCmd(call func(context.Context, *notegen.Client) (*notegen.WebhookSecret, error)) setupFunc {
	return func(fs *flag.FlagSet) runner {
		return asOwner(func(ctx context.Context, s *session, c *notegen.Client) error {
			sec, err := call(ctx, c)
			if err != nil {
				return err
			}
			return s.say(sec, sec.Secret)
		})
	}
}

func webhookSecretCmd() setupFunc {
	return secretCmd(func(ctx context.Context, c *notegen.Client) (*notegen.WebhookSecret, error) {
		return c.GetWebhookSecret(ctx)
	})
}

func webhookRotateCmd() setupFunc {
	return secretCmd(func(ctx context.Context, c *notegen.Client) (*notegen.WebhookSecret, error) {
		return c.RotateWebhookSecret(ctx)
	})
}

func webhookTestCmd(fs *flag.FlagSet) runner {
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
}

func webhookDeliveriesCmd(fs *flag.FlagSet) runner {
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
