package billing

import (
	"context"
	"time"

	"github.com/notegen/notegen/internal/store"
)

// KeyNames returns, for the account's API key ids, each key as listings
// show it (masked). The apikey package answers it; billing cannot import
// apikey, which asks billing about overdue invoices.
type KeyNames func(ctx context.Context, userID string, ids []string) (map[string]string, error)

// Service answers account owners' billing questions.
type Service struct {
	db       *store.DB
	freeJobs int
	keyNames KeyNames
}

// NewService returns the billing service. freeJobs is the trial's
// allowance of live jobs.
func NewService(db *store.DB, freeJobs int, keyNames KeyNames) *Service {
	return &Service{db: db, freeJobs: freeJobs, keyNames: keyNames}
}

// OpenInvoices counts the account's unpaid invoices; account asks it
// before cancelling or reactivating.
func (s *Service) OpenInvoices(ctx context.Context, q store.Queryer, userID string) (int, error) {
	n, _, err := OpenBalance(ctx, q, userID)
	return n, err
}

// IssueFinal issues the closing invoice of an account being cancelled, for
// its usage not yet invoiced.
func (s *Service) IssueFinal(ctx context.Context, tx *store.Tx, userID string, now time.Time) error {
	_, err := Issue(ctx, tx, userID, KindFinal, -1, now)
	return err
}
