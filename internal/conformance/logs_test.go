package conformance

import (
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	st "github.com/notegen/notegen/internal/servertest"
)

func TestSecretsNeverReachTheLog(t *testing.T) {
	st.EachOwner(t, func(t *testing.T, s *st.Server, o *st.Owner) {
		secrets := []string{o.Password, o.IDToken, o.RefreshToken}
		resp := s.Do(t, "POST", "/v1/auth/refresh", map[string]any{"refresh_token": o.RefreshToken})
		require.Equal(t, http.StatusOK, resp.Status)
		body := resp.JSON(t)
		secrets = append(secrets, body["id_token"].(string), body["refresh_token"].(string))
		s.Do(t, "POST", "/v1/auth/login", map[string]any{"email": o.Email, "password": "Wrong-" + o.Password})
		s.Do(t, "POST", "/v1/auth/change-password", map[string]any{"current_password": o.Password, "new_password": "Next-" + o.Password}, st.Bearer(o.IDToken))
		s.Do(t, "POST", "/v1/auth/logout", map[string]any{"refresh_token": "ngr_bogus-secret-value"}, st.Bearer(o.IDToken))
		secrets = append(secrets, "Wrong-"+o.Password, "Next-"+o.Password, "ngr_bogus-secret-value")
		s.Stop(t)

		logs := s.Logs()
		require.Contains(t, logs, `"route":"/v1/auth/login"`, "the log did capture the requests")
		require.Contains(t, logs, `"request_id":"req_`)
		for _, secret := range secrets {
			require.False(t, strings.Contains(logs, secret), "a secret reached the log")
		}
		// Every request line names its request id.
		for _, line := range strings.Split(strings.TrimSpace(logs), "\n") {
			if strings.Contains(line, `"msg":"request"`) {
				require.Contains(t, line, `"request_id":"req_`)
			}
		}
	})
}

func TestKeysAndPatientTextNeverReachTheLog(t *testing.T) {
	st.Each(t, func(t *testing.T, b st.Backend) {
		stt := newFakeOpenAI(t, "Quixotic Marmaduke describes haematuria since Monday.")
		s := st.Start(t, b, st.WithEnv("NOTEGEN_STT_URL", stt.URL))
		o := s.NewOwner(t)
		key := createKey(t, s, o, "live", map[string]string{"team": "nephrology"})
		text := "Zanzibar Oyelaran reports flank pain radiating to the groin."
		jobID := s.Do(t, "POST", "/v1/process-text", textJob(map[string]any{"text": text, "custom": map[string]string{"context": "Oyelaran is allergic to sulfa"}}), st.APIKey(key)).JSON(t)["job_id"].(string)
		waitForStatus(t, s, key, jobID, "completed")
		s.Do(t, "GET", "/v1/fetch-note/"+jobID, nil, st.APIKey(key))
		audioID, url := audioJob(t, s, key)
		require.Equal(t, http.StatusOK, put(t, s, url, testWAV(0.5), "").Status)
		waitForStatus(t, s, key, audioID, "completed")
		s.Do(t, "GET", "/v1/fetch-transcript/"+audioID, nil, st.APIKey(key))
		s.Do(t, "POST", "/v1/user/api-keys/"+key+"/status", map[string]any{"status": "inactive"}, st.Bearer(o.IDToken))
		s.Stop(t)

		logs := s.Logs()
		require.Contains(t, logs, `"route":"/v1/fetch-note/{job_id}"`, "the log did capture the requests")
		for _, secret := range []string{key, key[len(key)-12:], "Zanzibar", "Oyelaran", "flank pain", "sulfa", "Marmaduke", "haematuria", "signature="} {
			require.NotContains(t, logs, secret, "no API key, upload signature or patient text in the log")
		}
	})
}
