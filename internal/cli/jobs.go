package cli

import (
	"context"
	"log/slog"
	"net/http"
	"path/filepath"

	"github.com/notegen/notegen/internal/audio"
	"github.com/notegen/notegen/internal/blobstore"
	"github.com/notegen/notegen/internal/broker"
	"github.com/notegen/notegen/internal/config"
	"github.com/notegen/notegen/internal/job"
	"github.com/notegen/notegen/internal/masterkey"
	"github.com/notegen/notegen/internal/outbox"
	"github.com/notegen/notegen/internal/pipeline"
	"github.com/notegen/notegen/internal/provider"
	"github.com/notegen/notegen/internal/queue"
	"github.com/notegen/notegen/internal/store"
	"github.com/notegen/notegen/internal/sttstream"
	"github.com/notegen/notegen/internal/upload"
)

// newJobs builds the job service and the pipeline that runs its jobs from
// the settings: audio in S3-compatible storage or the data directory, the
// OpenAI-compatible providers when configured, the built-in writer
// otherwise. The job service comes first: it enqueues work through the
// queue alone, and the pipeline calls it for every change it stores.
func newJobs(ctx context.Context, s config.Settings, db *store.DB, key *masterkey.Key, uploads *upload.Signer, q *queue.Inserter, events *broker.Broker,
	dispatch outbox.Dispatcher, log *slog.Logger) (*job.Service, *pipeline.Service, error) {
	var blobs blobstore.Store
	var err error
	if s.StorageURL != "" {
		blobs, err = blobstore.NewS3(ctx, s.StorageURL, s.S3AccessKey, s.S3SecretKey, key)
	} else {
		blobs, err = blobstore.NewLocal(filepath.Join(s.DataDir, "audio"), key)
	}
	if err != nil {
		return nil, nil, err
	}
	client := &http.Client{Timeout: s.JobTimeout}
	var stt provider.Transcriber
	if s.STTURL != "" {
		if !audio.Available() {
			log.Error("speech-to-text is configured but ffmpeg is not installed; live audio jobs are refused")
		} else {
			stt = &provider.OpenAITranscriber{URL: s.STTURL, APIKey: s.STTAPIKey, Model: s.STTModel, Client: client}
		}
	}
	var writer provider.NoteWriter = provider.NewBuiltin()
	if s.LLMURL != "" {
		writer = &provider.OpenAIChat{URL: s.LLMURL, APIKey: s.LLMAPIKey, Model: s.LLMModel, Client: client}
	}
	enqueuer := pipeline.NewEnqueuer(q)
	jobs := job.NewService(job.Deps{
		DB: db, Master: key, Uploads: uploads, Queue: enqueuer, Events: events, Dispatch: dispatch,
	}, job.Config{
		PublicURL: s.PublicURL, FreeJobs: s.FreeJobs, Retention: s.Retention, UploadTTL: s.UploadTTL,
		LiveAudio: stt != nil, StreamAbandon: s.StreamAbandon, WaitRecheck: s.WaitRecheck,
	})
	pipe := pipeline.New(pipeline.Deps{
		Jobs: jobs, DB: db, Blobs: blobs, STT: stt, Writer: writer, Queue: q, Log: log.With("component", "jobs"),
	}, pipeline.Config{
		KeepAudio: s.KeepAudio, TempDir: filepath.Join(s.DataDir, "tmp"),
		SweepInterval: s.SweepInterval, RetryBase: s.ProviderRetryBase,
	})
	// The jobs it queues run on this replica at once.
	enqueuer.RunOn(pipe)
	return jobs, pipe, nil
}

// newLiveTranscriber picks how live streams are transcribed: the streaming
// provider when one is configured, else each utterance through the batch
// provider as it ends; nil when neither is, and live keys' streams are
// refused. Streams carry raw PCM, so neither needs ffmpeg.
func newLiveTranscriber(s config.Settings) sttstream.Opener {
	client := &http.Client{Timeout: s.JobTimeout}
	switch {
	case s.STTStreamURL != "":
		return &sttstream.Realtime{URL: s.STTStreamURL, APIKey: s.STTAPIKey, Model: s.STTModel}
	case s.STTURL != "":
		return &sttstream.Utterances{Transcriber: &provider.OpenAITranscriber{URL: s.STTURL, APIKey: s.STTAPIKey, Model: s.STTModel, Client: client}}
	}
	return nil
}
