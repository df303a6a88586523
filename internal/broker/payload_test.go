package broker

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestPayloadsKeepServiceTopicsAlone checks how committed topics are joined
// into notifications: job topics share payloads under PostgreSQL's limit,
// and a service-wide topic (credentials) is sent alone, so a replica of the
// previous version, which reads a payload as one topic, still hears it.
func TestPayloadsKeepServiceTopicsAlone(t *testing.T) {
	t.Parallel()
	var topics []string
	for i := range 400 {
		topics = append(topics, "job-status:"+strings.Repeat("0", 30)+string(rune('a'+i%26))+strings.Repeat("x", i%7))
		if i == 200 {
			topics = append(topics, "credentials")
		}
	}
	out := payloads(topics)
	require.Contains(t, out, "credentials")
	seen := 0
	for _, p := range out {
		require.Less(t, len(p), maxPayload+1)
		for topic := range strings.SplitSeq(p, "\n") {
			if topic == "credentials" {
				require.Equal(t, "credentials", p, "the credentials topic is a payload of its own")
			}
			seen++
		}
	}
	require.Equal(t, len(topics), seen, "every topic is sent once")
	require.Greater(t, len(topics), len(out)*2, "job topics share payloads")
}
