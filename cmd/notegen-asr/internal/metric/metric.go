// Package metric builds the plain Prometheus series that the batch server
// and the realtime endpoint of notegen-asr both export, so that each series
// is declared by its name and help alone.
package metric

import "github.com/prometheus/client_golang/prometheus"

// Counter returns an unregistered counter; the caller registers it with the
// rest of its series.
func Counter(name, help string) prometheus.Counter {
	return prometheus.NewCounter(prometheus.CounterOpts{Name: name, Help: help})
}

// Gauge returns an unregistered gauge; the caller registers it with the rest
// of its series.
func Gauge(name, help string) prometheus.Gauge {
	return prometheus.NewGauge(prometheus.GaugeOpts{Name: name, Help: help})
}
