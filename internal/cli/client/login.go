package client

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"

	"github.com/notegen/notegen"
)

func loginCmd(fs *flag.FlagSet) runner {
	email := fs.String("email", "", "account owner's email (prompted for when absent)")
	fromStdin := fs.Bool("password-stdin", false, "read the password from the first line of standard input")
	return func(ctx context.Context, s *session, args []string) error {
		if len(args) != 0 {
			return usageErr("login takes no arguments (the password is never a flag)")
		}
		return login(ctx, s, *email, *fromStdin)
	}
}

func logoutCmd(fs *flag.FlagSet) runner {
	return func(ctx context.Context, s *session, args []string) error {
		if s.creds == nil {
			return exitErr(exitAuth, errors.New("not logged in"))
		}
		c, err := ownerCall(s, args)
		if err != nil {
			return err
		}
		logoutErr := c.Logout(ctx)
		if err := os.Remove(s.credPath); err != nil && !errors.Is(err, os.ErrNotExist) {
			return fmt.Errorf("delete saved session: %w", err)
		}
		if logoutErr != nil && !errors.Is(logoutErr, notegen.ErrAuthentication) {
			return logoutErr
		}
		return s.say(map[string]any{"logged_out": true}, "Logged out.")
	}
}

func login(ctx context.Context, s *session, email string, fromStdin bool) error {
	if email == "" {
		if fromStdin {
			return usageErr("--password-stdin needs --email")
		}
		fmt.Fprint(s.env.Stderr, "Email: ")
		line, err := readLine(s.env.Stdin)
		if err != nil {
			return usageErr("no email given")
		}
		email = strings.TrimSpace(line)
	}
	password, err := readPassword(s.env, fromStdin)
	if err != nil {
		return err
	}
	url := s.baseURL()
	c, err := notegen.New(url, notegen.WithUserAgent("notegen-cli"))
	if err != nil {
		return err
	}
	tokens, err := c.Login(ctx, email, password)
	if err != nil {
		return err
	}
	creds := &credentials{URL: c.BaseURL(), Email: tokens.Email, UserID: tokens.UserID,
		IDToken: tokens.IDToken, RefreshToken: tokens.RefreshToken, ExpiresAt: tokens.ExpiresAt}
	if err := saveCredentials(s.credPath, creds); err != nil {
		return err
	}
	if s.jsonOut {
		return s.printJSON(map[string]any{"url": creds.URL, "email": creds.Email, "user_id": creds.UserID,
			"expires_at": creds.ExpiresAt, "credentials_file": s.credPath})
	}
	fmt.Fprintf(s.env.Stdout, "Logged in to %s as %s (user %s).\nSession saved in %s.\n", creds.URL, creds.Email, creds.UserID, s.credPath)
	return nil
}

// readPassword reads the password from stdin: the first line with
// --password-stdin, else after a prompt with echo off on a terminal.
func readPassword(env Env, fromStdin bool) (string, error) {
	if !fromStdin {
		fmt.Fprint(env.Stderr, "Password: ")
		if restore := echoOff(env.Stdin); restore != nil {
			defer func() {
				restore()
				fmt.Fprintln(env.Stderr)
			}()
		}
	}
	line, err := readLine(env.Stdin)
	if err != nil {
		if errors.Is(err, io.ErrUnexpectedEOF) {
			return "", usageErr("no password given on standard input")
		}
		return "", fmt.Errorf("read password: %w", err)
	}
	if line == "" {
		return "", usageErr("empty password")
	}
	return line, nil
}

// echoOff turns off terminal echo when in is a terminal and returns the
// function that turns it back on; nil otherwise.
func echoOff(in io.Reader) func() {
	f, ok := in.(*os.File)
	if !ok {
		return nil
	}
	fi, err := f.Stat()
	if err != nil || fi.Mode()&os.ModeCharDevice == 0 {
		return nil
	}
	stty := func(arg string) error {
		cmd := exec.Command("stty", arg)
		cmd.Stdin = f
		return cmd.Run()
	}
	if stty("-echo") != nil {
		return nil
	}
	return func() { _ = stty("echo") }
}
