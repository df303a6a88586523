package conformance

import (
	"net/http"
	"testing"

	"github.com/stretchr/testify/require"

	st "github.com/notegen/notegen/internal/servertest"
)

// TestJSONIsNotHTMLEscaped checks that a presigned_url reaches the client
// with a raw "&" (contract: "Input rules"), on the first answer and on its
// idempotent replay, so a shell script can PUT to it as it is.
func TestJSONIsNotHTMLEscaped(t *testing.T) {
	eachKey(t, "sandbox", func(t *testing.T, s *st.Server, o *st.Owner, sandbox string) {
		idem := st.Header{"Idempotency-Key", "raw-ampersand"}
		for _, attempt := range []string{"first answer", "replay"} {
			resp := s.Do(t, "POST", "/v1/process-audio", audioFields, st.APIKey(sandbox), idem)
			require.Equal(t, http.StatusOK, resp.Status, "%s: %s", attempt, resp.Body)
			require.Contains(t, string(resp.Body), "&signature=", "%s: the URL's & is written raw", attempt)
			require.NotContains(t, string(resp.Body), `\u0026`, attempt)

			url := resp.JSON(t)["presigned_url"].(string)
			require.Contains(t, url, "&signature=")
		}
	})
}
