package account

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/notegen/notegen/internal/apperr"
	"github.com/notegen/notegen/internal/audit"
	"github.com/notegen/notegen/internal/outbox"
	"github.com/notegen/notegen/internal/store"
)

// Info is the account information response.
type Info struct {
	CompanyName   string
	ContactEmail  string
	PhoneNumber   string
	Address       string
	AccountStatus Status
	CreatedAt     time.Time
}

// Service runs the account operations.
type Service struct {
	db      *store.DB
	billing Billing
	keys    Keys
	log     *slog.Logger
}

// Billing is what cancelling and reactivating ask of billing. billing keeps
// its plan on the account row through this package, so account cannot
// import it: the service is given it instead.
type Billing interface {
	// OpenInvoices counts the account's unpaid invoices.
	OpenInvoices(ctx context.Context, q store.Queryer, userID string) (int, error)
	// IssueFinal issues the closing invoice of an account being cancelled.
	IssueFinal(ctx context.Context, tx *store.Tx, userID string, now time.Time) error
}

// Keys is what cancelling asks of the API keys, which depend on account.
type Keys interface {
	// DeactivateLive turns the account's active live keys inactive.
	DeactivateLive(ctx context.Context, tx *store.Tx, userID string) error
}

// NewService returns the account service.
func NewService(db *store.DB, billing Billing, keys Keys, log *slog.Logger) *Service {
	return &Service{db: db, billing: billing, keys: keys, log: log}
}

var errNoUser = apperr.New(apperr.NotFound, "User not found")

// Get returns the account of a user.
func (s *Service) Get(ctx context.Context, userID string) (Info, error) {
	var i Info
	row := s.db.QueryRow(ctx, `SELECT company_name, contact_email, phone_number, address, status, created_at FROM accounts WHERE user_id = ?`, userID)
	if err := scanAccount(row, "read account", &i.CompanyName, &i.ContactEmail, &i.PhoneNumber, &i.Address, &i.AccountStatus, &i.CreatedAt); err != nil {
		return Info{}, err
	}
	i.CreatedAt = i.CreatedAt.UTC()
	return i, nil
}

// Lock takes the account's row lock for the rest of tx and returns its
// status. Every transaction that reads the status to decide a change takes
// it first, so concurrent key creations, deletions and cancellations of one
// account run one after the other.
func Lock(ctx context.Context, tx *store.Tx, userID string) (Status, error) {
	var status Status
	err := scanAccount(tx.QueryRow(ctx, `SELECT status FROM accounts WHERE user_id = ?`+tx.ForUpdate(), userID), "lock account", &status)
	return status, err
}

// Transition moves a locked account from one status to another and writes
// the account.status_changed event in the same transaction.
func Transition(ctx context.Context, tx *store.Tx, userID string, from, to Status, now time.Time) error {
	if from == to {
		return nil
	}
	set := `status = ?, updated_at = ?`
	switch to {
	case Cancelled:
		set += `, cancelled_at = ?`
	default:
		if from == Cancelled {
			set += `, reactivated_at = ?`
		}
	}
	args := []any{to, now}
	if to == Cancelled || from == Cancelled {
		args = append(args, now)
	}
	args = append(args, userID)
	if _, err := tx.Exec(ctx, `UPDATE accounts SET `+set+` WHERE user_id = ?`, args...); err != nil {
		return fmt.Errorf("change account status: %w", err)
	}
	_, err := outbox.Add(ctx, tx, outbox.Event{UserID: userID, Type: outbox.AccountStatusChanged, Fields: map[string]any{
		"user_id": userID, "account_status": to, "previous_status": from,
	}}, now)
	if err != nil {
		return err
	}
	return audit.Record(ctx, tx, userID, "account.status_changed", userID, map[string]string{"from": string(from), "to": string(to)}, now)
}

// UpdateResult is the answer to an account update.
type UpdateResult struct {
	Message       string
	UpdatedFields []string
}

// Update changes the supplied profile fields.
func (s *Service) Update(ctx context.Context, userID string, p Profile) (UpdateResult, error) {
	fields := p.fields()
	if len(fields) == 0 {
		return UpdateResult{}, apperr.New(apperr.InvalidField, "Supply at least one of company_name, contact_email, phone_number, address")
	}
	if err := p.Validate(); err != nil {
		return UpdateResult{}, err
	}
	now := store.Now()
	names := make([]string, 0, len(fields))
	err := s.db.InTx(ctx, func(tx *store.Tx) error {
		if _, err := Lock(ctx, tx, userID); err != nil {
			return err
		}
		for _, f := range fields {
			// Column names come from the fixed list in Profile.fields.
			if _, err := tx.Exec(ctx, `UPDATE accounts SET `+f.name+` = ?, updated_at = ? WHERE user_id = ?`, *f.value, now, userID); err != nil {
				return fmt.Errorf("update account: %w", err)
			}
			names = append(names, f.name)
		}
		return audit.Record(ctx, tx, userID, "account.updated", userID, map[string]string{"fields": fmt.Sprint(names)}, now)
	})
	if err != nil {
		return UpdateResult{}, err
	}
	return UpdateResult{Message: "Account updated", UpdatedFields: names}, nil
}

// StatusResult is the answer to cancel and reactivate.
type StatusResult struct {
	Message string
	UserID  string
}

// Cancel cancels the account: refused while an invoice is open; otherwise
// every live key is deactivated, the cancellation time recorded and the
// final invoice issued.
func (s *Service) Cancel(ctx context.Context, userID string) (StatusResult, error) {
	now := store.Now()
	err := s.changeStatus(ctx, userID, func(tx *store.Tx, status Status) error {
		if status == Cancelled {
			return nil
		}
		if err := s.refuseUnpaid(ctx, tx, userID, "The account has an outstanding balance; pay the open invoices before cancelling"); err != nil {
			return err
		}
		if err := s.keys.DeactivateLive(ctx, tx, userID); err != nil {
			return err
		}
		if err := Transition(ctx, tx, userID, status, Cancelled, now); err != nil {
			return err
		}
		return s.billing.IssueFinal(ctx, tx, userID, now)
	})
	if err != nil {
		return StatusResult{}, err
	}
	s.log.InfoContext(ctx, "account cancelled", "user_id", userID)
	return StatusResult{Message: "Account cancelled", UserID: userID}, nil
}

// changeStatus runs fn in a transaction that holds the account's row lock,
// with the status the account has under it.
func (s *Service) changeStatus(ctx context.Context, userID string, fn func(tx *store.Tx, status Status) error) error {
	return s.db.InTx(ctx, func(tx *store.Tx) error {
		status, err := Lock(ctx, tx, userID)
		if err != nil {
			return err
		}
		return fn(tx, status)
	})
}

// refuseUnpaid is a PaymentRequired error, saying msg, while the account
// has an open invoice.
func (s *Service) refuseUnpaid(ctx context.Context, tx *store.Tx, userID, msg string) error {
	open, err := s.billing.OpenInvoices(ctx, tx, userID)
	if err != nil {
		return err
	}
	if open > 0 {
		return apperr.New(apperr.PaymentRequired, "%s", msg)
	}
	return nil
}

// Reactivate brings a cancelled account back as inactive; its old keys stay
// inactive and new ones must be created.
func (s *Service) Reactivate(ctx context.Context, userID string) (StatusResult, error) {
	now := store.Now()
	err := s.changeStatus(ctx, userID, func(tx *store.Tx, status Status) error {
		if status != Cancelled {
			return apperr.New(apperr.BadRequest, "Only a cancelled account can be reactivated; this one is %s", status)
		}
		if err := s.refuseUnpaid(ctx, tx, userID, "The account has unpaid invoices; pay them before reactivating"); err != nil {
			return err
		}
		return Transition(ctx, tx, userID, Cancelled, Inactive, now)
	})
	if err != nil {
		return StatusResult{}, err
	}
	s.log.InfoContext(ctx, "account reactivated", "user_id", userID)
	return StatusResult{Message: "Account reactivated; create a new API key to use it", UserID: userID}, nil
}
