package transcript

import "math"

// EstimateTokens counts tokens the way usage is billed when a provider does
// not report them: about four characters a token, as for English text with
// common tokenisers. It lives here, beside the text it counts, so that the
// job's rules (a text job's transcript tokens) and the providers count alike
// without the job importing a provider.
func EstimateTokens(text string) int64 {
	return int64(math.Ceil(float64(len([]rune(text))) / 4))
}
