package account

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/notegen/notegen/internal/apperr"
	"github.com/notegen/notegen/internal/store"
)

// Info is the account information response.
type Info struct {
	CompanyName   string    `json:"company_name"`
	ContactEmail  string    `json:"contact_email"`
	PhoneNumber   string    `json:"phone_number"`
	Address       string    `json:"address"`
	AccountStatus Status    `json:"account_status"`
	CreatedAt     time.Time `json:"created_at"`
}

// Service runs the account operations.
type Service struct {
	db *store.DB
}

// NewService returns the account service.
func NewService(db *store.DB) *Service { return &Service{db: db} }

// Get returns the account of a user.
func (s *Service) Get(ctx context.Context, userID string) (Info, error) {
	var i Info
	err := s.db.QueryRow(ctx, `SELECT company_name, contact_email, phone_number, address, status, created_at FROM accounts WHERE user_id = ?`, userID).
		Scan(&i.CompanyName, &i.ContactEmail, &i.PhoneNumber, &i.Address, &i.AccountStatus, &i.CreatedAt)
	if errors.Is(err, sql.ErrNoRows) {
		return Info{}, apperr.New(apperr.NotFound, "User not found")
	}
	if err != nil {
		return Info{}, fmt.Errorf("read account: %w", err)
	}
	i.CreatedAt = i.CreatedAt.UTC()
	return i, nil
}
