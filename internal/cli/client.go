package cli

import "context"

// runClient runs the client commands (login, keys, account, webhook, notes,
// usage) that talk to a running notegen service through the Go SDK. It
// reports handled=false for a name that is not a client command.
func runClient(ctx context.Context, env Env, args []string) (handled bool, err error) {
	return false, nil
}
