// Package config reads the settings of `notegen serve` and `notegen admin`
// from flags and NOTEGEN_* environment variables. A flag wins over its
// variable, which wins over the built-in default.
package config

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// Settings are the operator's choices for one process.
type Settings struct {
	Addr        string
	DataDir     string
	DatabaseURL string
	PublicURL   string
	MasterKey   string
	Signup      bool
	Retention   time.Duration

	WebhookAllowPrivate  bool
	WebhookRetrySchedule []time.Duration

	RateSandbox Rate
	RateLive    Rate
	FreeJobs    int

	// StorageURL is s3://bucket[/prefix]?endpoint=... for audio in object
	// storage; empty keeps audio in the data directory.
	StorageURL, S3AccessKey, S3SecretKey string

	STTURL, STTAPIKey, STTModel string
	// STTStreamURL is a WebSocket speaking the OpenAI Realtime
	// transcription protocol for live streams; empty transcribes them
	// utterance by utterance through STTURL.
	STTStreamURL                string
	LLMURL, LLMAPIKey, LLMModel string

	// RefreshReuseGrace is how long a rotated refresh token may be presented
	// again by a concurrent duplicate request and receive the same successor.
	RefreshReuseGrace time.Duration
	// JobTimeout bounds one attempt of a background job; a job whose
	// replica died is retried once it has passed.
	JobTimeout time.Duration
	// UploadTTL is how long a presigned upload URL stays valid; a job whose
	// audio has not arrived by then ends in error.
	UploadTTL time.Duration
	// SweepInterval is how often retention and upload expiry are swept.
	SweepInterval time.Duration
	// StreamAbandon is how long a live stream may go without audio and
	// without a connection before it is finished with what it received.
	StreamAbandon time.Duration
	// WaitRecheck is how often a long poll on a job's status re-reads the
	// job when no notification of a change has arrived: the safety net for
	// a notification lost while a replica reconnects.
	WaitRecheck time.Duration
	// ProviderRetryBase is the first delay before retrying a job after a
	// transient provider failure; it doubles with each attempt.
	ProviderRetryBase time.Duration
	// KeepAudio keeps audio after transcription instead of deleting it.
	KeepAudio bool
	// LogLevel is debug, info, warn or error.
	LogLevel string
	// PprofAddr, when set, serves net/http/pprof on that address (a
	// separate listener, never the API's) for profiling; empty turns it off.
	PprofAddr string
}

// Rate is a number of requests allowed per period.
type Rate struct {
	Limit  int
	Period time.Duration
}

// String formats a Rate the way ParseRate reads it.
func (r Rate) String() string {
	unit := "min"
	switch r.Period {
	case time.Second:
		unit = "s"
	case time.Hour:
		unit = "h"
	}
	return fmt.Sprintf("%d/%s", r.Limit, unit)
}

// ParseRate reads "600/min", "10/s" or "1000/h".
func ParseRate(s string) (Rate, error) {
	n, unit, ok := strings.Cut(strings.TrimSpace(s), "/")
	if !ok {
		return Rate{}, fmt.Errorf("rate %q: want N/s, N/min or N/h", s)
	}
	limit, err := strconv.Atoi(n)
	if err != nil || limit <= 0 {
		return Rate{}, fmt.Errorf("rate %q: want a positive whole number before the slash", s)
	}
	periods := map[string]time.Duration{"s": time.Second, "sec": time.Second, "m": time.Minute, "min": time.Minute, "h": time.Hour, "hour": time.Hour}
	period, ok := periods[unit]
	if !ok {
		return Rate{}, fmt.Errorf("rate %q: unit must be s, min or h", s)
	}
	return Rate{Limit: limit, Period: period}, nil
}

// ParseSchedule reads a comma-separated list of durations such as "5s,5m,30m".
func ParseSchedule(s string) ([]time.Duration, error) {
	var out []time.Duration
	for _, part := range strings.Split(s, ",") {
		d, err := time.ParseDuration(strings.TrimSpace(part))
		if err != nil || d < 0 {
			return nil, fmt.Errorf("retry schedule %q: %q is not a duration", s, part)
		}
		out = append(out, d)
	}
	return out, nil
}

// IsPostgres reports whether the settings name a PostgreSQL database.
func (s Settings) IsPostgres() bool {
	return strings.HasPrefix(s.DatabaseURL, "postgres://") || strings.HasPrefix(s.DatabaseURL, "postgresql://")
}

// Parse reads settings for the command named name from args (without the
// command name) and the environment. Remaining positional arguments are
// returned.
func Parse(name string, args []string, getenv func(string) string, stderr io.Writer) (Settings, []string, error) {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	var s Settings
	var signup, allowPrivate, schedule, rateSandbox, rateLive, retention, grace string
	var freeJobs, jobTimeout, uploadTTL, keepAudio, sweep, retryBase, waitRecheck, streamAbandon string

	str := func(p *string, flagName, env, def, usage string) {
		if v := getenv(env); v != "" {
			def = v
		}
		fs.StringVar(p, flagName, def, usage+" (env "+env+")")
	}
	str(&s.Addr, "addr", "NOTEGEN_ADDR", "127.0.0.1:8080", "address to listen on")
	str(&s.DataDir, "data-dir", "NOTEGEN_DATA_DIR", "./notegen-data", "directory for the SQLite database, the master key and stored files")
	str(&s.DatabaseURL, "database-url", "NOTEGEN_DATABASE_URL", "", "postgres://... to use PostgreSQL; empty for SQLite in the data directory")
	str(&s.PublicURL, "public-url", "NOTEGEN_PUBLIC_URL", "", "public base URL of this service (default http://<addr>)")
	str(&s.MasterKey, "master-key", "NOTEGEN_MASTER_KEY", "", "base64 of 32 bytes; default: generated into the data directory")
	str(&signup, "signup", "NOTEGEN_SIGNUP", "true", "allow public account creation")
	str(&retention, "retention", "NOTEGEN_RETENTION", "48h", "how long job data is kept after completion")
	str(&allowPrivate, "webhook-allow-private", "NOTEGEN_WEBHOOK_ALLOW_PRIVATE", "false", "allow webhook delivery to private and loopback addresses")
	str(&schedule, "webhook-retry-schedule", "NOTEGEN_WEBHOOK_RETRY_SCHEDULE", "5s,5m,30m,2h,5h,10h,10h", "delays between webhook delivery attempts")
	str(&rateSandbox, "rate-sandbox", "NOTEGEN_RATE_SANDBOX", "60/min", "request rate per sandbox key")
	str(&rateLive, "rate-live", "NOTEGEN_RATE_LIVE", "600/min", "request rate per live key")
	str(&freeJobs, "free-jobs", "NOTEGEN_FREE_JOBS", "100", "free live jobs per account")
	str(&s.StorageURL, "storage-url", "NOTEGEN_STORAGE_URL", "", "s3://bucket[/prefix]?endpoint=host:port[&insecure=true] to keep audio in S3-compatible storage")
	str(&s.S3AccessKey, "s3-access-key", "NOTEGEN_S3_ACCESS_KEY", "", "object storage access key")
	str(&s.S3SecretKey, "s3-secret-key", "NOTEGEN_S3_SECRET_KEY", "", "object storage secret key")
	str(&s.STTURL, "stt-url", "NOTEGEN_STT_URL", "", "OpenAI-compatible speech-to-text base URL")
	str(&s.STTAPIKey, "stt-api-key", "NOTEGEN_STT_API_KEY", "", "speech-to-text API key")
	str(&s.STTModel, "stt-model", "NOTEGEN_STT_MODEL", "", "speech-to-text model")
	str(&s.STTStreamURL, "stt-stream-url", "NOTEGEN_STT_STREAM_URL", "", "streaming speech-to-text WebSocket (OpenAI Realtime transcription protocol) for live streams")
	str(&s.LLMURL, "llm-url", "NOTEGEN_LLM_URL", "", "OpenAI-compatible chat completions base URL; empty for the built-in writer")
	str(&s.LLMAPIKey, "llm-api-key", "NOTEGEN_LLM_API_KEY", "", "language model API key")
	str(&s.LLMModel, "llm-model", "NOTEGEN_LLM_MODEL", "", "language model name")
	str(&grace, "refresh-reuse-grace", "NOTEGEN_REFRESH_REUSE_GRACE", "5s", "window in which a concurrent duplicate refresh gets the same successor")
	str(&jobTimeout, "job-timeout", "NOTEGEN_JOB_TIMEOUT", "10m", "longest a background job attempt may run")
	str(&uploadTTL, "upload-ttl", "NOTEGEN_UPLOAD_TTL", "1h", "how long a presigned upload URL stays valid")
	str(&streamAbandon, "stream-abandon", "NOTEGEN_STREAM_ABANDON", "60s", "how long a live stream may go without audio before it is finished with what it received")
	str(&sweep, "sweep-interval", "NOTEGEN_SWEEP_INTERVAL", "1m", "how often expired job data and uploads are swept")
	str(&waitRecheck, "wait-recheck", "NOTEGEN_WAIT_RECHECK", "3s", "how often a status long poll re-reads the job if no change notification arrives")
	str(&retryBase, "provider-retry-base", "NOTEGEN_PROVIDER_RETRY_BASE", "2s", "first delay before retrying a failed provider call; doubles each attempt")
	str(&keepAudio, "keep-audio", "NOTEGEN_KEEP_AUDIO", "false", "keep audio after transcription")
	str(&s.LogLevel, "log-level", "NOTEGEN_LOG_LEVEL", "info", "debug, info, warn or error")
	str(&s.PprofAddr, "pprof-addr", "NOTEGEN_PPROF_ADDR", "", "serve Go's /debug/pprof on this address (for example 127.0.0.1:6060); empty: off")

	if err := fs.Parse(args); err != nil {
		return Settings{}, nil, err
	}
	var errs []error
	boolean := func(p *bool, name, v string) {
		b, err := strconv.ParseBool(v)
		if err != nil {
			errs = append(errs, fmt.Errorf("--%s: %q is not true or false", name, v))
		}
		*p = b
	}
	duration := func(p *time.Duration, name, v string) {
		d, err := time.ParseDuration(v)
		if err != nil || d < 0 {
			errs = append(errs, fmt.Errorf("--%s: %q is not a duration", name, v))
		}
		*p = d
	}
	boolean(&s.Signup, "signup", signup)
	boolean(&s.WebhookAllowPrivate, "webhook-allow-private", allowPrivate)
	duration(&s.Retention, "retention", retention)
	duration(&s.RefreshReuseGrace, "refresh-reuse-grace", grace)
	duration(&s.JobTimeout, "job-timeout", jobTimeout)
	duration(&s.UploadTTL, "upload-ttl", uploadTTL)
	boolean(&s.KeepAudio, "keep-audio", keepAudio)
	duration(&s.SweepInterval, "sweep-interval", sweep)
	duration(&s.StreamAbandon, "stream-abandon", streamAbandon)
	if s.StreamAbandon == 0 {
		errs = append(errs, fmt.Errorf("--stream-abandon: must be more than zero"))
	}
	duration(&s.ProviderRetryBase, "provider-retry-base", retryBase)
	duration(&s.WaitRecheck, "wait-recheck", waitRecheck)
	if s.WaitRecheck == 0 {
		errs = append(errs, fmt.Errorf("--wait-recheck: must be more than zero"))
	}
	var err error
	if s.WebhookRetrySchedule, err = ParseSchedule(schedule); err != nil {
		errs = append(errs, fmt.Errorf("--webhook-retry-schedule: %w", err))
	}
	if s.RateSandbox, err = ParseRate(rateSandbox); err != nil {
		errs = append(errs, fmt.Errorf("--rate-sandbox: %w", err))
	}
	if s.RateLive, err = ParseRate(rateLive); err != nil {
		errs = append(errs, fmt.Errorf("--rate-live: %w", err))
	}
	if s.FreeJobs, err = strconv.Atoi(freeJobs); err != nil || s.FreeJobs < 0 {
		errs = append(errs, fmt.Errorf("--free-jobs: %q is not a whole number", freeJobs))
	}
	if s.DatabaseURL != "" && !s.IsPostgres() {
		errs = append(errs, errors.New("--database-url: only postgres:// URLs are supported; leave it empty for SQLite"))
	}
	if s.PublicURL != "" {
		if u, err := url.Parse(s.PublicURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			errs = append(errs, fmt.Errorf("--public-url: %q is not an absolute http(s) URL", s.PublicURL))
		}
		s.PublicURL = strings.TrimRight(s.PublicURL, "/")
	}
	switch s.LogLevel {
	case "debug", "info", "warn", "error":
	default:
		errs = append(errs, fmt.Errorf("--log-level: %q is not debug, info, warn or error", s.LogLevel))
	}
	if err := errors.Join(errs...); err != nil {
		return Settings{}, nil, err
	}
	return s, fs.Args(), nil
}
