package client

import (
	"context"
	"flag"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/notegen/notegen"
)

// metadataFlag collects repeated --metadata k=v flags.
type metadataFlag map[string]string

func (m metadataFlag) String() string { return "" }

func (m metadataFlag) Set(v string) error {
	k, val, ok := strings.Cut(v, "=")
	if !ok || k == "" {
		return fmt.Errorf("metadata %q is not key=value", v)
	}
	m[k] = val
	return nil
}

func fmtMetadata(m map[string]string) string {
	if len(m) == 0 {
		return "-"
	}
	keys := slices.Sorted(maps.Keys(m))
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = k + "=" + m[k]
	}
	return strings.Join(parts, ",")
}

// keyArg reads the key argument; "-" reads it from standard input, which
// keeps it out of the process list and shell history.
func keyArg(s *session, args []string) (string, error) {
	if len(args) != 1 {
		return "", usageErr("expected one API key (or - to read it from standard input)")
	}
	if args[0] != "-" {
		return args[0], nil
	}
	line, err := readLine(s.env.Stdin)
	if err != nil {
		return "", usageErr("no API key on standard input")
	}
	return strings.TrimSpace(line), nil
}

// ownerCall checks that a command got no arguments and returns the
// account owner's client: the opening of most account commands.
func ownerCall(s *session, args []string) (*notegen.Client, error) {
	if err := noArgs(args); err != nil {
		return nil, err
	}
	return s.ownerClient()
}

// asOwner is the runner of a command that takes no arguments and acts as
// the account owner: run gets the owner's client.
func asOwner(run func(ctx context.Context, s *session, c *notegen.Client) error) runner {
	return func(ctx context.Context, s *session, args []string) error {
		c, err := ownerCall(s, args)
		if err != nil {
			return err
		}
		return run(ctx, s, c)
	}
}

func keysListCmd(fs *flag.FlagSet) runner {
	showFull := fs.Bool("show-full", false, "print the full keys")
	return asOwner(func(ctx context.Context, s *session, c *notegen.Client) error {
		keys, err := c.ListAPIKeys(ctx, *showFull)
		if err != nil {
			return err
		}
		if keys == nil {
			keys = []notegen.APIKey{}
		}
		return s.show(keys, func() error {
			rows := make([][]string, len(keys))
			for i, k := range keys {
				last := "never"
				if k.LastUsed != nil {
					last = fmtTime(*k.LastUsed)
				}
				rows[i] = []string{k.Key, k.Type, k.Status, fmtTime(k.CreatedAt), last, fmtMetadata(k.Metadata)}
			}
			return s.table([]string{"KEY", "TYPE", "STATUS", "CREATED", "LAST USED", "METADATA"}, rows)
		})
	})
}

func keysCreateCmd(fs *flag.FlagSet) runner {
	keyType := fs.String("type", "", "sandbox or live (required)")
	md := metadataFlag{}
	fs.Var(md, "metadata", "key=value metadata, repeatable (live keys only)")
	return func(ctx context.Context, s *session, args []string) error {
		if *keyType == "" && len(args) == 0 {
			return usageErr("--type sandbox|live is required")
		}
		c, err := ownerCall(s, args)
		if err != nil {
			return err
		}
		req := notegen.CreateAPIKeyRequest{KeyType: *keyType}
		if len(md) > 0 {
			req.Metadata = md
		}
		res, err := c.CreateAPIKey(ctx, req)
		if err != nil {
			return err
		}
		return s.say(res, fmt.Sprintf("Created %s key (listed masked; `keys list --show-full` prints it again):\n%s", res.KeyType, res.APIKey))
	}
}

func keysMetadataCmd(fs *flag.FlagSet) runner {
	return func(ctx context.Context, s *session, args []string) error {
		if len(args) == 0 {
			return usageErr("expected KEY and key=value pairs")
		}
		key, err := keyArg(s, args[:1])
		if err != nil {
			return err
		}
		md := metadataFlag{}
		for _, p := range args[1:] {
			if err := md.Set(p); err != nil {
				return usageErr("%v", err)
			}
		}
		c, err := s.ownerClient()
		if err != nil {
			return err
		}
		res, err := c.UpdateAPIKeyMetadata(ctx, key, md)
		if err != nil {
			return err
		}
		return s.say(res, res.Message)
	}
}

// keyCmd is a command that acts on one key given as its argument.
func keyCmd(call func(context.Context, *notegen.Client, string) (*notegen.KeyConfirmation, error)) setupFunc {
	return func(fs *flag.FlagSet) runner {
		return func(ctx context.Context, s *session, args []string) error {
			key, err := keyArg(s, args)
			if err != nil {
				return err
			}
			c, err := s.ownerClient()
			if err != nil {
				return err
			}
			res, err := call(ctx, c, key)
			if err != nil {
				return err
			}
			return s.say(res, res.Message)
		}
	}
}

func keysStatusCmd(status string) setupFunc {
	return keyCmd(func(ctx context.Context, c *notegen.Client, key string) (*notegen.KeyConfirmation, error) {
		return c.SetAPIKeyStatus(ctx, key, status)
	})
}

func keysDeleteCmd() setupFunc {
	return keyCmd(func(ctx context.Context, c *notegen.Client, key string) (*notegen.KeyConfirmation, error) {
		return c.DeleteAPIKey(ctx, key)
	})
}
