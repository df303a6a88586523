// Package account owns the business account of an account owner: its
// profile, its status (inactive, active, cancelled) and the rules that move
// it between them.
package account

import (
	"context"
	"fmt"
	"net/mail"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/notegen/notegen/internal/apperr"
	"github.com/notegen/notegen/internal/store"
)

// Status is an account status of the wire contract.
type Status string

// The account statuses.
const (
	Inactive  Status = "inactive"
	Active    Status = "active"
	Cancelled Status = "cancelled"
)

// MaxProfileFieldLength is the longest profile string, in characters.
const MaxProfileFieldLength = 200

// Profile holds the updatable account fields; a nil field is not supplied.
type Profile struct {
	CompanyName  *string
	ContactEmail *string
	PhoneNumber  *string
	Address      *string
}

// fields lists the profile's supplied fields with their column names, in the
// contract's order.
func (p Profile) fields() []profileField {
	var out []profileField
	for _, f := range []profileField{
		{"company_name", p.CompanyName}, {"contact_email", p.ContactEmail},
		{"phone_number", p.PhoneNumber}, {"address", p.Address},
	} {
		if f.value != nil {
			out = append(out, f)
		}
	}
	return out
}

type profileField struct {
	name  string
	value *string
}

// Validate checks each supplied field.
func (p Profile) Validate() error {
	for _, f := range p.fields() {
		if utf8.RuneCountInString(*f.value) > MaxProfileFieldLength {
			return apperr.Invalid(f.name, "%s must be at most %d characters", f.name, MaxProfileFieldLength)
		}
	}
	if p.ContactEmail != nil && *p.ContactEmail != "" {
		if _, err := ParseEmail(*p.ContactEmail); err != nil {
			return apperr.Invalid("contact_email", "contact_email must be an email address")
		}
	}
	return nil
}

// ParseEmail checks that s is a bare email address and returns it trimmed.
func ParseEmail(s string) (string, error) {
	s = strings.TrimSpace(s)
	addr, err := mail.ParseAddress(s)
	if err != nil || addr.Address != s || addr.Name != "" || utf8.RuneCountInString(s) > 254 {
		return "", fmt.Errorf("not an email address")
	}
	return s, nil
}

// Create inserts the account of a new user, inactive and on the trial plan.
func Create(ctx context.Context, tx *store.Tx, userID string, p Profile, now time.Time) error {
	str := func(v *string) string {
		if v == nil {
			return ""
		}
		return *v
	}
	_, err := tx.Exec(ctx, `INSERT INTO accounts (user_id, company_name, contact_email, phone_number, address, status, plan, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, 'inactive', 'trial', ?, ?)`,
		userID, str(p.CompanyName), str(p.ContactEmail), str(p.PhoneNumber), str(p.Address), now, now)
	if err != nil {
		return fmt.Errorf("insert account: %w", err)
	}
	return nil
}
