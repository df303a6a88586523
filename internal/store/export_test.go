package store

import (
	"context"
	"fmt"
)

// MigrateTo applies notegen's migrations up to version, so a test can
// write rows in an older schema and watch a later migration carry them.
func (db *DB) MigrateTo(ctx context.Context, version int64) error {
	p, err := db.migrator()
	if err != nil {
		return err
	}
	if _, err := p.UpTo(ctx, version); err != nil {
		return fmt.Errorf("migrate to %d: %w", version, err)
	}
	return nil
}

// Waiting reports how many transactions wait for the Group's next shared
// one.
func (g *Group) Waiting() int { return g.b.Waiting() }
