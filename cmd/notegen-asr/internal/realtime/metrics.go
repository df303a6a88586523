package realtime

import "github.com/prometheus/client_golang/prometheus"

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
		open: prometheus.NewGauge(prometheus.GaugeOpts{Name: "notegen_asr_realtime_sessions", Help: "Realtime sessions open now."}),
		refused: prometheus.NewCounter(prometheus.CounterOpts{Name: "notegen_asr_realtime_refused_total",
			Help: "Realtime sessions refused because every slot was taken."}),
		slowDrops: prometheus.NewCounter(prometheus.CounterOpts{Name: "notegen_asr_realtime_slow_client_drops_total",
			Help: "Realtime sessions closed because the client stopped reading."}),
		utterances: prometheus.NewCounter(prometheus.CounterOpts{Name: "notegen_asr_realtime_utterances_total",
			Help: "Utterances completed by realtime sessions."}),
		audioSeconds: prometheus.NewCounter(prometheus.CounterOpts{Name: "notegen_asr_realtime_audio_seconds_total",
			Help: "Seconds of audio received by realtime sessions."}),
		procSeconds: prometheus.NewCounter(prometheus.CounterOpts{Name: "notegen_asr_realtime_processing_seconds_total",
			Help: "Seconds spent recognising realtime audio (divide by audio seconds for the real-time factor)."}),
		cpuSeconds: prometheus.NewCounter(prometheus.CounterOpts{Name: "notegen_asr_realtime_cpu_seconds_total",
			Help: "CPU seconds of the threads recognising realtime audio: the real-time factor on one core, whatever the load."}),
	}
	reg.MustRegister(m.open, m.refused, m.slowDrops, m.utterances, m.audioSeconds, m.procSeconds, m.cpuSeconds)
	return m
}
