package billing

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestTieredPrice(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		tokens int64
		cents  int64
	}{
		{0, 0},
		{1_000, 8},                  // $0.0825
		{500_000, 4125},             // 500 x $0.0825 = $41.25
		{500_001, 4125},             // one token of the second tier adds $0.0000715
		{2_500_000, 4125 + 14300},   // + 2,000 x $0.0715
		{10_000_000, 18425 + 51375}, // + 7,500 x $0.0685
		{50_000_000, 69800 + 260000},
		{60_000_000, 329800 + 50000}, // + 10,000 x $0.05
	} {
		require.Equal(t, tc.cents, NanosToCents(PriceNanos(tc.tokens)), "%d tokens", tc.tokens)
	}
	require.Equal(t, "12.34", FormatCents(1234))
	require.Equal(t, "0.05", FormatCents(5))
	require.Equal(t, "0.00", FormatCents(0))
}
