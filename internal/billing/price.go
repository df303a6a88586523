// Package billing keeps plans, invoices and the tiered token price. Usage is
// recorded per job in the usage ledger; invoices bill it.
package billing

import "fmt"

// tier is one band of the monthly tiered price: tokens up to UpTo are
// charged NanosPerToken (billionths of a dollar).
type tier struct {
	upTo          int64
	nanosPerToken int64
}

// tiers is the contract's price per 1,000 tokens ($0.0825, $0.0715, $0.0685,
// $0.065, $0.05), as nano-dollars per token so that sums stay exact.
var tiers = []tier{
	{500_000, 82_500},
	{2_500_000, 71_500},
	{10_000_000, 68_500},
	{50_000_000, 65_000},
	{-1, 50_000},
}

// PriceNanos is the charge for one month's tokens, in nano-dollars. Each
// tier's rate applies only to the tokens inside it.
func PriceNanos(tokens int64) int64 {
	var total, below int64
	for _, t := range tiers {
		if tokens <= below {
			break
		}
		inTier := tokens - below
		if t.upTo >= 0 && tokens > t.upTo {
			inTier = t.upTo - below
		}
		total += inTier * t.nanosPerToken
		if t.upTo < 0 {
			break
		}
		below = t.upTo
	}
	return total
}

// NanosToCents rounds a nano-dollar amount to cents, half up.
func NanosToCents(nanos int64) int64 { return (nanos + 5_000_000) / 10_000_000 }

// FormatCents renders cents as a dollar amount such as "12.34".
func FormatCents(cents int64) string { return fmt.Sprintf("%d.%02d", cents/100, cents%100) }
