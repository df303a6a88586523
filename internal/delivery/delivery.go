// Package delivery brings the outbox's events to the accounts' webhook URLs:
// a dispatcher turns committed events into deliveries, in order per job,
// each attempted by a durable River job through an SSRF-safe client, signed
// with the account's secrets (package webhook), retried on a schedule, and
// recorded with every attempt. Reads before an attempt and recording after
// it are batched (package batch).
package delivery

import (
	"context"
	"database/sql"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"net/url"
	"sync"
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/riverqueue/river"

	"github.com/notegen/notegen/internal/batch"
	"github.com/notegen/notegen/internal/outbox"
	"github.com/notegen/notegen/internal/queue"
	"github.com/notegen/notegen/internal/store"
	"github.com/notegen/notegen/internal/webhook"
)

// Delivery statuses. A delivery is waiting while an earlier event of the
// same job is still undecided, pending while it is queued or between
// attempts, and then succeeded, failed or skipped for good.
const (
	StatusWaiting   = "waiting"
	StatusPending   = "pending"
	StatusSucceeded = "succeeded"
	StatusFailed    = "failed"
	StatusSkipped   = "skipped"
)

// Attempt outcomes.
const (
	OutcomeSucceeded = "succeeded"
	OutcomeRetry     = "retry"
	OutcomeFailed    = "failed"
	OutcomeRefused   = "refused"
)

// Attempt triggers.
const (
	TriggerAutomatic = "automatic"
	TriggerRedeliver = "redeliver"
)

// maxPerEndpoint bounds the attempts in flight to one endpoint (scheme,
// host and port) on one replica, so that a receiver that hangs holds at most
// this many of the webhook workers and the others keep serving other
// accounts.
const maxPerEndpoint = 4

// endpointWait is how long an attempt waits for a busy endpoint that gives
// no slot back meanwhile before its job is snoozed.
const endpointWait = 250 * time.Millisecond

// maxRetryAfter caps how long a receiver's Retry-After may postpone the next
// attempt.
const maxRetryAfter = 24 * time.Hour

// Config configures webhook delivery.
type Config struct {
	// AllowPrivate permits receivers on loopback and private networks.
	AllowPrivate bool
	// Schedule is the delay before each retry; an event gets
	// len(Schedule)+1 automatic attempts.
	Schedule []time.Duration
	// PollInterval is how often the dispatcher looks for new outbox
	// events it was not woken for (another replica's, after a crash); 2 s
	// when zero. Events committed on this replica wake it at once.
	PollInterval time.Duration
	// ReplicaID names this replica (replica.Replica.ID) on the deliveries
	// it claims, so that another replica takes them over as soon as it is
	// dead rather than when the claims run out.
	ReplicaID string
	Log       *slog.Logger
	// Metrics receives the delivery counters and latencies.
	Metrics prometheus.Registerer
}

// Service turns outbox events into signed webhook deliveries: a
// dispatcher moves new events into webhook_deliveries and queues one
// durable job per attempt on the webhooks queue.
type Service struct {
	db       *store.DB
	settings *webhook.Service
	queue    *queue.Inserter
	client   *http.Client
	// allowPrivate is DeliveryConfig.AllowPrivate: without it a test event
	// warns that a private receiver will be refused.
	allowPrivate bool
	schedule     []time.Duration
	poll         time.Duration
	replicaID    string
	log          *slog.Logger
	metrics      *deliveryMetrics
	limiter      *endpointLimiter
	// loader and recorder read and record automatic attempts in batches.
	loader   *batch.Batcher[*pendingLoad]
	recorder *batch.Batcher[*pendingRecord]
	// overflow hands the deliveries written with their events
	// (Dispatched) that the direct workers have no room for to the queue,
	// in batches, as dispatch queues its own overflow in its transaction.
	overflow *batch.Batcher[string]
	// direct makes first attempts at once on this replica (direct.go).
	direct direct

	wake chan struct{}
	stop context.CancelFunc
	done chan struct{}
}

// NewService returns the delivery service; q takes each delivery's
// durable job. Register must be passed to queue.New before Start.
func NewService(db *store.DB, settings *webhook.Service, q *queue.Inserter, cfg Config) *Service {
	log := cfg.Log
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	poll := cfg.PollInterval
	if poll <= 0 {
		poll = 2 * time.Second
	}
	d := &Service{
		db:           db,
		settings:     settings,
		queue:        q,
		client:       newDeliveryClient(cfg.AllowPrivate),
		allowPrivate: cfg.AllowPrivate,
		schedule:     cfg.Schedule,
		poll:         poll,
		replicaID:    cfg.ReplicaID,
		log:          log.With("component", "webhook"),
		metrics:      newDeliveryMetrics(cfg.Metrics),
		limiter:      &endpointLimiter{endpoints: map[string]*endpointSlots{}},
		wake:         make(chan struct{}, 1),
		direct:       newDirect(),
	}
	d.recorder, d.loader = newRecorder(d), newLoader(d)
	d.overflow = &batch.Batcher[string]{Max: dispatchBatch, Run: d.handOverBatch}
	return d
}

// Register adds the delivery worker to the durable queue.
func (d *Service) Register(w *river.Workers) []*river.PeriodicJob {
	river.AddWorker(w, &deliverWorker{d: d})
	return nil
}

// deliverArgs is the durable job of one automatic attempt.
//
// One job carries every automatic attempt of a delivery: after a retryable
// failure the worker records the attempt and its due time, then snoozes
// the job until then. The database row, not the job, says which attempt is
// next, so a job rerun after a crash neither repeats a recorded attempt nor
// skips the wait.
type deliverArgs struct {
	DeliveryID string `json:"delivery_id"`
}

// Kind names the job type.
func (deliverArgs) Kind() string { return "webhook_deliver" }

// InsertOpts puts deliveries on their own queue.
func (deliverArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: queue.Webhooks, MaxAttempts: 25}
}

type deliverWorker struct {
	river.WorkerDefaults[deliverArgs]
	d *Service
}

// Timeout leaves room for the HTTP attempt and the bookkeeping around it.
func (w *deliverWorker) Timeout(*river.Job[deliverArgs]) time.Duration {
	return DeliveryTimeout + 15*time.Second
}

func (w *deliverWorker) Work(ctx context.Context, job *river.Job[deliverArgs]) error {
	return w.d.work(ctx, job.Args)
}

// delivery is a delivery with what is needed to attempt it.
type delivery struct {
	ID, UserID, Type string
	JobID            string
	Env              string // the event's own routing, "" for the default
	Payload          []byte
	Status           string
	Attempts         int
	NextAttemptAt    sql.NullTime
	// Claimed is true while a replica holds the delivery for a direct
	// attempt (direct.go); read only where the recording locks it.
	Claimed bool
}

// load reads a delivery and its event (the delivery's id is the event's);
// sql.ErrNoRows when either is gone.
func (d *Service) load(ctx context.Context, q store.Queryer, id string) (delivery, error) {
	var del delivery
	var jobID sql.NullString
	err := q.QueryRow(ctx, `SELECT id, user_id, event_type, job_id, status, attempts, next_attempt_at FROM webhook_deliveries WHERE id = ?`, id).
		Scan(&del.ID, &del.UserID, &del.Type, &jobID, &del.Status, &del.Attempts, &del.NextAttemptAt)
	if err != nil {
		return del, err
	}
	ev, err := outbox.Get(ctx, q, id)
	if err != nil {
		return del, err
	}
	del.JobID, del.Env, del.Payload = jobID.String, ev.Env, ev.Payload
	return del, nil
}

// work makes one automatic attempt.
func (d *Service) work(ctx context.Context, args deliverArgs) error {
	loaded := d.loadForAttempt(args.DeliveryID)
	if loaded.err != nil {
		return fmt.Errorf("load delivery: %w", loaded.err)
	}
	if !loaded.found {
		return nil // the account and its events are gone
	}
	del := loaded.del
	if del.Status != StatusPending {
		return nil // already decided
	}
	if del.NextAttemptAt.Valid {
		if wait := time.Until(del.NextAttemptAt.Time); wait > 0 {
			return river.JobSnooze(wait)
		}
	}
	t := routeWith(loaded.settings, del)
	if t.URL == "" {
		return d.skip(ctx, del, t)
	}
	key := endpointKey(t.URL)
	if !d.limiter.acquire(ctx, key) {
		// The endpoint already has its share of workers busy: free this
		// worker for other accounts and come back later.
		return river.JobSnooze(2*time.Second + rand.N(3*time.Second))
	}
	res := d.sendSigned(ctx, del, t, loaded.secrets, loaded.secretsErr)
	d.limiter.release(key)
	next, err := d.recordAutomatic(del, t, res, del.Attempts+1)
	if err != nil {
		return err
	}
	if !next.IsZero() {
		return river.JobSnooze(max(time.Until(next), 0))
	}
	return nil
}

// target is where a delivery goes now.
type target struct {
	Env string
	URL string
	// Missing names the setting that was looked for when URL is empty.
	Missing string
}

// route picks the URL per the contract, reading the settings now so that a
// URL changed while the event waited is honoured: the event's (or its
// job's) webhook_env; else sandbox jobs to dev and live jobs to prod; other
// events to prod, else dev.
func (d *Service) route(ctx context.Context, del delivery) (target, error) {
	st, err := d.settings.Get(ctx, del.UserID)
	if err != nil {
		return target{}, fmt.Errorf("read webhook settings: %w", err)
	}
	return routeWith(st, del), nil
}

// routeWith is route with the account's settings as read.
func routeWith(st webhook.Settings, del delivery) target {
	pick := func(env string) target {
		t := target{Env: env, Missing: "webhook_" + env}
		if env == "dev" && st.Dev != nil {
			t.URL = *st.Dev
		}
		if env == "prod" && st.Prod != nil {
			t.URL = *st.Prod
		}
		return t
	}
	if del.Env == "dev" || del.Env == "prod" {
		return pick(del.Env)
	}
	if del.JobID != "" {
		return pick(jobEnv(del))
	}
	if t := pick("prod"); t.URL != "" {
		return t
	}
	t := pick("dev")
	t.Missing = "webhook_prod or webhook_dev"
	return t
}

// jobEnv is the environment of a job event without its own. The job
// service gives every event of a job its routing (the job's webhook_env,
// else dev for sandbox jobs and prod for live ones), so this reads only
// the event: a sandbox job's event goes to dev, any other to prod.
func jobEnv(del delivery) string {
	if payloadBool(del.Payload, "is_sandbox") {
		return "dev"
	}
	return "prod"
}

// endpointKey names the endpoint a URL reaches: scheme, host and port.
func endpointKey(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return raw
	}
	return u.Scheme + "://" + u.Host
}

// redactURL is a URL without its query or user part, safe to store and show.
func redactURL(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return ""
	}
	return u.Scheme + "://" + u.Host + u.EscapedPath()
}

// endpointLimiter bounds the attempts in flight per endpoint.
type endpointLimiter struct {
	mu        sync.Mutex
	endpoints map[string]*endpointSlots
}

type endpointSlots struct {
	slots chan struct{}
	// active is when a slot was last taken or given back (Unix
	// nanoseconds): a burst to an idle endpoint waits for its first
	// answers, and an endpoint quiet for endpointWait is taken to hang.
	active atomic.Int64
}

// acquire takes a slot for the endpoint. When the endpoint is full it
// waits as long as the endpoint keeps answering: until endpointWait has
// passed without a slot taken or given back. A healthy endpoint frees
// slots within milliseconds, so a burst of its deliveries queues here
// instead of being snoozed for seconds; one that hangs makes its callers
// give their workers back to other accounts within endpointWait.
func (l *endpointLimiter) acquire(ctx context.Context, key string) bool {
	l.mu.Lock()
	ep, ok := l.endpoints[key]
	if !ok {
		ep = &endpointSlots{slots: make(chan struct{}, maxPerEndpoint)}
		l.endpoints[key] = ep
	}
	l.mu.Unlock()
	select {
	case ep.slots <- struct{}{}:
		ep.active.Store(time.Now().UnixNano())
		return true
	default:
	}
	timer := time.NewTimer(endpointWait)
	defer timer.Stop()
	for {
		quiet := endpointWait - time.Since(time.Unix(0, ep.active.Load()))
		if quiet <= 0 {
			return false
		}
		timer.Reset(quiet)
		select {
		case ep.slots <- struct{}{}:
			ep.active.Store(time.Now().UnixNano())
			return true
		case <-timer.C:
		case <-ctx.Done():
			return false
		}
	}
}

func (l *endpointLimiter) release(key string) {
	l.mu.Lock()
	ep := l.endpoints[key]
	l.mu.Unlock()
	ep.active.Store(time.Now().UnixNano())
	<-ep.slots
}
