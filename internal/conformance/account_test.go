package conformance

import (
	"context"
	"database/sql"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	st "github.com/notegen/notegen/internal/servertest"
)

// outboxTypes lists the types of the account's outbox events, oldest first,
// after checking that the SDK reads each event's body whole
// (requireSDKReadsEvent).
func outboxTypes(t *testing.T, d *st.Database, userID string) []string {
	t.Helper()
	db := openStore(t, d)
	rows, err := db.Query(context.Background(), `SELECT type, payload FROM outbox_events WHERE user_id = ? ORDER BY created_at, id`, userID)
	require.NoError(t, err)
	defer rows.Close()
	var out []string
	for rows.Next() {
		var typ, payload string
		require.NoError(t, rows.Scan(&typ, &payload))
		requireSDKReadsEvent(t, typ, payload)
		out = append(out, typ)
	}
	require.NoError(t, rows.Err())
	return out
}

func TestAccountStateMachine(t *testing.T) {
	st.EachOwner(t, func(t *testing.T, s *st.Server, o *st.Owner) {
		post := func(path string) st.Response { return s.Do(t, "POST", path, nil, st.Bearer(o.IDToken)) }
		require.Equal(t, "inactive", accountStatus(t, s, o), "a new account is inactive")

		notCancelled := post("/v1/user/reactivate-account")
		require.Equal(t, http.StatusBadRequest, notCancelled.Status)
		require.Equal(t, "bad_request", notCancelled.ErrorCode(t))

		live := createKey(t, s, o, "live", nil)
		sandbox := createKey(t, s, o, "sandbox", nil)
		require.Equal(t, "active", accountStatus(t, s, o))

		cancel := post("/v1/user/cancel-account")
		require.Equal(t, http.StatusOK, cancel.Status, "%s", cancel.Body)
		body := cancel.JSON(t)
		require.Equal(t, o.UserID, body["user_id"])
		require.NotEmpty(t, body["message"])
		require.Len(t, body, 2)
		require.Equal(t, "cancelled", accountStatus(t, s, o))
		keys := listKeys(t, s, o, "")
		require.Equal(t, "active", keys[0]["status"], "the sandbox key is not billed and stays")
		require.Equal(t, "inactive", keys[1]["status"], "every live key is deactivated")
		require.Equal(t, http.StatusUnauthorized, s.Do(t, "GET", "/v1/system/status", nil, st.APIKey(live)).Status, "the live key is inactive")
		require.Equal(t, http.StatusForbidden, s.Do(t, "GET", "/v1/system/status", nil, st.APIKey(sandbox)).Status, "a cancelled account makes no requests")

		refused := s.Do(t, "POST", "/v1/user/create-api-key", map[string]any{"keyType": "live"}, st.Bearer(o.IDToken))
		require.Equal(t, http.StatusForbidden, refused.Status)
		require.Equal(t, "account_inactive", refused.ErrorCode(t))

		db := openStore(t, s.DB)
		ctx := context.Background()
		var cancelledAt, reactivatedAt sql.NullTime
		require.NoError(t, db.QueryRow(ctx, `SELECT cancelled_at, reactivated_at FROM accounts WHERE user_id = ?`, o.UserID).Scan(&cancelledAt, &reactivatedAt))
		require.True(t, cancelledAt.Valid)
		require.WithinDuration(t, time.Now(), cancelledAt.Time, time.Minute)
		require.False(t, reactivatedAt.Valid)
		var kind, status string
		require.NoError(t, db.QueryRow(ctx, `SELECT kind, status FROM invoices WHERE user_id = ?`, o.UserID).Scan(&kind, &status))
		require.Equal(t, "final", kind, "cancelling issues the final invoice")
		require.Equal(t, "paid", status, "an invoice of zero is paid when issued")

		react := post("/v1/user/reactivate-account")
		require.Equal(t, http.StatusOK, react.Status, "%s", react.Body)
		require.Equal(t, o.UserID, react.JSON(t)["user_id"])
		require.Equal(t, "inactive", accountStatus(t, s, o))
		require.NoError(t, db.QueryRow(ctx, `SELECT reactivated_at FROM accounts WHERE user_id = ?`, o.UserID).Scan(&reactivatedAt))
		require.True(t, reactivatedAt.Valid)
		require.Equal(t, "inactive", listKeys(t, s, o, "")[1]["status"], "old live keys stay inactive")
		old := s.Do(t, "POST", "/v1/user/api-keys/"+live+"/status", map[string]any{"status": "active"}, st.Bearer(o.IDToken))
		require.Equal(t, http.StatusForbidden, old.Status, "new keys must be created after reactivation")
		createKey(t, s, o, "live", nil)
		require.Equal(t, "active", accountStatus(t, s, o))

		require.Equal(t, []string{
			"account.status_changed", "account.status_changed", "billing.invoice_created", "billing.invoice_paid",
			"account.status_changed", "account.status_changed",
		}, outboxTypes(t, s.DB, o.UserID), "every status change writes its event in the same transaction")
	})
}

func TestUnpaidInvoicesBlockCancelAndReactivate(t *testing.T) {
	st.EachOwner(t, func(t *testing.T, s *st.Server, o *st.Owner) {
		createKey(t, s, o, "live", nil)

		out, err := s.DB.Admin("invoice", "issue", "--email", o.Email, "--amount", "12.50")
		require.NoError(t, err)
		require.Contains(t, out, "$12.50")
		cancel := s.Do(t, "POST", "/v1/user/cancel-account", nil, st.Bearer(o.IDToken))
		require.Equal(t, http.StatusPaymentRequired, cancel.Status)
		require.Equal(t, "payment_required", cancel.ErrorCode(t))
		require.Equal(t, "active", accountStatus(t, s, o))

		out, err = s.DB.Admin("accounts")
		require.NoError(t, err)
		require.Regexp(t, o.Email+`\s+`+o.UserID+`\s+active\s+trial\s+\$12\.50`, out)

		_, err = s.DB.Admin("invoice", "pay", "--email", o.Email)
		require.NoError(t, err)
		require.Equal(t, http.StatusOK, s.Do(t, "POST", "/v1/user/cancel-account", nil, st.Bearer(o.IDToken)).Status)

		_, err = s.DB.Admin("invoice", "issue", "--email", o.Email, "--amount", "3")
		require.NoError(t, err)
		react := s.Do(t, "POST", "/v1/user/reactivate-account", nil, st.Bearer(o.IDToken))
		require.Equal(t, http.StatusPaymentRequired, react.Status)
		_, err = s.DB.Admin("invoice", "pay", "--email", o.Email)
		require.NoError(t, err)
		require.Equal(t, http.StatusOK, s.Do(t, "POST", "/v1/user/reactivate-account", nil, st.Bearer(o.IDToken)).Status)

		// An invoice past its due date blocks new live keys.
		_, err = s.DB.Admin("invoice", "issue", "--email", o.Email, "--amount", "7")
		require.NoError(t, err)
		db := openStore(t, s.DB)
		_, err = db.Exec(context.Background(), `UPDATE invoices SET due_at = ? WHERE user_id = ? AND status = 'open'`, time.Now().UTC().Add(-time.Hour), o.UserID)
		require.NoError(t, err)
		overdue := s.Do(t, "POST", "/v1/user/create-api-key", map[string]any{"keyType": "live"}, st.Bearer(o.IDToken))
		require.Equal(t, http.StatusPaymentRequired, overdue.Status)
		require.Equal(t, http.StatusOK, s.Do(t, "POST", "/v1/user/create-api-key", map[string]any{"keyType": "sandbox"}, st.Bearer(o.IDToken)).Status,
			"sandbox keys are never billed")
	})
}

func TestAdminPlanAndErrors(t *testing.T) {
	st.EachOwner(t, func(t *testing.T, s *st.Server, o *st.Owner) {
		out, err := s.DB.Admin("plan", "--email", strings.ToUpper(o.Email), "--plan", "paid")
		require.NoError(t, err)
		require.Contains(t, out, "paid")
		out, err = s.DB.Admin("accounts")
		require.NoError(t, err)
		require.Regexp(t, o.Email+`\s+\S+\s+inactive\s+paid\s+\$0\.00`, out)

		_, err = s.DB.Admin("plan", "--email", o.Email, "--plan", "gold")
		require.Error(t, err)
		_, err = s.DB.Admin("plan", "--email", "nobody@example.com", "--plan", "paid")
		require.ErrorContains(t, err, "no account")
		_, err = s.DB.Admin("invoice", "issue", "--email", o.Email, "--amount", "-3")
		require.Error(t, err)
	})
}

func TestAccountUpdate(t *testing.T) {
	st.EachOwner(t, func(t *testing.T, s *st.Server, o *st.Owner) {
		update := func(body any) st.Response {
			return s.Do(t, "POST", "/v1/user/account/update", body, st.Bearer(o.IDToken))
		}
		resp := update(map[string]any{"company_name": "Clinique Sainte-Anne", "address": strings.Repeat("é", 200)})
		require.Equal(t, http.StatusOK, resp.Status, "%s", resp.Body)
		require.Equal(t, []any{"company_name", "address"}, resp.JSON(t)["updated_fields"])
		require.NotEmpty(t, resp.JSON(t)["message"])
		info := s.Do(t, "GET", "/v1/user/account/info", nil, st.Bearer(o.IDToken)).JSON(t)
		require.Equal(t, "Clinique Sainte-Anne", info["company_name"])
		require.Len(t, info, 6)
		for _, f := range []string{"company_name", "contact_email", "phone_number", "address", "account_status", "created_at"} {
			require.Contains(t, info, f)
		}

		for name, tc := range map[string]struct {
			body any
			code string
		}{
			"no field":           {map[string]any{}, "invalid_field"},
			"only nulls":         {map[string]any{"company_name": nil}, "invalid_field"},
			"only unknown field": {map[string]any{"favourite_colour": "blue"}, "invalid_field"},
			"bad contact email":  {map[string]any{"contact_email": "not an email"}, "validation_error"},
			"too long":           {map[string]any{"phone_number": strings.Repeat("1", 201)}, "validation_error"},
			"wrong type":         {map[string]any{"address": 12}, "validation_error"},
		} {
			resp := update(tc.body)
			require.Equal(t, http.StatusBadRequest, resp.Status, name)
			require.Equal(t, tc.code, resp.ErrorCode(t), name)
		}
		require.Equal(t, http.StatusOK, update(map[string]any{"contact_email": "billing@clinic.example"}).Status)
	})
}

func TestWebhookSettings(t *testing.T) {
	st.EachOwner(t, func(t *testing.T, s *st.Server, o *st.Owner) {
		get := func() map[string]any { return s.Do(t, "GET", "/v1/user/webhook", nil, st.Bearer(o.IDToken)).JSON(t) }
		set := func(body any) st.Response { return s.Do(t, "POST", "/v1/user/webhook", body, st.Bearer(o.IDToken)) }
		require.Equal(t, map[string]any{"webhook_dev": nil, "webhook_prod": nil}, get())

		resp := set(map[string]any{"webhook_dev": "http://dev.clinic.example/hook"})
		require.Equal(t, http.StatusOK, resp.Status, "%s", resp.Body)
		require.Equal(t, "http://dev.clinic.example/hook", resp.JSON(t)["webhook_dev"])
		require.Equal(t, "unchanged", resp.JSON(t)["webhook_prod"])
		resp = set(map[string]any{"webhook_prod": "https://clinic.example/hook?src=notegen"})
		require.Equal(t, "unchanged", resp.JSON(t)["webhook_dev"])
		require.Equal(t, map[string]any{"webhook_dev": "http://dev.clinic.example/hook", "webhook_prod": "https://clinic.example/hook?src=notegen"}, get())

		for name, tc := range map[string]struct {
			body        any
			code, field string
		}{
			"no URL":            {map[string]any{}, "invalid_field", ""},
			"only nulls":        {map[string]any{"webhook_dev": nil}, "invalid_field", ""},
			"prod over http":    {map[string]any{"webhook_prod": "http://clinic.example/hook"}, "validation_error", "webhook_prod"},
			"relative":          {map[string]any{"webhook_dev": "/hook"}, "validation_error", "webhook_dev"},
			"no host":           {map[string]any{"webhook_dev": "http:///hook"}, "validation_error", "webhook_dev"},
			"user and password": {map[string]any{"webhook_prod": "https://user:pw@clinic.example/hook"}, "validation_error", "webhook_prod"},
			"ftp":               {map[string]any{"webhook_dev": "ftp://clinic.example/hook"}, "validation_error", "webhook_dev"},
			"too long":          {map[string]any{"webhook_dev": "https://clinic.example/" + strings.Repeat("a", 2030)}, "validation_error", "webhook_dev"},
			"not a string":      {map[string]any{"webhook_dev": 5}, "validation_error", "webhook_dev"},
			"one good, one bad": {map[string]any{"webhook_dev": "https://ok.example", "webhook_prod": "http://bad.example"}, "validation_error", "webhook_prod"},
		} {
			resp := set(tc.body)
			require.Equal(t, http.StatusBadRequest, resp.Status, name)
			require.Equal(t, tc.code, resp.ErrorCode(t), name)
			if tc.field != "" {
				require.Equal(t, tc.field, resp.JSON(t)["error"].(map[string]any)["field"], name)
			}
		}
		prodHTTP := set(map[string]any{"webhook_prod": "http://clinic.example/hook"})
		require.Equal(t, "Production webhook URL must use https", prodHTTP.JSON(t)["message"])
		require.Equal(t, "https://clinic.example/hook?src=notegen", get()["webhook_prod"], "refused updates change nothing")

		resp = set(map[string]any{"webhook_dev": ""})
		require.Equal(t, http.StatusOK, resp.Status)
		require.Equal(t, "", resp.JSON(t)["webhook_dev"])
		require.Nil(t, get()["webhook_dev"], "an empty string removes the webhook")
		require.NotNil(t, get()["webhook_prod"])
	})
}

func TestWebhookSecretRotation(t *testing.T) {
	st.EachOwner(t, func(t *testing.T, s *st.Server, o *st.Owner) {
		secret := func() string {
			resp := s.Do(t, "GET", "/v1/user/webhook/secret", nil, st.Bearer(o.IDToken))
			require.Equal(t, http.StatusOK, resp.Status, "%s", resp.Body)
			return resp.JSON(t)["secret"].(string)
		}
		first := secret()
		require.Regexp(t, `^whsec_[A-Za-z0-9+/]{43}=$`, first)
		require.Equal(t, first, secret(), "the secret is stable until rotated")

		resp := s.Do(t, "POST", "/v1/user/webhook/secret/rotate", nil, st.Bearer(o.IDToken))
		require.Equal(t, http.StatusOK, resp.Status)
		rotated := resp.JSON(t)["secret"].(string)
		require.NotEqual(t, first, rotated)
		require.Equal(t, rotated, secret())

		db := openStore(t, s.DB)
		var expiresAt time.Time
		require.NoError(t, db.QueryRow(context.Background(), `SELECT expires_at FROM webhook_secrets WHERE user_id = ? AND expires_at IS NOT NULL`, o.UserID).Scan(&expiresAt))
		require.WithinDuration(t, time.Now().Add(24*time.Hour), expiresAt, time.Minute, "the old secret signs for 24 more hours")

		other := s.NewOwner(t)
		resp = s.Do(t, "GET", "/v1/user/webhook/secret", nil, st.Bearer(other.IDToken))
		require.NotEqual(t, rotated, resp.JSON(t)["secret"], "each account has its own secret")
	})
}

func TestAuditLog(t *testing.T) {
	st.EachOwner(t, func(t *testing.T, s *st.Server, o *st.Owner) {
		key := createKey(t, s, o, "live", map[string]string{"team": "er"})
		s.Do(t, "POST", "/v1/user/update-api-key-metadata", map[string]any{"apiKey": key, "metadata": map[string]string{"team": "icu"}}, st.Bearer(o.IDToken))
		s.Do(t, "POST", "/v1/user/webhook", map[string]any{"webhook_prod": "https://clinic.example/hook"}, st.Bearer(o.IDToken))
		s.Do(t, "POST", "/v1/user/webhook/secret/rotate", nil, st.Bearer(o.IDToken))
		s.Do(t, "POST", "/v1/user/account/update", map[string]any{"company_name": "Clinic"}, st.Bearer(o.IDToken))
		last := s.Do(t, "POST", "/v1/user/api-keys/"+key+"/status", map[string]any{"status": "inactive"}, st.Bearer(o.IDToken))
		require.Equal(t, http.StatusOK, last.Status)

		resp := s.Do(t, "GET", "/v1/user/audit-log?limit=3", nil, st.Bearer(o.IDToken))
		require.Equal(t, http.StatusOK, resp.Status, "%s", resp.Body)
		page := resp.JSON(t)
		entries := page["entries"].([]any)
		require.Len(t, entries, 3)
		newest := entries[0].(map[string]any)
		require.Equal(t, "api_key.status_changed", newest["action"])
		require.Equal(t, o.UserID, newest["actor"])
		require.Equal(t, "127.0.0.1", newest["client_address"])
		require.Equal(t, last.Header.Get("X-Request-Id"), newest["request_id"])
		require.Equal(t, strings.Repeat("*", len(key)-4)+key[len(key)-4:], newest["target"])

		var actions []string
		cursor := ""
		for {
			path := "/v1/user/audit-log?limit=3"
			if cursor != "" {
				path += "&cursor=" + cursor
			}
			p := s.Do(t, "GET", path, nil, st.Bearer(o.IDToken)).JSON(t)
			for _, e := range p["entries"].([]any) {
				actions = append(actions, e.(map[string]any)["action"].(string))
			}
			cursor, _ = p["next_cursor"].(string)
			if cursor == "" {
				break
			}
		}
		require.Equal(t, []string{
			"api_key.status_changed", "account.updated", "webhook.secret_rotated", "webhook.settings_updated",
			"api_key.metadata_updated", "account.status_changed", "api_key.created", "account.created",
		}, actions, "every change, newest first, across pages")
		require.NotContains(t, string(s.Do(t, "GET", "/v1/user/audit-log?limit=200", nil, st.Bearer(o.IDToken)).Body), key, "no secret in the audit log")

		other := s.NewOwner(t)
		require.Len(t, s.Do(t, "GET", "/v1/user/audit-log", nil, st.Bearer(other.IDToken)).JSON(t)["entries"], 1, "owners see only their own account")
		for _, bad := range []string{"?limit=0", "?limit=201", "?limit=x", "?cursor=zzz"} {
			require.Equal(t, http.StatusBadRequest, s.Do(t, "GET", "/v1/user/audit-log"+bad, nil, st.Bearer(o.IDToken)).Status, bad)
		}
	})
}
