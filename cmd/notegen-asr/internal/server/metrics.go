package server

import (
	"github.com/prometheus/client_golang/prometheus"

	"github.com/notegen/notegen/cmd/notegen-asr/internal/metric"
)

// metrics are the Prometheus series the server exports on /metrics.
type metrics struct {
	requests     *prometheus.CounterVec
	audioSeconds prometheus.Counter
	procSeconds  prometheus.Counter
	rtf          prometheus.Histogram
	duration     prometheus.Histogram
	inFlight     prometheus.Gauge
	queued       prometheus.Gauge
}

func newMetrics(reg prometheus.Registerer) *metrics {
	m := &metrics{
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "notegen_asr_requests_total",
			Help: "Transcription requests by HTTP status code.",
		}, []string{"code"}),
		audioSeconds: metric.Counter("notegen_asr_audio_seconds_total", "Seconds of audio transcribed."),
		procSeconds:  metric.Counter("notegen_asr_processing_seconds_total", "Wall-clock seconds spent decoding and recognising (excluding queue wait)."),
		rtf: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name:    "notegen_asr_real_time_factor",
			Help:    "Processing time divided by audio duration, per request (lower is faster).",
			Buckets: []float64{0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2},
		}),
		duration: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name:    "notegen_asr_request_duration_seconds",
			Help:    "Transcription request latency including queue wait.",
			Buckets: prometheus.ExponentialBuckets(0.05, 2, 14),
		}),
		inFlight: metric.Gauge("notegen_asr_in_flight", "Transcriptions running now."),
		queued:   metric.Gauge("notegen_asr_queued", "Transcriptions waiting for a free slot."),
	}
	reg.MustRegister(m.requests, m.audioSeconds, m.procSeconds, m.rtf, m.duration, m.inFlight, m.queued)
	return m
}
