package notegen_test

import (
	"context"
	"encoding/json"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen"
	st "github.com/notegen/notegen/internal/servertest"
)

// fastRetry keeps backoffs short in tests.
func fastRetry() notegen.Option {
	return notegen.WithRetry(notegen.RetryPolicy{MaxAttempts: 4, BaseDelay: 10 * time.Millisecond, MaxDelay: 50 * time.Millisecond, MaxRetryAfter: 5 * time.Second})
}

func writeError(w http.ResponseWriter, status int, code, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("X-Request-Id", "req_test")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]any{"message": msg, "error": map[string]any{"code": code, "message": msg, "request_id": "req_test"}})
}

func TestInvalidBaseURLIsValidationError(t *testing.T) {
	t.Parallel()
	for _, raw := range []string{"", "notegen.example.com", "ftp://example.com", "http://", "https://u:p@example.com", "http://example.com/?q=1", "http://[::1"} {
		_, err := notegen.New(raw)
		var ve *notegen.ValidationError
		require.True(t, errors.As(err, &ve), "%q: %v", raw, err)
		require.ErrorIs(t, err, notegen.ErrValidation)
		require.ErrorIs(t, err, notegen.ErrService)
		require.Equal(t, "base_url", ve.Field)
	}
	c, err := notegen.New("https://notegen.example.com/api/")
	require.NoError(t, err)
	require.Equal(t, "https://notegen.example.com/api", c.BaseURL())
}

func TestNetworkErrorOnClosedPort(t *testing.T) {
	t.Parallel()
	c, err := notegen.New("http://"+st.ClosedPort(t), notegen.WithTokens("t", ""), notegen.WithAPIKey("k"), fastRetry())
	require.NoError(t, err)
	start := time.Now()
	_, err = c.GetAccount(context.Background())
	var ne *notegen.NetworkError
	require.True(t, errors.As(err, &ne), "%T %v", err, err)
	require.ErrorIs(t, err, notegen.ErrNetwork)
	require.ErrorIs(t, err, notegen.ErrService)
	require.Equal(t, 0, ne.StatusCode)
	require.Equal(t, notegen.CodeNetwork, ne.Code)
	var opErr *net.OpError
	require.True(t, errors.As(err, &opErr), "the cause stays reachable")
	require.Less(t, time.Since(start), 5*time.Second)
}

func TestTimeoutIsNetworkError(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
		case <-time.After(5 * time.Second):
		}
	}))
	defer srv.Close()
	c, err := notegen.New(srv.URL, notegen.WithAPIKey("k"), notegen.WithTimeout(200*time.Millisecond), notegen.WithRetry(notegen.NoRetry()))
	require.NoError(t, err)
	_, err = c.GetJobStatus(context.Background(), "job_1")
	require.ErrorIs(t, err, notegen.ErrNetwork)
	require.ErrorIs(t, err, context.DeadlineExceeded)
}

func TestRetryHonoursRetryAfter(t *testing.T) {
	t.Parallel()
	var calls atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if calls.Add(1) == 1 {
			w.Header().Set("Retry-After", "1")
			writeError(w, http.StatusServiceUnavailable, "unavailable", "busy")
			return
		}
		_ = json.NewEncoder(w).Encode(map[string]any{"job_id": "j1", "status": "queued", "progress": 10})
	}))
	defer srv.Close()
	c, err := notegen.New(srv.URL, notegen.WithAPIKey("k"), fastRetry())
	require.NoError(t, err)
	start := time.Now()
	st, err := c.GetJobStatus(context.Background(), "j1")
	require.NoError(t, err)
	require.Equal(t, "queued", st.Status)
	require.Equal(t, int32(2), calls.Load())
	require.GreaterOrEqual(t, time.Since(start), time.Second)
}

func TestRetryPolicyByRequestKind(t *testing.T) {
	t.Parallel()
	type seen struct {
		path, key string
	}
	var mu sync.Mutex
	var log []seen
	status := map[string]int{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		log = append(log, seen{r.URL.Path, r.Header.Get("Idempotency-Key")})
		n := 0
		for _, s := range log {
			if s.path == r.URL.Path {
				n++
			}
		}
		mu.Unlock()
		if code := status[r.URL.Path]; code != 0 && n < 3 {
			writeError(w, code, "unavailable", "try later")
			return
		}
		_ = json.NewEncoder(w).Encode(map[string]any{"job_id": "j1", "status": "queued", "api_key": "ng_sandbox_x"})
	}))
	defer srv.Close()
	status["/v1/user/create-api-key"] = http.StatusServiceUnavailable
	status["/v1/process-text"] = http.StatusBadGateway
	status["/v1/user/reactivate-account"] = http.StatusTooManyRequests

	c, err := notegen.New(srv.URL, notegen.WithAPIKey("k"), notegen.WithTokens("t", ""), fastRetry())
	require.NoError(t, err)
	ctx := context.Background()

	// A non-idempotent call is not retried on 503.
	_, err = c.CreateAPIKey(ctx, notegen.CreateAPIKeyRequest{KeyType: "sandbox"})
	se := &notegen.ServiceError{}
	require.ErrorAs(t, err, &se)
	require.Equal(t, 503, se.StatusCode)

	// A submission carries an Idempotency-Key, the same on every try.
	job, err := c.SubmitText(ctx, notegen.TextJobRequest{JobOptions: notegen.JobOptions{Template: "er"}, Text: "x"})
	require.NoError(t, err)
	require.Equal(t, "j1", job.JobID)

	// 429 means not processed: retried even for a non-idempotent call.
	_, err = c.ReactivateAccount(ctx)
	require.NoError(t, err)

	mu.Lock()
	defer mu.Unlock()
	count := map[string]int{}
	keys := map[string]bool{}
	for _, s := range log {
		count[s.path]++
		if s.path == "/v1/process-text" {
			keys[s.key] = true
		}
	}
	require.Equal(t, 1, count["/v1/user/create-api-key"])
	require.Equal(t, 3, count["/v1/process-text"])
	require.Equal(t, 3, count["/v1/user/reactivate-account"])
	require.Len(t, keys, 1)
	require.NotContains(t, keys, "")
}

func TestLongRetryAfterIsReturned(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Retry-After", "3600")
		writeError(w, http.StatusTooManyRequests, "rate_limited", "slow down")
	}))
	defer srv.Close()
	c, err := notegen.New(srv.URL, notegen.WithAPIKey("k"), fastRetry())
	require.NoError(t, err)
	_, err = c.GetJobStatus(context.Background(), "j")
	se := &notegen.ServiceError{}
	require.ErrorAs(t, err, &se)
	require.Equal(t, notegen.CodeRateLimited, se.Code)
	require.Equal(t, time.Hour, se.RetryAfter)
}

func TestErrorKindsByStatus(t *testing.T) {
	t.Parallel()
	cases := []struct {
		status   int
		code     string
		sentinel error
		check    func(error) bool
	}{
		{401, "authentication_error", notegen.ErrAuthentication, func(e error) bool { var x *notegen.AuthenticationError; return errors.As(e, &x) }},
		{403, "authorization_error", notegen.ErrAuthorization, func(e error) bool { var x *notegen.AuthorizationError; return errors.As(e, &x) }},
		{400, "bad_request", notegen.ErrBadRequest, func(e error) bool { var x *notegen.BadRequestError; return errors.As(e, &x) }},
		{413, "payload_too_large", notegen.ErrBadRequest, func(e error) bool { var x *notegen.BadRequestError; return errors.As(e, &x) }},
		{400, "validation_error", notegen.ErrValidation, func(e error) bool { var x *notegen.ValidationError; return errors.As(e, &x) }},
		{400, "invalid_field", notegen.ErrInvalidField, func(e error) bool { var x *notegen.InvalidFieldError; return errors.As(e, &x) }},
		{404, "not_found", notegen.ErrNotFound, func(e error) bool { var x *notegen.NotFoundError; return errors.As(e, &x) }},
		{402, "payment_required", notegen.ErrPaymentRequired, func(e error) bool { var x *notegen.PaymentRequiredError; return errors.As(e, &x) }},
		{500, "internal_error", notegen.ErrInternalServer, func(e error) bool { var x *notegen.InternalServerError; return errors.As(e, &x) }},
		{500, "", notegen.ErrInternalServer, func(e error) bool { var x *notegen.InternalServerError; return errors.As(e, &x) }},
		// A conflict is "any other API error": a plain ServiceError of no
		// kind, so none of the kind sentinels match it.
		{409, "conflict", notegen.ErrService, func(e error) bool {
			var se *notegen.ServiceError
			if !errors.As(e, &se) || se.Kind() != notegen.ErrService || se.Code != notegen.CodeConflict {
				return false
			}
			for _, kind := range []error{notegen.ErrAuthentication, notegen.ErrAuthorization, notegen.ErrBadRequest, notegen.ErrValidation,
				notegen.ErrInvalidField, notegen.ErrNotFound, notegen.ErrPaymentRequired, notegen.ErrNetwork, notegen.ErrInternalServer} {
				if errors.Is(e, kind) {
					return false
				}
			}
			return true
		}},
	}
	for _, tc := range cases {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if tc.code == "" {
				w.WriteHeader(tc.status) // a proxy's bare error
				return
			}
			writeError(w, tc.status, tc.code, "boom")
		}))
		c, err := notegen.New(srv.URL, notegen.WithAPIKey("k"))
		require.NoError(t, err)
		_, err = c.FetchNote(context.Background(), "j")
		srv.Close()
		require.ErrorIs(t, err, tc.sentinel, "%d %s", tc.status, tc.code)
		require.ErrorIs(t, err, notegen.ErrService)
		require.True(t, tc.check(err), "%T", err)
		se := &notegen.ServiceError{}
		require.ErrorAs(t, err, &se)
		require.Equal(t, tc.status, se.StatusCode)
		require.Contains(t, err.Error(), se.Code)
	}
}
