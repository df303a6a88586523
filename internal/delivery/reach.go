package delivery

import (
	"context"
	"fmt"
	"net"
	"net/url"
	"time"

	"github.com/notegen/notegen/internal/apperr"
)

// Reach says whether deliveries to one of an account's webhook URLs can
// arrive, as far as the server knows without sending anything.
type Reach struct {
	// Env is the environment whose URL was checked: "dev" or "prod".
	Env string
	// URL is that environment's URL; nil when none is set.
	URL *string
	// Warning says why deliveries there will not arrive: no URL, or a
	// receiver address this server refuses; "" when it knows no reason.
	Warning string
}

// Check tells the owner why deliveries to env's URL ("" routes like
// account events: prod, else dev) will not arrive, without queueing an
// event: what a local receiver needs to know before it starts listening,
// rather than after a delivery the owner may never look at was refused.
func (d *Service) Check(ctx context.Context, userID, env string) (Reach, error) {
	if env != "" && env != "dev" && env != "prod" {
		return Reach{}, apperr.Invalid("env", "env must be dev or prod")
	}
	st, err := d.settings.Get(ctx, userID)
	if err != nil {
		return Reach{}, err
	}
	r := Reach{Env: "prod", URL: st.Prod}
	name := "production"
	if env == "dev" || (env == "" && r.URL == nil) {
		r.Env, r.URL, name = "dev", st.Dev, "development"
	}
	switch {
	case r.URL == nil:
		r.Warning = fmt.Sprintf("no %s webhook URL is set: the event will not be delivered", name)
	case d.allowPrivate:
	default:
		if addr := refusedAddress(ctx, *r.URL); addr != "" {
			r.Warning = fmt.Sprintf("the %s webhook URL resolves to %s, which this server does not deliver to "+
				"(loopback and private addresses are refused unless the operator sets NOTEGEN_WEBHOOK_ALLOW_PRIVATE=true)", name, addr)
		}
	}
	return r, nil
}

// refusedAddress resolves the URL's host and returns the first address the
// delivery guard would refuse when every address is refused; "" when one
// is allowed or the host does not resolve (the attempt will say why).
func refusedAddress(ctx context.Context, raw string) string {
	u, err := url.Parse(raw)
	if err != nil || u.Hostname() == "" {
		return ""
	}
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	ips, err := net.DefaultResolver.LookupIPAddr(ctx, u.Hostname())
	if err != nil || len(ips) == 0 {
		return ""
	}
	for _, ip := range ips {
		network := "tcp6"
		if ip.IP.To4() != nil {
			network = "tcp4"
		}
		if guard.Safe(network, net.JoinHostPort(ip.IP.String(), "443"), nil) == nil {
			return ""
		}
	}
	return ips[0].IP.String()
}
