package realtime

import (
	"github.com/prometheus/client_golang/prometheus"

	"github.com/notegen/notegen/cmd/notegen-asr/internal/metric"
)

// metrics are the realtime series on /metrics; the real-time factor of
// streaming is notegen_asr_realtime_processing_seconds_total divided by
// notegen_asr_realtime_audio_seconds_total.
type metrics struct {
	open         prometheus.Gauge
	refused      prometheus.Counter
	slowDrops    prometheus.Counter
	utterances   prometheus.Counter
	audioSeconds prometheus.Counter
	procSeconds  prometheus.Counter
	cpuSeconds   prometheus.Counter
}

func newMetrics(reg prometheus.Registerer) *metrics {
	m := &metrics{
		open:         metric.Gauge("notegen_asr_realtime_sessions", "Realtime sessions open now."),
		refused:      metric.Counter("notegen_asr_realtime_refused_total", "Realtime sessions refused because every slot was taken."),
		slowDrops:    metric.Counter("notegen_asr_realtime_slow_client_drops_total", "Realtime sessions closed because the client stopped reading."),
		utterances:   metric.Counter("notegen_asr_realtime_utterances_total", "Utterances completed by realtime sessions."),
		audioSeconds: metric.Counter("notegen_asr_realtime_audio_seconds_total", "Seconds of audio received by realtime sessions."),
		procSeconds: metric.Counter("notegen_asr_realtime_processing_seconds_total",
			"Seconds spent recognising realtime audio (divide by audio seconds for the real-time factor)."),
		cpuSeconds: metric.Counter("notegen_asr_realtime_cpu_seconds_total",
			"CPU seconds of the threads recognising realtime audio: the real-time factor on one core, whatever the load."),
	}
	reg.MustRegister(m.open, m.refused, m.slowDrops, m.utterances, m.audioSeconds, m.procSeconds, m.cpuSeconds)
	return m
}
