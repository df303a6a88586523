package webhook

import (
	"net/url"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen/internal/apperr"
)

// FuzzValidateURL checks that URL validation never panics and that every
// accepted URL is absolute, has a host, carries no credentials, fits the
// length limit and uses https in production.
func FuzzValidateURL(f *testing.F) {
	for _, seed := range []string{
		"https://clinic.example/hook", "http://dev.example:8080/x?y=1", "", "/relative", "http:///x",
		"https://u:p@host/", "ftp://host/", "https://[::1]/", "https://host/#frag", "javascript:alert(1)",
	} {
		f.Add("dev", seed)
		f.Add("prod", seed)
	}
	f.Fuzz(func(t *testing.T, env, raw string) {
		if env != "dev" && env != "prod" {
			env = "dev"
		}
		err := ValidateURL(env, raw)
		if err != nil {
			require.Equal(t, apperr.Validation, apperr.CodeOf(err))
			return
		}
		if raw == "" {
			return
		}
		require.LessOrEqual(t, utf8.RuneCountInString(raw), MaxURLLength)
		u, perr := url.Parse(raw)
		require.NoError(t, perr)
		require.True(t, u.IsAbs())
		require.NotEmpty(t, u.Hostname())
		require.Nil(t, u.User)
		require.False(t, strings.ContainsAny(raw, " \t\r\n"))
		if env == "prod" {
			require.Equal(t, "https", u.Scheme)
		} else {
			require.Contains(t, []string{"http", "https"}, u.Scheme)
		}
	})
}
