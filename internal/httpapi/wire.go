package httpapi

// The wire types of every request and response body are the root package's
// (the public Go SDK), so the server, the OpenAPI document and the SDK share
// one definition. Services keep their own types; this file maps them to and
// from the wire, once, at the HTTP edge.

import (
	"github.com/notegen/notegen"
	"github.com/notegen/notegen/internal/account"
	"github.com/notegen/notegen/internal/apikey"
	"github.com/notegen/notegen/internal/audit"
	"github.com/notegen/notegen/internal/auth"
	"github.com/notegen/notegen/internal/billing"
	"github.com/notegen/notegen/internal/delivery"
	"github.com/notegen/notegen/internal/webhook"
)

func wireNewAccount(a auth.NewAccount) notegen.NewAccount {
	return notegen.NewAccount{UserID: a.UserID, Email: a.Email, AccountStatus: string(a.AccountStatus)}
}

func wireTokens(t auth.Tokens) notegen.Tokens {
	return notegen.Tokens{UserID: t.UserID, Email: t.Email, IDToken: t.IDToken, RefreshToken: t.RefreshToken,
		ExpiresIn: t.ExpiresIn, TokenType: t.TokenType}
}

// profileOf turns the optional fields of create-account into a profile;
// an empty field is stored as empty, as an absent one is.
func profileOf(r notegen.CreateAccountRequest) account.Profile {
	return account.Profile{CompanyName: &r.CompanyName, ContactEmail: &r.ContactEmail, PhoneNumber: &r.PhoneNumber, Address: &r.Address}
}

func wireAccount(a account.Info) notegen.Account {
	return notegen.Account{CompanyName: a.CompanyName, ContactEmail: a.ContactEmail, PhoneNumber: a.PhoneNumber,
		Address: a.Address, AccountStatus: string(a.AccountStatus), CreatedAt: a.CreatedAt}
}

func wireAccountUpdated(r account.UpdateResult) notegen.AccountUpdated {
	return notegen.AccountUpdated{Message: r.Message, UpdatedFields: r.UpdatedFields}
}

func wireAccountStatus(r account.StatusResult) notegen.AccountStatusChange {
	return notegen.AccountStatusChange{Message: r.Message, UserID: r.UserID}
}

func wireAuditPage(p audit.Page) notegen.AuditPage {
	out := notegen.AuditPage{Entries: mapSlice(p.Entries, func(e audit.Entry) notegen.AuditEntry {
		return notegen.AuditEntry{ID: e.ID, Actor: e.Actor, Action: e.Action, Target: e.Target, Details: e.Details,
			ClientAddress: e.ClientAddr, RequestID: e.RequestID, CreatedAt: e.CreatedAt}
	}), NextCursor: p.NextCursor}
	return out
}

func wireKeys(keys []apikey.Entry) []notegen.APIKey { return mapSlice(keys, wireKey) }

func wireKey(e apikey.Entry) notegen.APIKey {
	return notegen.APIKey{Key: e.Key, Type: string(e.Type), Status: string(e.Status), CreatedAt: e.CreatedAt,
		LastUsed: e.LastUsed, Metadata: e.Metadata}
}

func wireCreatedKey(c apikey.Created) notegen.CreatedAPIKey {
	return notegen.CreatedAPIKey{APIKey: c.APIKey, KeyType: string(c.KeyType), Metadata: c.Metadata}
}

func wireKeyConfirmation(c apikey.Confirmation) notegen.KeyConfirmation {
	return notegen.KeyConfirmation{Message: c.Message, APIKey: c.APIKey, Status: string(c.Status)}
}

func wireWebhookSettings(s webhook.Settings) notegen.WebhookSettings {
	return notegen.WebhookSettings{Dev: s.Dev, Prod: s.Prod}
}

func wireWebhookUpdated(r webhook.UpdateResult) notegen.WebhookUpdated {
	return notegen.WebhookUpdated{Message: r.Message, Dev: r.Dev, Prod: r.Prod}
}

func wireWebhookSecret(s webhook.Secret) notegen.WebhookSecret {
	return notegen.WebhookSecret{Secret: s.Secret}
}

func wireAttempt(a delivery.Attempt) notegen.DeliveryAttempt {
	return notegen.DeliveryAttempt{ID: a.ID, Number: a.Number, Trigger: a.Trigger, AttemptedAt: a.AttemptedAt, Env: a.Env,
		Endpoint: a.Endpoint, Outcome: a.Outcome, StatusCode: a.StatusCode, LatencyMS: a.LatencyMS, Error: a.Error}
}

func wireDeliveryPage(p delivery.Page) notegen.WebhookDeliveryPage {
	return notegen.WebhookDeliveryPage{Deliveries: mapSlice(p.Deliveries, func(d delivery.Info) notegen.WebhookDelivery {
		return notegen.WebhookDelivery{ID: d.ID, Event: d.Event, JobID: d.JobID, Sequence: d.Sequence, Status: d.Status,
			Env: d.Env, Endpoint: d.Endpoint, LastStatusCode: d.LastStatus, Error: d.Error, NextAttemptAt: d.NextAttemptAt,
			CreatedAt: d.CreatedAt, UpdatedAt: d.UpdatedAt, Attempts: mapSlice(d.Attempts, wireAttempt)}
	}), NextCursor: p.NextCursor}
}

func wireReach(r delivery.Reach) notegen.WebhookCheck {
	return notegen.WebhookCheck{Env: r.Env, URL: r.URL, Warning: r.Warning}
}

func wireTestEvent(e delivery.TestEvent) notegen.WebhookTestResult {
	return notegen.WebhookTestResult{Message: e.Message, DeliveryID: e.DeliveryID, Event: e.Event, Env: e.Env, Payload: e.Payload, Warning: e.Warning}
}

func wireUsage(u billing.UsageReport) notegen.Usage {
	out := notegen.Usage{
		Period: notegen.UsagePeriod{StartMonth: u.Period.StartMonth, EndMonth: u.Period.EndMonth},
		Totals: notegen.UsageTotals{Jobs: u.Totals.Jobs, TranscriptionTokens: u.Totals.TranscriptionTokens,
			NoteTokens: u.Totals.NoteTokens, TotalTokens: u.Totals.TotalTokens, FreeJobsLeft: u.Totals.FreeJobsLeft},
		MonthlyBreakdown: mapSlice(u.MonthlyBreakdown, func(m billing.MonthUsage) notegen.MonthlyUsage {
			return notegen.MonthlyUsage{Month: m.Month, Jobs: m.Jobs, TranscriptionTokens: m.TranscriptionTokens,
				NoteTokens: m.NoteTokens, TotalTokens: m.TotalTokens}
		}),
		Billing: notegen.BillingSummary{CurrentUsageAmount: u.Billing.CurrentUsageAmount, BillingPeriodStart: u.Billing.BillingPeriodStart,
			BillingPeriodEnd: u.Billing.BillingPeriodEnd, SubscriptionStatus: u.Billing.SubscriptionStatus},
	}
	if u.APIKeys != nil {
		out.APIKeys = make(map[string]notegen.KeyUsage, len(u.APIKeys))
		for k, v := range u.APIKeys {
			out.APIKeys[k] = notegen.KeyUsage{Jobs: v.Jobs, UsagePercentage: v.UsagePercentage, Tokens: notegen.TokenCounts{
				Transcription: v.Tokens.Transcription, NoteGeneration: v.Tokens.NoteGeneration, Total: v.Tokens.Total}}
		}
	}
	return out
}

// mapSlice maps a service slice to its wire form, keeping nil as nil so a
// field the service leaves unset is written as before.
func mapSlice[S, W any](in []S, f func(S) W) []W {
	if in == nil {
		return nil
	}
	out := make([]W, len(in))
	for i, v := range in {
		out[i] = f(v)
	}
	return out
}
