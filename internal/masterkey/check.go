package masterkey

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/notegen/notegen/internal/store"
)

const checkPurpose = "master-key-check"

// VerifyAgainst makes sure this key is the one the database's secrets were
// sealed with. The first process to start on a database records a check
// value; any later process given a different key refuses to start instead
// of failing on every sealed secret later.
func (k *Key) VerifyAgainst(ctx context.Context, db *store.DB) error {
	if _, err := db.Exec(ctx, `INSERT INTO settings (name, value) VALUES ('master_key_check', ?) ON CONFLICT (name) DO NOTHING`,
		k.Seal(checkPurpose, []byte("notegen"))); err != nil {
		return fmt.Errorf("record master key check: %w", err)
	}
	var sealed []byte
	err := db.QueryRow(ctx, `SELECT value FROM settings WHERE name = 'master_key_check'`).Scan(&sealed)
	if errors.Is(err, sql.ErrNoRows) {
		return errors.New("master key check value missing")
	}
	if err != nil {
		return fmt.Errorf("read master key check: %w", err)
	}
	if _, err := k.Open(checkPurpose, sealed); err != nil {
		return errors.New("the master key does not match the one this database was created with; give every replica the same NOTEGEN_MASTER_KEY")
	}
	return nil
}
