package delivery

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"syscall"
	"time"

	"code.dny.dev/ssrf"
)

// DeliveryTimeout bounds one delivery attempt, from dialing to the end of
// the response headers: a 2xx within it is success.
const DeliveryTimeout = 15 * time.Second

// ErrRefusedAddress marks an attempt refused because the receiver's address,
// as resolved when connecting, is not public.
var ErrRefusedAddress = errors.New("destination address is not public")

// guard refuses connections to loopback, private (RFC 1918, IPv6
// unique-local), link-local (cloud metadata), CGNAT, multicast, unspecified
// and other special-purpose addresses, including their IPv4-mapped IPv6
// forms. It runs as net.Dialer.Control, so it sees the address actually
// dialled after DNS resolution and a rebinding DNS answer cannot slip past.
//
// code.dny.dev/ssrf is used because it keeps the IANA special-purpose
// registries as generated tables and treats IPv6 as deny-by-default outside
// global unicast (which covers ::1, fc00::/7, fe80::/10, ff00::/8 and
// ::ffff:0:0/96 at once). Any port is allowed: receivers choose their own.
var guard = ssrf.New(ssrf.WithAnyPort())

func guardControl(network, address string, _ syscall.RawConn) error {
	if err := guard.Safe(network, address, nil); err != nil {
		return fmt.Errorf("%w: %v", ErrRefusedAddress, err)
	}
	return nil
}

// newDeliveryClient returns the HTTP client of deliveries: no proxy (a
// proxy would connect on our behalf and bypass the address check), no
// redirects, bounded timeouts, and the address guard unless allowPrivate.
func newDeliveryClient(allowPrivate bool) *http.Client {
	dialer := &net.Dialer{Timeout: 5 * time.Second, KeepAlive: 30 * time.Second}
	if !allowPrivate {
		dialer.Control = guardControl
	}
	transport := &http.Transport{
		Proxy: nil,
		DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
			return dialer.DialContext(ctx, network, addr)
		},
		ForceAttemptHTTP2:     true,
		MaxIdleConns:          256,
		MaxIdleConnsPerHost:   maxPerEndpoint,
		IdleConnTimeout:       90 * time.Second,
		TLSHandshakeTimeout:   10 * time.Second,
		ResponseHeaderTimeout: DeliveryTimeout,
	}
	return &http.Client{
		Transport: transport,
		Timeout:   DeliveryTimeout,
		CheckRedirect: func(*http.Request, []*http.Request) error {
			return http.ErrUseLastResponse
		},
	}
}
