package broker_test

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"os"
	"sync"
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

// twoReplicas opens a PostgreSQL database and two brokers on it, standing
// for two replicas; cancel ends their Listen. Only PostgreSQL carries
// notifications between replicas (on SQLite waiters fall back to
// re-checking), so the test is skipped without it.
func twoReplicas(t *testing.T) (ctx context.Context, cancel context.CancelFunc, db *store.DB, publisher, listener *broker.Broker) {
	t.Helper()
	if os.Getenv(st.PostgresURLEnv) == "" {
		t.Skip(st.PostgresURLEnv + " is not set")
	}
	ctx, cancel = context.WithCancel(context.Background())
	t.Cleanup(cancel)
	return ctx, cancel, openDB(t, st.Postgres), broker.New(slog.New(slog.DiscardHandler)), broker.New(slog.New(slog.DiscardHandler))
}

// listening starts Listen on each broker and returns once every one is
// connected, from when a listening publisher relays; the WaitGroup ends
// with their Listen, after ctx ends.
func listening(ctx context.Context, t *testing.T, db *store.DB, brokers ...*broker.Broker) *sync.WaitGroup {
	t.Helper()
	var running sync.WaitGroup
	for _, b := range brokers {
		// A broker wakes everyone once it is listening.
		ready := b.Subscribe("ready")
		running.Go(func() { b.Listen(ctx, db) })
		select {
		case <-ready.C:
		case <-time.After(hangGuard):
			t.Fatal("a broker never connected")
		}
		ready.Close()
	}
	return &running
}

// Two brokers on one PostgreSQL database stand for two replicas: a change
// committed through one wakes the other's subscribers.
func TestListenWakesAnotherReplica(t *testing.T) {
	t.Parallel()
	ctx, cancel, db, publisher, listener := twoReplicas(t)
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

// When the publishing replica listens too, it tells the others after the
// commit, many topics to a notification: every committed topic still wakes
// its subscribers on the other replica, also when the topics fill more
// than one notification, and a rolled-back one wakes nobody.
func TestListeningPublisherRelaysEveryCommittedTopic(t *testing.T) {
	t.Parallel()
	ctx, cancel, db, publisher, listener := twoReplicas(t)
	running := listening(ctx, t, db, publisher, listener)
	// Subscribed after both connected, so only a relayed topic wakes
	// them. 300 topics of 47 bytes do not fit in one notification.
	const n = 300
	subs := make([]*broker.Subscription, n)
	for i := range subs {
		subs[i] = listener.Subscribe(fmt.Sprintf("job-status:%036d", i))
		defer subs[i].Close()
	}
	rolledBack := listener.Subscribe("job-status:rolled-back")
	defer rolledBack.Close()
	err := db.InTx(ctx, func(tx *store.Tx) error {
		require.NoError(t, publisher.PublishTx(ctx, tx, "job-status:rolled-back"))
		return errors.New("roll back")
	})
	require.Error(t, err)
	for i := range n {
		require.NoError(t, db.InTx(ctx, func(tx *store.Tx) error {
			return publisher.PublishTx(ctx, tx, fmt.Sprintf("job-status:%036d", i))
		}))
	}
	for i, s := range subs {
		select {
		case <-s.C:
		case <-time.After(hangGuard):
			t.Fatalf("topic %d never reached the other replica", i)
		}
	}
	require.False(t, woken(rolledBack), "a rolled-back change is not relayed")
	cancel()
	running.Wait()
}

// A NOTIFY that fails after the commit (the publisher's pooled connection
// went bad) is sent again: the change is committed, and a lost
// "credentials" topic would leave the other replica's key cache trusting a
// revoked key. The failure is PostgreSQL's own: a pg_notify earlier on the
// publisher's search path than pg_catalog's refuses the first call.
func TestRelayedTopicSurvivesAFailedNotify(t *testing.T) {
	t.Parallel()
	ctx, db, publisher, listener, stop := countedReplicas(t, `
			IF nextval('notify_calls') = 1 THEN
				RAISE EXCEPTION 'the connection went bad';
			END IF;`)
	sub := listener.Subscribe("credentials")
	defer sub.Close()
	require.NoError(t, db.InTx(ctx, func(tx *store.Tx) error { return publisher.PublishTx(ctx, tx, "credentials") }))
	select {
	case <-sub.C:
	case <-time.After(hangGuard):
		t.Fatal("the committed topic never reached the other replica")
	}
	var calls int
	require.NoError(t, db.QueryRow(ctx, `SELECT last_value FROM notify_calls`).Scan(&calls))
	require.GreaterOrEqual(t, calls, 2, "the refused NOTIFY was sent again")
	stop()
}

// Relayed job topics are gathered: a replica sends at most one NOTIFY per
// relayGap (10 ms) for them, each a transaction with its own commit,
// however many job changes commit meanwhile, and every topic still
// arrives. The NOTIFYs are counted by a pg_notify earlier on the
// publisher's search path than pg_catalog's.
func TestRelayedJobTopicsShareNotifies(t *testing.T) {
	t.Parallel()
	ctx, db, publisher, listener, stop := countedReplicas(t, `
			PERFORM nextval('notify_calls');`)
	const n = 60
	subs := make([]*broker.Subscription, n)
	for i := range subs {
		subs[i] = listener.Subscribe(fmt.Sprintf("job-status:%d", i))
		defer subs[i].Close()
	}
	start := time.Now()
	var commits sync.WaitGroup
	for i := range n {
		commits.Go(func() {
			require.NoError(t, db.InTx(ctx, func(tx *store.Tx) error {
				return publisher.PublishTx(ctx, tx, fmt.Sprintf("job-status:%d", i))
			}))
		})
	}
	commits.Wait()
	for i, s := range subs {
		select {
		case <-s.C:
		case <-time.After(hangGuard):
			t.Fatalf("topic %d never reached the other replica", i)
		}
	}
	elapsed := time.Since(start)
	var calls int64
	require.NoError(t, db.QueryRow(ctx, `SELECT last_value FROM notify_calls`).Scan(&calls))
	require.LessOrEqual(t, calls, int64(elapsed/(10*time.Millisecond))+1,
		"%d NOTIFYs in %s: more than one per 10 ms", calls, elapsed)
	stop()
}

// countedReplicas starts two replicas' brokers, a publisher and a
// listener, relaying over a store whose pg_notify runs before first
// (notifyCounted), and returns them with their context and a stop that ends
// the relays; it skips the test without PostgreSQL.
func countedReplicas(t *testing.T, before string) (ctx context.Context, db *store.DB, publisher, listener *broker.Broker, stop func()) {
	t.Helper()
	if os.Getenv(st.PostgresURLEnv) == "" {
		t.Skip(st.PostgresURLEnv + " is not set")
	}
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	db = notifyCounted(ctx, t, before)
	publisher, listener = broker.New(slog.New(slog.DiscardHandler)), broker.New(slog.New(slog.DiscardHandler))
	running := listening(ctx, t, db, publisher, listener)
	return ctx, db, publisher, listener, func() {
		cancel()
		running.Wait()
	}
}

// notifyCounted opens a fresh PostgreSQL store whose connections find, on
// their search path before pg_catalog's, a pg_notify of the test's own:
// it runs before (PL/pgSQL, which may count calls in the sequence
// notify_calls or refuse one), then sends the NOTIFY.
func notifyCounted(ctx context.Context, t *testing.T, before string) *store.DB {
	t.Helper()
	d := st.NewDatabase(t, st.Postgres)
	u, err := url.Parse(d.DatabaseURL)
	require.NoError(t, err)
	q := u.Query()
	q.Set("search_path", q.Get("search_path")+",pg_catalog")
	u.RawQuery = q.Encode()
	db, err := store.Open(ctx, u.String(), d.DataDir)
	require.NoError(t, err)
	t.Cleanup(func() { db.Close() })
	_, err = db.Exec(ctx, `CREATE SEQUENCE notify_calls`)
	require.NoError(t, err)
	_, err = db.Exec(ctx, `CREATE FUNCTION pg_notify(channel text, payload text) RETURNS void LANGUAGE plpgsql AS $$
		BEGIN`+before+`
			PERFORM pg_catalog.pg_notify(channel, payload);
		END $$`)
	require.NoError(t, err)
	return db
}
