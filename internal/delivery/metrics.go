package delivery

import "github.com/prometheus/client_golang/prometheus"

// deliveryMetrics are the delivery counters and latencies in /metrics.
type deliveryMetrics struct {
	attempts   *prometheus.CounterVec
	latency    *prometheus.HistogramVec
	dispatched prometheus.Counter
}

func newDeliveryMetrics(reg prometheus.Registerer) *deliveryMetrics {
	m := &deliveryMetrics{
		attempts: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "notegen_webhook_deliveries_total",
			Help: "Webhook delivery attempts by event type and result (succeeded, retry, failed, refused, skipped).",
		}, []string{"event", "result"}),
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "notegen_webhook_delivery_duration_seconds",
			Help:    "Duration of webhook delivery attempts, by result.",
			Buckets: []float64{0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15},
		}, []string{"result"}),
		dispatched: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "notegen_webhook_events_dispatched_total",
			Help: "Outbox events turned into webhook deliveries.",
		}),
	}
	if reg != nil {
		reg.MustRegister(m.attempts, m.latency, m.dispatched)
	}
	return m
}

func (m *deliveryMetrics) observe(event string, res result) {
	m.attempts.WithLabelValues(event, res.Outcome).Inc()
	m.latency.WithLabelValues(res.Outcome).Observe(res.Latency.Seconds())
}

func (m *deliveryMetrics) skipped(event string) {
	m.attempts.WithLabelValues(event, StatusSkipped).Inc()
}
