package storetest_test

import (
	"context"
	"os"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen/internal/account"
	"github.com/notegen/notegen/internal/store"
	"github.com/notegen/notegen/internal/storetest"
)

func TestMain(m *testing.M) { storetest.Main(m) }

// What one test writes is gone when it ends: the next transaction on the
// same database does not find it.
func TestEachTestsWritesAreRolledBack(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"sqlite", "postgres"} {
		t.Run(name, func(t *testing.T) {
			if name == "postgres" && os.Getenv(storetest.PostgresURLEnv) == "" {
				t.Skip(storetest.PostgresURLEnv + " is not set")
			}
			var user string
			storetest.InTx(t, name, func(t *testing.T, tx *store.Tx) {
				user = storetest.NewUser(t, tx)
				_, err := account.StatusOf(context.Background(), tx, user)
				require.NoError(t, err, "written")
			})
			storetest.InTx(t, name, func(t *testing.T, tx *store.Tx) {
				_, err := account.StatusOf(context.Background(), tx, user)
				require.Error(t, err, "the user written in the first transaction is gone")
			})
		})
	}
}
