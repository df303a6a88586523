package delivery

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// The guard sees the dialled address after resolution; every non-public
// form is refused, public ones pass.
func TestGuardRefusesNonPublicAddresses(t *testing.T) {
	t.Parallel()
	refused := []struct{ network, addr string }{
		{"tcp4", "127.0.0.1:80"},          // loopback
		{"tcp4", "127.8.9.10:8080"},       // loopback range
		{"tcp4", "10.0.0.1:443"},          // private
		{"tcp4", "172.16.5.4:443"},        // private
		{"tcp4", "192.168.1.1:443"},       // private
		{"tcp4", "169.254.169.254:80"},    // link-local, cloud metadata
		{"tcp4", "100.64.0.1:443"},        // CGNAT
		{"tcp4", "224.0.0.1:443"},         // multicast
		{"tcp4", "0.0.0.0:443"},           // unspecified
		{"tcp6", "[::1]:443"},             // loopback
		{"tcp6", "[::]:443"},              // unspecified
		{"tcp6", "[fc00::1]:443"},         // unique-local
		{"tcp6", "[fd12:3456::1]:443"},    // unique-local
		{"tcp6", "[fe80::1]:443"},         // link-local
		{"tcp6", "[ff02::1]:443"},         // multicast
		{"tcp6", "[::ffff:127.0.0.1]:80"}, // IPv4-mapped loopback
		{"tcp6", "[::ffff:10.0.0.1]:80"},  // IPv4-mapped private
		{"tcp6", "[::ffff:169.254.169.254]:80"},
		{"tcp6", "[::ffff:100.64.0.1]:80"},
		{"udp4", "8.8.8.8:53"}, // not TCP
	}
	for _, c := range refused {
		err := guardControl(c.network, c.addr, nil)
		require.ErrorIs(t, err, ErrRefusedAddress, "%s %s", c.network, c.addr)
	}
	for _, c := range []struct{ network, addr string }{
		{"tcp4", "93.184.216.34:443"},
		{"tcp4", "8.8.8.8:8443"},
		{"tcp6", "[2606:4700::1111]:443"},
	} {
		require.NoError(t, guardControl(c.network, c.addr, nil), "%s %s", c.network, c.addr)
	}
}

// The delivery client refuses at connect time, also for a host name that
// resolves to loopback, and does not follow redirects.
func TestDeliveryClientRefusesLoopbackAndRedirects(t *testing.T) {
	t.Parallel()
	hits := 0
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits++
		if r.URL.Path == "/redirect" {
			http.Redirect(w, r, "/target", http.StatusFound)
		}
	}))
	defer srv.Close()
	_, port, _ := net.SplitHostPort(srv.Listener.Addr().String())

	guarded := newDeliveryClient(false)
	for _, u := range []string{srv.URL, "http://localhost:" + port + "/"} {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, u, nil)
		_, err := guarded.Do(req)
		cancel()
		require.True(t, errors.Is(err, ErrRefusedAddress), "%s: %v", u, err)
		outcome, msg := classifyError(err)
		require.Equal(t, OutcomeRefused, outcome)
		require.Contains(t, msg, "NOTEGEN_WEBHOOK_ALLOW_PRIVATE")
	}
	require.Zero(t, hits)

	open := newDeliveryClient(true)
	resp, err := open.Post(srv.URL+"/redirect", "application/json", nil)
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, http.StatusFound, resp.StatusCode)
	require.Equal(t, 1, hits, "the redirect target is not requested")
}

func TestParseRetryAfter(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	require.Equal(t, 7*time.Second, parseRetryAfter("7", now))
	require.Equal(t, time.Duration(0), parseRetryAfter("", now))
	require.Equal(t, time.Duration(0), parseRetryAfter("soon", now))
	require.Equal(t, maxRetryAfter, parseRetryAfter("999999999", now))
	require.Equal(t, 90*time.Second, parseRetryAfter(now.Add(90*time.Second).Format(http.TimeFormat), now))
}
