package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"

	"github.com/notegen/notegen/cmd/notegen-asr/internal/realtime"
	"github.com/notegen/notegen/cmd/notegen-asr/internal/recognizer"
	"github.com/notegen/notegen/cmd/notegen-asr/internal/server"
	"github.com/notegen/notegen/cmd/notegen-asr/internal/transcribe"
	"github.com/notegen/notegen/cmd/notegen-asr/internal/vad"
)

// options are the command-line flags; each has a NOTEGEN_ASR_* variable as
// its default so the server can be configured from a unit file or container.
type options struct {
	addr, modelDir, modelType, vadModel, language, ffmpeg, tempDir string
	threads, concurrency, queue                                    int
	maxUploadMB, maxAudioSeconds                                   float64
	timeout, shutdownTimeout                                       time.Duration
	debug                                                          bool
	rtSessions                                                     int
	rtIdle                                                         time.Duration
	rtMaxMessageKB                                                 int
}

func parseOptions(args []string, getenv func(string) string, stderr io.Writer) (options, error) {
	env := func(name, def string) string {
		if v := getenv("NOTEGEN_ASR_" + name); v != "" {
			return v
		}
		return def
	}
	envInt := func(name string, def int) int {
		v, err := strconv.Atoi(env(name, strconv.Itoa(def)))
		if err != nil {
			return def
		}
		return v
	}
	envFloat := func(name string, def float64) float64 {
		v, err := strconv.ParseFloat(env(name, strconv.FormatFloat(def, 'f', -1, 64)), 64)
		if err != nil {
			return def
		}
		return v
	}
	envDur := func(name string, def time.Duration) time.Duration {
		v, err := time.ParseDuration(env(name, def.String()))
		if err != nil {
			return def
		}
		return v
	}
	var o options
	fs := flag.NewFlagSet(filepath.Base(args[0]), flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&o.addr, "addr", env("ADDR", "127.0.0.1:8090"), "listen address (NOTEGEN_ASR_ADDR)")
	fs.StringVar(&o.modelDir, "model-dir", env("MODEL_DIR", ""), "sherpa-onnx model directory (NOTEGEN_ASR_MODEL_DIR)")
	fs.StringVar(&o.modelType, "model-type", env("MODEL_TYPE", ""), fmt.Sprintf("model family, detected when empty: %v (NOTEGEN_ASR_MODEL_TYPE)", recognizer.Kinds))
	fs.StringVar(&o.vadModel, "vad-model", env("VAD_MODEL", ""), `Silero VAD model; default lib/silero_vad.onnx beside the binary; "off" cuts fixed 20 s windows (NOTEGEN_ASR_VAD_MODEL)`)
	fs.StringVar(&o.language, "language", env("LANGUAGE", ""), "default language for multilingual models, e.g. en or fr; empty lets Whisper detect it (NOTEGEN_ASR_LANGUAGE)")
	fs.StringVar(&o.ffmpeg, "ffmpeg", env("FFMPEG", "ffmpeg"), "ffmpeg binary (NOTEGEN_ASR_FFMPEG)")
	fs.StringVar(&o.tempDir, "temp-dir", env("TEMP_DIR", ""), "where uploads are spooled; default the system temp dir (NOTEGEN_ASR_TEMP_DIR)")
	fs.IntVar(&o.threads, "threads", envInt("THREADS", 1), "onnxruntime threads per transcription (NOTEGEN_ASR_THREADS)")
	fs.IntVar(&o.concurrency, "concurrency", envInt("CONCURRENCY", 0), "transcriptions at once; default CPUs/threads (NOTEGEN_ASR_CONCURRENCY)")
	fs.IntVar(&o.queue, "queue", envInt("QUEUE", 16), "requests that may wait for a slot before 429 (NOTEGEN_ASR_QUEUE)")
	fs.Float64Var(&o.maxUploadMB, "max-upload-mb", envFloat("MAX_UPLOAD_MB", 200), "request body limit in MiB (NOTEGEN_ASR_MAX_UPLOAD_MB)")
	fs.Float64Var(&o.maxAudioSeconds, "max-audio-seconds", envFloat("MAX_AUDIO_SECONDS", 4*3600), "longest recording accepted (NOTEGEN_ASR_MAX_AUDIO_SECONDS)")
	fs.DurationVar(&o.timeout, "timeout", envDur("TIMEOUT", 30*time.Minute), "per-request limit including queue wait (NOTEGEN_ASR_TIMEOUT)")
	fs.DurationVar(&o.shutdownTimeout, "shutdown-timeout", envDur("SHUTDOWN_TIMEOUT", 60*time.Second), "grace period for in-flight requests on shutdown (NOTEGEN_ASR_SHUTDOWN_TIMEOUT)")
	fs.IntVar(&o.rtSessions, "realtime-sessions", envInt("REALTIME_SESSIONS", realtime.DefaultConfig.MaxSessions), "realtime WebSocket sessions at once, then 429 (NOTEGEN_ASR_REALTIME_SESSIONS)")
	fs.DurationVar(&o.rtIdle, "realtime-idle-timeout", envDur("REALTIME_IDLE_TIMEOUT", realtime.DefaultConfig.IdleTimeout), "a realtime session silent this long is closed (NOTEGEN_ASR_REALTIME_IDLE_TIMEOUT)")
	fs.IntVar(&o.rtMaxMessageKB, "realtime-max-message-kb", envInt("REALTIME_MAX_MESSAGE_KB", int(realtime.DefaultConfig.MaxMessageBytes>>10)), "largest realtime WebSocket message in KiB (NOTEGEN_ASR_REALTIME_MAX_MESSAGE_KB)")
	fs.BoolVar(&o.debug, "debug", env("DEBUG", "") != "", "let sherpa-onnx print its configuration (NOTEGEN_ASR_DEBUG)")
	if err := fs.Parse(args[1:]); err != nil {
		return o, err
	}
	if o.modelDir == "" {
		return o, errors.New("--model-dir (or NOTEGEN_ASR_MODEL_DIR) is required")
	}
	if o.concurrency <= 0 {
		o.concurrency = max(runtime.NumCPU()/max(o.threads, 1), 1)
	}
	return o, nil
}

// defaultVADModel finds silero_vad.onnx where scripts/fetch-libs.sh and the
// dist target put it: lib/ beside the executable.
func defaultVADModel() string {
	exe, err := os.Executable()
	if err != nil {
		return ""
	}
	for _, p := range []string{filepath.Join(filepath.Dir(exe), "lib", "silero_vad.onnx"), filepath.Join(filepath.Dir(exe), "silero_vad.onnx")} {
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	return ""
}

func run(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	o, err := parseOptions(args, getenv, stderr)
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return err
	}
	log := slog.New(slog.NewTextHandler(stderr, nil))

	loadStart := time.Now()
	rec, err := recognizer.New(recognizer.Config{
		ModelDir: o.modelDir, Kind: recognizer.Kind(o.modelType), NumThreads: o.threads, Language: o.language, Debug: o.debug,
	})
	if err != nil {
		return fmt.Errorf("load model: %w", err)
	}
	// native is cleared when in-flight requests outlive the shutdown grace
	// period: their native decodes still use the recognizer, so it must not
	// be freed under them (the process is about to exit anyway).
	native := true
	defer func() {
		if native {
			rec.Close()
		}
	}()
	spec := rec.Spec()
	log.Info("model loaded", "dir", o.modelDir, "type", spec.Kind, "sherpa_onnx", recognizer.Version(),
		"threads", o.threads, "elapsed", time.Since(loadStart).Round(time.Millisecond))

	engine := &transcribe.Engine{Recognizer: rec, FFmpeg: o.ffmpeg, MaxSeconds: o.maxAudioSeconds}
	if o.vadModel == "" {
		o.vadModel = defaultVADModel()
	}
	switch o.vadModel {
	case "":
		return errors.New(`no Silero VAD model found beside the binary: pass --vad-model PATH (or "off")`)
	case "off":
		log.Warn("VAD disabled: audio is cut into fixed 20 s windows, words at the cuts may be lost")
	default:
		pool, err := vad.NewPool(vad.DefaultConfig(o.vadModel), o.concurrency)
		if err != nil {
			return fmt.Errorf("load vad: %w", err)
		}
		defer func() {
			if native {
				pool.Close()
			}
		}()
		engine.VAD = pool
	}

	reg := prometheus.NewRegistry()
	reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	var rt *realtime.Handler
	var rtHandler http.Handler
	if spec.Streaming() {
		rtCfg := realtime.DefaultConfig
		rtCfg.MaxSessions = o.rtSessions
		rtCfg.IdleTimeout = o.rtIdle
		rtCfg.MaxMessageBytes = int64(o.rtMaxMessageKB) << 10
		rtCfg.MaxAudioSeconds = o.maxAudioSeconds
		rtCfg.ModelName = filepath.Base(filepath.Clean(o.modelDir))
		rt = realtime.New(rtCfg, rec, log, reg)
		rtHandler = rt
	}
	srv := server.New(server.Config{
		Realtime:        rtHandler,
		ModelName:       filepath.Base(filepath.Clean(o.modelDir)),
		DefaultLanguage: o.language,
		MaxUploadBytes:  int64(o.maxUploadMB * (1 << 20)),
		Timeout:         o.timeout,
		Concurrency:     o.concurrency,
		QueueSize:       o.queue,
		TempDir:         o.tempDir,
	}, engine, log, reg)

	ln, err := net.Listen("tcp", o.addr)
	if err != nil {
		return fmt.Errorf("listen: %w", err)
	}
	httpSrv := &http.Server{
		Handler:           srv,
		ReadHeaderTimeout: 10 * time.Second,
		IdleTimeout:       2 * time.Minute,
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
	}
	log.Info("listening", "addr", ln.Addr().String(), "concurrency", o.concurrency, "queue", o.queue)
	fmt.Fprintf(stdout, "notegen-asr listening on http://%s\n", ln.Addr())

	errc := make(chan error, 1)
	go func() { errc <- httpSrv.Serve(ln) }()
	select {
	case err := <-errc:
		return fmt.Errorf("serve: %w", err)
	case <-ctx.Done():
	}
	log.Info("shutting down", "grace", o.shutdownTimeout)
	srv.Drain()
	shutCtx, cancel := context.WithTimeout(context.Background(), o.shutdownTimeout)
	defer cancel()
	if rt != nil {
		// Hijacked WebSocket connections are not tracked by Shutdown: end
		// them here so none decodes on a freed recognizer.
		if err := rt.Shutdown(shutCtx); err != nil {
			native = false
			return err
		}
	}
	if err := httpSrv.Shutdown(shutCtx); err != nil {
		native = false
		_ = httpSrv.Close()
		return fmt.Errorf("shutdown: %w", err)
	}
	log.Info("stopped")
	return nil
}
