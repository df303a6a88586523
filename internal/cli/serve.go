package cli

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"

	"github.com/notegen/notegen/internal/account"
	"github.com/notegen/notegen/internal/apikey"
	"github.com/notegen/notegen/internal/audit"
	"github.com/notegen/notegen/internal/auth"
	"github.com/notegen/notegen/internal/billing"
	"github.com/notegen/notegen/internal/broker"
	"github.com/notegen/notegen/internal/config"
	"github.com/notegen/notegen/internal/console"
	"github.com/notegen/notegen/internal/delivery"
	"github.com/notegen/notegen/internal/httpapi"
	"github.com/notegen/notegen/internal/job"
	"github.com/notegen/notegen/internal/logging"
	"github.com/notegen/notegen/internal/masterkey"
	"github.com/notegen/notegen/internal/notewriter"
	"github.com/notegen/notegen/internal/queue"
	"github.com/notegen/notegen/internal/ratelimit"
	"github.com/notegen/notegen/internal/replica"
	"github.com/notegen/notegen/internal/store"
	"github.com/notegen/notegen/internal/upload"
	"github.com/notegen/notegen/internal/webhook"
)

// shutdownGrace is how long in-flight requests get to finish on SIGTERM.
const shutdownGrace = 30 * time.Second

// openStore opens and migrates the database and loads the master key: the
// common start of `serve` and `admin`. With existing (admin), a database or
// master key file that is not there yet is refused instead of created.
func openStore(ctx context.Context, s config.Settings, log *slog.Logger, existing bool) (*store.DB, *masterkey.Key, error) {
	open := store.Open
	if existing {
		open = store.OpenExisting
	}
	db, err := open(ctx, s.DatabaseURL, s.DataDir)
	if err != nil {
		return nil, nil, err
	}
	var key *masterkey.Key
	switch {
	case s.MasterKey != "":
		key, err = masterkey.Parse(s.MasterKey)
	case existing:
		key, err = masterkey.Load(s.DataDir)
	default:
		key, err = masterkey.LoadOrCreate(s.DataDir)
	}
	if err != nil {
		db.Close()
		return nil, nil, err
	}
	if err := db.Migrate(ctx, log); err != nil {
		db.Close()
		return nil, nil, err
	}
	if err := key.VerifyAgainst(ctx, db); err != nil {
		db.Close()
		return nil, nil, err
	}
	return db, key, nil
}

func serve(ctx context.Context, env Env, args []string) error {
	settings, _, err := config.Parse("notegen serve", args, env.Getenv, env.Stderr)
	if errors.Is(err, flagHelp) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("%w: %v", ErrUsage, err)
	}
	log := logging.New(env.Stderr, settings.LogLevel)
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()

	ln, err := net.Listen("tcp", settings.Addr)
	if err != nil {
		return fmt.Errorf("listen on %s: %w", settings.Addr, err)
	}
	defer ln.Close()
	if settings.PublicURL == "" {
		settings.PublicURL = "http://" + ln.Addr().String()
	}

	if settings.PprofAddr != "" {
		if err := servePprof(ctx, settings.PprofAddr, log); err != nil {
			return err
		}
	}
	db, key, err := openStore(ctx, settings, log, false)
	if err != nil {
		return err
	}
	defer db.Close()

	signer, err := auth.NewSigner(ctx, db, key, settings.PublicURL)
	if err != nil {
		return err
	}
	identity := auth.NewService(db, key, signer, auth.Config{
		Signup: settings.Signup, RefreshReuseGrace: settings.RefreshReuseGrace,
	}, log)

	registry := prometheus.NewRegistry()
	// Status waiters are woken by each job's committed status change, from
	// this replica or, through PostgreSQL notifications, from any other.
	events := broker.New(log.With("component", "broker"))
	listenCtx, stopListening := context.WithCancel(ctx)
	listening := make(chan struct{})
	go func() {
		defer close(listening)
		events.Listen(listenCtx, db)
	}()
	defer func() {
		stopListening()
		<-listening
	}()
	// This replica's heartbeat: dead replicas' running work is taken over
	// within seconds, and key revocations wait for every replica's cache.
	self, err := replica.Register(ctx, db, events, log.With("component", "replica"))
	if err != nil {
		return err
	}
	replicaCtx, stopReplica := context.WithCancel(context.WithoutCancel(ctx))
	replicaDone := make(chan struct{})
	go func() {
		defer close(replicaDone)
		self.Run(replicaCtx)
	}()
	defer func() {
		stopReplica()
		<-replicaDone
	}()
	// Note jobs and webhook deliveries run on the durable queue in the
	// service's own database. Components are built in dependency order:
	// the inserter first, then the services that enqueue work, then the
	// queue that runs their workers.
	inserter, err := queue.NewInserter(db)
	if err != nil {
		return err
	}
	// Note jobs run on the replica that queued them as soon as they
	// commit, recorded as running under its ID like a worker's.
	inserter.EnableDirect(queue.DirectConfig{ID: self.ID(), Slots: queue.DefaultWorkers()[queue.Notes], Backlog: 256, Timeout: settings.JobTimeout,
		Log: slog.New(log.Handler()).With("component", "queue")})
	// The writer's lexicons and models load while the rest starts, not
	// in the first job.
	warmed := make(chan struct{})
	go func() {
		defer close(warmed)
		if err := notewriter.Warm(ctx); err != nil {
			log.Error("warm the note writer", "error", err)
		}
	}()
	defer func() { <-warmed }()
	webhooks := webhook.NewService(db, key)
	deliveries := delivery.NewService(db, webhooks, inserter, delivery.Config{
		AllowPrivate: settings.WebhookAllowPrivate, Schedule: settings.WebhookRetrySchedule,
		ReplicaID: self.ID(), Log: log, Metrics: registry,
	})
	uploads := upload.NewSigner(key, settings.PublicURL)
	jobs, pipe, err := newJobs(ctx, settings, db, key, uploads, inserter, events, deliveries, log)
	if err != nil {
		return err
	}
	work, err := queue.New(db, queue.Config{
		Queues:     queue.DefaultWorkers(),
		JobTimeout: settings.JobTimeout,
		Log:        slog.New(log.Handler()).With("component", "queue"),
		Inserter:   inserter,
		ID:         self.ID(),
	}, pipe.Register, deliveries.Register)
	if err != nil {
		return err
	}
	// Text jobs this replica runs itself are claimed on their own rows:
	// a dead replica's are queued again with its River jobs.
	self.TakeOverWith(pipe.TakeOver)
	self.OnRescued(func() {
		inserter.Wake(queue.Notes)
		inserter.Wake(queue.Webhooks)
	})

	registry.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	keys := apikey.NewService(db, key, events, self)
	bills := billing.NewService(db, settings.FreeJobs, func(ctx context.Context, userID string, ids []string) (map[string]string, error) {
		return apikey.MaskedNames(ctx, db, userID, ids)
	})
	accounts := account.NewService(db, bills, keys, log)
	web, err := console.New(console.Deps{
		Log: log.With("component", "console"), Auth: identity, Accounts: accounts, Keys: keys, Jobs: jobs,
		Webhooks: webhooks, Deliveries: deliveries, Billing: bills, Audit: audit.NewLog(db),
		Master: key, PublicURL: settings.PublicURL, StatusOf: httpapi.StatusOf,
		FHIR: func(v job.NoteView) ([]byte, error) { return httpapi.FHIRBundle(v, env.Version) },
	})
	if err != nil {
		return err
	}
	handler, err := httpapi.NewServer(httpapi.Deps{
		Log: log, DB: db, Auth: identity, Accounts: accounts, Console: web,
		Keys: keys, Webhooks: webhooks,
		Jobs: jobs, Pipeline: pipe, Uploads: uploads, Limiter: ratelimit.New(db),
		Audit: audit.NewLog(db), Billing: bills,
		Config: settings, Metrics: registry, Version: env.Version,
		Deliveries: deliveries, Live: newLiveTranscriber(settings),
	})
	if err != nil {
		return err
	}
	srv := &http.Server{
		Handler:           handler,
		ReadHeaderTimeout: 10 * time.Second,
		IdleTimeout:       2 * time.Minute,
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
	}
	// Long polls answer at once when shutdown begins instead of holding it
	// up for their whole wait.
	srv.RegisterOnShutdown(events.Close)
	if err := work.Start(ctx); err != nil {
		return err
	}
	deliveries.Start(ctx)
	defer deliveries.Stop()
	serveErr := make(chan error, 1)
	go func() { serveErr <- srv.Serve(ln) }()
	log.Info("listening", "addr", ln.Addr().String(), "public_url", settings.PublicURL,
		"database", string(db.Dialect()), "version", env.Version)

	select {
	case err := <-serveErr:
		return fmt.Errorf("serve: %w", err)
	case <-ctx.Done():
	}
	log.Info("shutting down")
	shutdownCtx, cancel := context.WithTimeout(context.Background(), shutdownGrace)
	defer cancel()
	if err := srv.Shutdown(shutdownCtx); err != nil {
		return fmt.Errorf("shutdown: %w", err)
	}
	// Running jobs finish; any cut short by the deadline are retried by
	// another replica or after the next start.
	if err := work.Stop(shutdownCtx); err != nil {
		log.Warn("job queue did not stop cleanly", "error", err.Error())
	}
	inserter.WaitDirect(shutdownCtx)
	log.Info("stopped")
	return nil
}
