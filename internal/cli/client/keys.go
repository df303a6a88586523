package cli

import (
	"context"
	"flag"
	"fmt"
	"sort"
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
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
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

func keyCommands() []clientCmd {
	keyConfirm := func(s *session, res *notegen.KeyConfirmation) error {
		if s.jsonOut {
			return s.printJSON(res)
		}
		fmt.Fprintln(s.env.Stdout, res.Message)
		return nil
	}
	status := func(name, status, summary string) clientCmd {
		return clientCmd{
			name: "keys " + name, args: "KEY|-", summary: summary,
			help: fmt.Sprintf("KEY is the full key; - reads it from standard input.\n\nExample:\n  echo \"$KEY\" | notegen keys %s -", name),
			setup: func(fs *flag.FlagSet) func(context.Context, *session, []string) error {
				return func(ctx context.Context, s *session, args []string) error {
					key, err := keyArg(s, args)
					if err != nil {
						return err
					}
					c, err := s.ownerClient()
					if err != nil {
						return err
					}
					res, err := c.SetAPIKeyStatus(ctx, key, status)
					if err != nil {
						return err
					}
					return keyConfirm(s, res)
				}
			},
		}
	}
	return []clientCmd{
		{
			name: "keys list", args: "[--show-full]",
			summary: "List the API keys: sandbox first, then live, oldest first; masked unless --show-full.",
			help:    "Examples:\n  notegen keys list\n  notegen keys list --json",
			setup: func(fs *flag.FlagSet) func(context.Context, *session, []string) error {
				showFull := fs.Bool("show-full", false, "print the full keys")
				return func(ctx context.Context, s *session, args []string) error {
					if err := needArgs(args, 0, "no arguments"); err != nil {
						return err
					}
					c, err := s.ownerClient()
					if err != nil {
						return err
					}
					keys, err := c.ListAPIKeys(ctx, *showFull)
					if err != nil {
						return err
					}
					if s.jsonOut {
						if keys == nil {
							keys = []notegen.APIKey{}
						}
						return s.printJSON(keys)
					}
					rows := make([][]string, len(keys))
					for i, k := range keys {
						last := "never"
						if k.LastUsed != nil {
							last = fmtTime(*k.LastUsed)
						}
						rows[i] = []string{k.Key, k.Type, k.Status, fmtTime(k.CreatedAt), last, fmtMetadata(k.Metadata)}
					}
					return s.table([]string{"KEY", "TYPE", "STATUS", "CREATED", "LAST USED", "METADATA"}, rows)
				}
			},
		},
		{
			name: "keys create", args: "--type sandbox|live [--metadata k=v]...",
			summary: "Create a key and print it once: store it now, it is not shown in full again.",
			help: `The first live key activates the account. Metadata is for live keys only.

Examples:
  notegen keys create --type sandbox
  notegen keys create --type live --metadata team=cardiology --metadata site=north`,
			setup: func(fs *flag.FlagSet) func(context.Context, *session, []string) error {
				keyType := fs.String("type", "", "sandbox or live (required)")
				md := metadataFlag{}
				fs.Var(md, "metadata", "key=value metadata, repeatable (live keys only)")
				return func(ctx context.Context, s *session, args []string) error {
					if err := needArgs(args, 0, "no arguments"); err != nil {
						return err
					}
					if *keyType == "" {
						return usageErr("--type sandbox|live is required")
					}
					c, err := s.ownerClient()
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
					if s.jsonOut {
						return s.printJSON(res)
					}
					fmt.Fprintf(s.env.Stdout, "Created %s key (shown once, store it now):\n%s\n", res.KeyType, res.APIKey)
					return nil
				}
			},
		},
		{
			name: "keys metadata", args: "KEY|- [k=v]...",
			summary: "Replace the whole metadata of a live key (no pairs clears it).",
			help:    "Example:\n  echo \"$KEY\" | notegen keys metadata - team=cardiology site=south",
			setup: func(fs *flag.FlagSet) func(context.Context, *session, []string) error {
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
					return keyConfirm(s, res)
				}
			},
		},
		status("activate", notegen.KeyStatusActive, "Activate a key."),
		status("deactivate", notegen.KeyStatusInactive, "Deactivate a key: it stops working at once."),
		{
			name: "keys delete", args: "KEY|-",
			summary: "Delete a key for good; it stays listed as inactive.",
			help:    "Deleting the last live key makes the account inactive.\n\nExample:\n  echo \"$KEY\" | notegen keys delete -",
			setup: func(fs *flag.FlagSet) func(context.Context, *session, []string) error {
				return func(ctx context.Context, s *session, args []string) error {
					key, err := keyArg(s, args)
					if err != nil {
						return err
					}
					c, err := s.ownerClient()
					if err != nil {
						return err
					}
					res, err := c.DeleteAPIKey(ctx, key)
					if err != nil {
						return err
					}
					return keyConfirm(s, res)
				}
			},
		},
	}
}
