// Package webhook owns the account's webhook settings (a development and a
// production URL, validated here and stored on the account row through
// package account), its signing secrets and the signature of a delivery.
// Package delivery delivers the events.
package webhook

import (
	"context"
	"net/url"
	"strings"
	"unicode/utf8"

	"github.com/notegen/notegen/internal/account"
	"github.com/notegen/notegen/internal/apperr"
	"github.com/notegen/notegen/internal/audit"
	"github.com/notegen/notegen/internal/store"
)

// MaxURLLength is the longest webhook URL accepted, in characters.
const MaxURLLength = 2048

// Settings are the account's two webhook URLs; nil means unset.
type Settings struct {
	Dev  *string
	Prod *string
}

// ValidateURL checks a webhook URL for the given environment ("dev" allows
// http and https, "prod" only https). The empty string is valid: it removes
// the webhook.
func ValidateURL(env, raw string) error {
	field := "webhook_" + env
	if raw == "" {
		return nil
	}
	if utf8.RuneCountInString(raw) > MaxURLLength {
		return apperr.Invalid(field, "Webhook URL must be at most %d characters", MaxURLLength)
	}
	if strings.TrimSpace(raw) != raw || strings.ContainsAny(raw, " \t\r\n") {
		return apperr.Invalid(field, "Webhook URL must not contain spaces")
	}
	u, err := url.Parse(raw)
	if err != nil || !u.IsAbs() || u.Host == "" || u.Hostname() == "" {
		return apperr.Invalid(field, "Webhook URL must be an absolute URL with a host")
	}
	if u.User != nil {
		return apperr.Invalid(field, "Webhook URL must not contain a user name or password")
	}
	if u.Fragment != "" {
		return apperr.Invalid(field, "Webhook URL must not contain a fragment")
	}
	switch {
	case env == "prod" && u.Scheme != "https":
		return apperr.Invalid(field, "Production webhook URL must use https")
	case u.Scheme != "http" && u.Scheme != "https":
		return apperr.Invalid(field, "Webhook URL must use http or https")
	}
	return nil
}

// Service manages webhook settings and secrets.
type Service struct {
	db      *store.DB
	secrets *secrets
}

// Get returns the account's webhook URLs.
func (s *Service) Get(ctx context.Context, userID string) (Settings, error) {
	urls, err := account.ReadWebhookURLs(ctx, s.db, userID)
	if err != nil {
		return Settings{}, err
	}
	return SettingsOf(urls), nil
}

// SettingsOf is the settings of stored URLs: nil where none is set.
func SettingsOf(urls account.WebhookURLs) Settings {
	var st Settings
	if urls.Dev != "" {
		st.Dev = &urls.Dev
	}
	if urls.Prod != "" {
		st.Prod = &urls.Prod
	}
	return st
}

// UpdateResult is the answer to a settings update: each URL is its new
// value ("" when removed) or "unchanged".
type UpdateResult struct {
	Message string
	Dev     string
	Prod    string
}

// Update sets the supplied URLs; an absent one is unchanged and an empty one
// removes that webhook.
func (s *Service) Update(ctx context.Context, userID string, in Settings) (UpdateResult, error) {
	if in.Dev == nil && in.Prod == nil {
		return UpdateResult{}, apperr.New(apperr.InvalidField, "Supply webhook_dev and/or webhook_prod")
	}
	res := UpdateResult{Message: "Webhook settings updated", Dev: "unchanged", Prod: "unchanged"}
	if in.Dev != nil {
		if err := ValidateURL("dev", *in.Dev); err != nil {
			return UpdateResult{}, err
		}
		res.Dev = *in.Dev
	}
	if in.Prod != nil {
		if err := ValidateURL("prod", *in.Prod); err != nil {
			return UpdateResult{}, err
		}
		res.Prod = *in.Prod
	}
	now := store.Now()
	err := s.db.InTx(ctx, func(tx *store.Tx) error {
		if _, err := account.Lock(ctx, tx, userID); err != nil {
			return err
		}
		details := map[string]string{}
		for _, c := range []struct {
			env   string
			value *string
		}{{"dev", in.Dev}, {"prod", in.Prod}} {
			if c.value == nil {
				continue
			}
			if err := account.SetWebhookURL(ctx, tx, userID, c.env, *c.value, now); err != nil {
				return err
			}
			details["webhook_"+c.env] = *c.value
		}
		return audit.Record(ctx, tx, userID, "webhook.settings_updated", userID, details, now)
	})
	if err != nil {
		return UpdateResult{}, err
	}
	return res, nil
}
