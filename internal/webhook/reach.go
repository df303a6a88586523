package webhook

import (
	"context"
	"fmt"
	"net"
	"net/url"
	"time"
)

// testWarning tells the owner at once why a test event to env ("" routes
// like account events: prod, else dev) will not arrive, instead of leaving
// it to a delivery attempt they may never look at.
func (d *Deliveries) testWarning(ctx context.Context, userID, env string) (string, error) {
	st, err := d.settings.Get(ctx, userID)
	if err != nil {
		return "", err
	}
	target, name := st.Prod, "production"
	if env == "dev" || (env == "" && target == nil) {
		target, name = st.Dev, "development"
	}
	if target == nil {
		return fmt.Sprintf("no %s webhook URL is set: the event will not be delivered", name), nil
	}
	if d.allowPrivate {
		return "", nil
	}
	if addr := refusedAddress(ctx, *target); addr != "" {
		return fmt.Sprintf("the %s webhook URL resolves to %s, which this server does not deliver to "+
			"(loopback and private addresses are refused unless the operator sets NOTEGEN_WEBHOOK_ALLOW_PRIVATE=true)", name, addr), nil
	}
	return "", nil
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
