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
	f := &flags{fs: fs, getenv: getenv}
	f.str(&s.Addr, "addr", "127.0.0.1:8080", "address to listen on")
	f.str(&s.DataDir, "data-dir", "./notegen-data", "directory for the SQLite database, the master key and stored files")
	f.secret(&s.DatabaseURL, "database-url", "postgres://... to use PostgreSQL; empty for SQLite in the data directory")
	f.str(&s.PublicURL, "public-url", "", "public base URL of this service (default http://<addr>)")
	f.secret(&s.MasterKey, "master-key", "base64 of 32 bytes; default: generated into the data directory")
	f.boolean(&s.Signup, "signup", "true", "allow public account creation")
	f.duration(&s.Retention, "retention", "48h", "how long job data is kept after completion")
	f.boolean(&s.WebhookAllowPrivate, "webhook-allow-private", "false", "allow webhook delivery to private and loopback addresses")
	f.typed("webhook-retry-schedule", "5s,5m,30m,2h,5h,10h,10h", "delays between webhook delivery attempts", func(v string) (err error) {
		s.WebhookRetrySchedule, err = ParseSchedule(v)
		return err
	})
	f.typed("rate-sandbox", "60/min", "request rate per sandbox key", func(v string) (err error) {
		s.RateSandbox, err = ParseRate(v)
		return err
	})
	f.typed("rate-live", "600/min", "request rate per live key", func(v string) (err error) {
		s.RateLive, err = ParseRate(v)
		return err
	})
	f.typed("free-jobs", "100", "free live jobs per account", func(v string) error {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			return fmt.Errorf("%q is not a whole number", v)
		}
		s.FreeJobs = n
		return nil
	})
	f.str(&s.StorageURL, "storage-url", "", "s3://bucket[/prefix]?endpoint=host:port[&insecure=true] to keep audio in S3-compatible storage")
	f.secret(&s.S3AccessKey, "s3-access-key", "object storage access key")
	f.secret(&s.S3SecretKey, "s3-secret-key", "object storage secret key")
	f.str(&s.STTURL, "stt-url", "", "OpenAI-compatible speech-to-text base URL")
	f.secret(&s.STTAPIKey, "stt-api-key", "speech-to-text API key")
	f.str(&s.STTModel, "stt-model", "", "speech-to-text model")
	f.str(&s.STTStreamURL, "stt-stream-url", "", "streaming speech-to-text WebSocket (OpenAI Realtime transcription protocol) for live streams")
	f.str(&s.LLMURL, "llm-url", "", "OpenAI-compatible chat completions base URL; empty for the built-in writer")
	f.secret(&s.LLMAPIKey, "llm-api-key", "language model API key")
	f.str(&s.LLMModel, "llm-model", "", "language model name")
	f.duration(&s.RefreshReuseGrace, "refresh-reuse-grace", "5s", "window in which a concurrent duplicate refresh gets the same successor")
	f.duration(&s.JobTimeout, "job-timeout", "10m", "longest a background job attempt may run")
	f.duration(&s.UploadTTL, "upload-ttl", "1h", "how long a presigned upload URL stays valid")
	f.positiveDuration(&s.StreamAbandon, "stream-abandon", "60s", "how long a live stream may go without audio before it is finished with what it received")
	f.duration(&s.SweepInterval, "sweep-interval", "1m", "how often expired job data and uploads are swept")
	f.positiveDuration(&s.WaitRecheck, "wait-recheck", "3s", "how often a status long poll re-reads the job if no change notification arrives")
	f.duration(&s.ProviderRetryBase, "provider-retry-base", "2s", "first delay before retrying a failed provider call; doubles each attempt")
	f.boolean(&s.KeepAudio, "keep-audio", "false", "keep audio after transcription")
	f.str(&s.LogLevel, "log-level", "info", "debug, info, warn or error")
	f.str(&s.PprofAddr, "pprof-addr", "", "serve Go's /debug/pprof on this address (for example 127.0.0.1:6060); empty: off")

	if err := fs.Parse(args); err != nil {
		return Settings{}, nil, err
	}
	f.readSecrets()
	errs := f.convert()
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

// flags registers every setting as a string flag whose default the
// setting's environment variable overrides; the typed ones are converted
// once the flags are parsed, so that every bad value is reported at once.
type flags struct {
	fs       *flag.FlagSet
	getenv   func(string) string
	converts []func() error
	// secrets are the variables read only once the flags are parsed.
	secrets map[string]*string
}

// envName is the environment variable of a flag: NOTEGEN_ and the flag's
// name in upper case, with underscores for dashes ("data-dir":
// NOTEGEN_DATA_DIR).
func envName(flagName string) string {
	return "NOTEGEN_" + strings.ToUpper(strings.ReplaceAll(flagName, "-", "_"))
}

// str registers a text setting.
func (f *flags) str(p *string, name, def, usage string) {
	env := envName(name)
	if v := f.getenv(env); v != "" {
		def = v
	}
	f.fs.StringVar(p, name, def, usage+" (env "+env+")")
}

// secret registers a text setting that must never be printed (a key, a
// password in a URL): its variable is not the flag's default, which the
// usage after -h or a mistyped flag would show, but read after parsing
// when the flag is not given.
func (f *flags) secret(p *string, name, usage string) {
	f.fs.StringVar(p, name, "", usage+" (env "+envName(name)+")")
	if f.secrets == nil {
		f.secrets = map[string]*string{}
	}
	f.secrets[name] = p
}

// readSecrets sets each secret that no flag gave from its variable.
func (f *flags) readSecrets() {
	given := map[string]bool{}
	f.fs.Visit(func(fl *flag.Flag) { given[fl.Name] = true })
	for name, p := range f.secrets {
		if !given[name] {
			*p = f.getenv(envName(name))
		}
	}
}

// typed registers a setting that conv reads from its text after parsing;
// conv's error is reported against the flag.
func (f *flags) typed(name, def, usage string, conv func(string) error) {
	var text string
	f.str(&text, name, def, usage)
	f.converts = append(f.converts, func() error {
		if err := conv(text); err != nil {
			return fmt.Errorf("--%s: %w", name, err)
		}
		return nil
	})
}

// boolean registers a true-or-false setting.
func (f *flags) boolean(p *bool, name, def, usage string) {
	f.typed(name, def, usage, func(v string) error {
		b, err := strconv.ParseBool(v)
		if err != nil {
			return fmt.Errorf("%q is not true or false", v)
		}
		*p = b
		return nil
	})
}

// duration registers a setting of zero or more time.
func (f *flags) duration(p *time.Duration, name, def, usage string) {
	f.typed(name, def, usage, func(v string) error { return parseDuration(p, v, false) })
}

// positiveDuration registers a duration that must be more than zero.
func (f *flags) positiveDuration(p *time.Duration, name, def, usage string) {
	f.typed(name, def, usage, func(v string) error { return parseDuration(p, v, true) })
}

func parseDuration(p *time.Duration, v string, positive bool) error {
	d, err := time.ParseDuration(v)
	if err != nil || d < 0 {
		return fmt.Errorf("%q is not a duration", v)
	}
	if positive && d == 0 {
		return errors.New("must be more than zero")
	}
	*p = d
	return nil
}

// convert reads every typed setting from its parsed text and returns the
// values that were not valid.
func (f *flags) convert() []error {
	var errs []error
	for _, conv := range f.converts {
		if err := conv(); err != nil {
			errs = append(errs, err)
		}
	}
	return errs
}
