package queue_test

import (
	"context"
	"log/slog"
	"os"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/riverqueue/river"
	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen/internal/queue"
	st "github.com/notegen/notegen/internal/servertest"
	"github.com/notegen/notegen/internal/store"
)

// chainFirst is a note job's stand-in: with Chain, its work queues
// chainSecond in a transaction, as a completed note queues its webhook
// delivery.
type chainFirst struct {
	N     int
	Chain bool
}

func (chainFirst) Kind() string { return "bench_chain_first" }

// chainSecond is the delivery's stand-in.
type chainSecond struct{ N int }

func (chainSecond) Kind() string { return "bench_chain_second" }

// BenchmarkChainedJobs measures what the queue alone carries with the
// server's queue settings: 8 clients each insert a job in a transaction of
// their own (a submission); in job_and_delivery the job's work inserts a
// second one on another queue in a transaction (the delivery), and the
// clock stops when every last job has run. The work does nothing else, so
// chains per second are a ceiling for text jobs and their webhooks per
// second through River, with no HTTP, note or delivery in them; one_job is
// the ceiling were the delivery not a River job of its own. With work this
// short the ceiling is the note queue's workers times River's fetches (at
// most one per FetchCooldown), not the CPU: more workers raise it.
//
//	go test ./internal/queue -run '^$' -bench ChainedJobs -benchtime 3000x
//
// It runs on PostgreSQL too when NOTEGEN_TEST_DATABASE_URL is set.
func BenchmarkChainedJobs(b *testing.B) {
	for _, backend := range []st.Backend{st.SQLite, st.Postgres} {
		for _, chain := range []bool{true, false} {
			name := string(backend) + "/job_and_delivery"
			if !chain {
				name = string(backend) + "/one_job"
			}
			b.Run(name, func(b *testing.B) {
				if backend == st.Postgres && os.Getenv(st.PostgresURLEnv) == "" {
					b.Skip(st.PostgresURLEnv + " is not set")
				}
				benchmarkChain(b, backend, chain)
			})
		}
	}
}

func benchmarkChain(b *testing.B, backend st.Backend, chain bool) {
	ctx := context.Background()
	db := st.OpenStore(b, backend)
	inserter, err := queue.NewInserter(db)
	require.NoError(b, err)

	var done sync.WaitGroup
	register := func(w *river.Workers) []*river.PeriodicJob {
		river.AddWorker(w, river.WorkFunc(func(ctx context.Context, j *river.Job[chainFirst]) error {
			if !j.Args.Chain {
				done.Done()
				return nil
			}
			return db.InTx(ctx, func(tx *store.Tx) error {
				return inserter.InsertTx(ctx, tx, chainSecond{N: j.Args.N}, &river.InsertOpts{Queue: queue.Webhooks})
			})
		}))
		river.AddWorker(w, river.WorkFunc(func(ctx context.Context, j *river.Job[chainSecond]) error {
			done.Done()
			return nil
		}))
		return nil
	}
	q, err := queue.New(db, queue.Config{
		Queues:     queue.DefaultWorkers(),
		JobTimeout: time.Minute,
		Inserter:   inserter,
		Log:        slog.New(slog.DiscardHandler),
	}, register)
	require.NoError(b, err)
	require.NoError(b, q.Start(ctx))
	b.Cleanup(func() { _ = q.Stop(ctx) })

	const clients = 8
	done.Add(b.N)
	var next atomic.Int64
	b.ResetTimer()
	var submit sync.WaitGroup
	for range clients {
		submit.Go(func() {
			for n := int(next.Add(1)); n <= b.N; n = int(next.Add(1)) {
				err := db.InTx(ctx, func(tx *store.Tx) error {
					return inserter.InsertTx(ctx, tx, chainFirst{N: n, Chain: chain}, &river.InsertOpts{Queue: queue.Notes})
				})
				if err != nil {
					b.Error(err)
					done.Done()
				}
			}
		})
	}
	submit.Wait()
	done.Wait()
	b.StopTimer()
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "chains/s")
}
