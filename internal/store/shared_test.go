package store

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestSharedVersionAcrossHandles follows the counter between two handles
// on one SQLite file, as two replicas see it: a change is visible as under
// way from its BumpSharedVersion to the end of its transaction, each
// committed or rolled back change leaves a new version, and a count left
// by a process that died mid-change is cleared by the next transaction.
func TestSharedVersionAcrossHandles(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	dir := t.TempDir()
	a, err := Open(ctx, "", dir)
	require.NoError(t, err)
	t.Cleanup(func() { a.Close() })
	b, err := Open(ctx, "", dir)
	require.NoError(t, err)
	t.Cleanup(func() { b.Close() })

	before, settled := b.SharedVersion()
	require.True(t, settled)

	require.NoError(t, a.InTx(ctx, func(tx *Tx) error {
		tx.BumpSharedVersion()
		_, settled := b.SharedVersion()
		require.False(t, settled, "a change under way must keep the other handle off its cache")
		return nil
	}))
	committed, settled := b.SharedVersion()
	require.True(t, settled)
	require.NotEqual(t, before, committed)

	failed := errors.New("rolled back")
	require.ErrorIs(t, a.InTx(ctx, func(tx *Tx) error {
		tx.BumpSharedVersion()
		return failed
	}), failed)
	rolledBack, settled := b.SharedVersion()
	require.True(t, settled)
	require.NotEqual(t, committed, rolledBack)

	// A process killed between its bump and the end of its transaction.
	a.shared.pending.Add(1)
	_, settled = b.SharedVersion()
	require.False(t, settled)
	require.NoError(t, b.InTx(ctx, func(*Tx) error { return nil }))
	recovered, settled := a.SharedVersion()
	require.True(t, settled)
	require.NotEqual(t, rolledBack, recovered)
}
