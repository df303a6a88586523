package broker_test

import (
	"context"
	"errors"
	"log/slog"
	"os"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen/internal/broker"
	st "github.com/notegen/notegen/internal/servertest"
	"github.com/notegen/notegen/internal/store"
)

// hangGuard bounds a wait that should end by itself: reaching it means the
// wake-up never came.
const hangGuard = 30 * time.Second

func openDB(t *testing.T, b st.Backend) *store.DB {
	t.Helper()
	d := st.NewDatabase(t, b)
	db, err := store.Open(context.Background(), d.DatabaseURL, d.DataDir)
	require.NoError(t, err)
	t.Cleanup(func() { db.Close() })
	return db
}

func woken(s *broker.Subscription) bool {
	select {
	case <-s.C:
		return true
	default:
		return false
	}
}

func TestPublishTxWakesOnlyAfterCommit(t *testing.T) {
	t.Parallel()
	st.Each(t, func(t *testing.T, b st.Backend) {
		ctx := context.Background()
		db := openDB(t, b)
		events := broker.New(slog.New(slog.DiscardHandler))
		sub := events.Subscribe("job-status:a")
		defer sub.Close()
		other := events.Subscribe("job-status:b")
		defer other.Close()

		rollback := errors.New("roll back")
		err := db.InTx(ctx, func(tx *store.Tx) error {
			require.NoError(t, events.PublishTx(ctx, tx, "job-status:a"))
			return rollback
		})
		require.ErrorIs(t, err, rollback)
		require.False(t, woken(sub), "a rolled-back change wakes nobody")

		require.NoError(t, db.InTx(ctx, func(tx *store.Tx) error {
			require.NoError(t, events.PublishTx(ctx, tx, "job-status:a"))
			require.False(t, woken(sub), "nobody is woken before the commit")
			return nil
		}))
		require.True(t, woken(sub), "the commit wakes the topic's subscriber")
		require.False(t, woken(other), "other topics are not woken")

		sub.Close()
		events.Publish("job-status:a")
		require.False(t, woken(sub), "a closed subscription receives nothing")
	})
}

func TestCloseReleasesWaiters(t *testing.T) {
	t.Parallel()
	events := broker.New(slog.New(slog.DiscardHandler))
	select {
	case <-events.Done():
		t.Fatal("a new broker is not closed")
	default:
	}
	events.Close()
	events.Close()
	<-events.Done()
}

// Two brokers on one PostgreSQL database stand for two replicas: a change
// committed through one wakes the other's subscribers.
func TestListenWakesAnotherReplica(t *testing.T) {
	t.Parallel()
	// Only PostgreSQL carries notifications between replicas; on SQLite
	// waiters fall back to re-checking.
	if os.Getenv(st.PostgresURLEnv) == "" {
		t.Skip(st.PostgresURLEnv + " is not set")
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	db := openDB(t, st.Postgres)
	publisher := broker.New(slog.New(slog.DiscardHandler))
	listener := broker.New(slog.New(slog.DiscardHandler))
	sub := listener.Subscribe("job-status:x")
	defer sub.Close()
	listening := make(chan struct{})
	go func() {
		defer close(listening)
		listener.Listen(ctx, db)
	}()
	// Once connected, the listener wakes everyone to look again: that
	// first wake-up says it is listening.
	select {
	case <-sub.C:
	case <-time.After(hangGuard):
		t.Fatal("the listener never connected")
	}

	require.NoError(t, db.InTx(ctx, func(tx *store.Tx) error {
		return publisher.PublishTx(ctx, tx, "job-status:x")
	}))
	select {
	case <-sub.C:
	case <-time.After(hangGuard):
		t.Fatal("the other replica's change never woke the subscriber")
	}
	cancel()
	<-listening
}
