package server

import (
	"explorer/identity"
	"net/http"
	"strconv"
	"sync/atomic"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/gofiber/fiber/v2/middleware/adaptor"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// Metrics holds the Prometheus collectors of the server.
type Metrics struct {
	Registry *prometheus.Registry
	requests *prometheus.CounterVec
	duration *prometheus.HistogramVec
	closed   *prometheus.CounterVec
	// served counts the requests answered but probes' (probePath), for
	// ReturnMemoryWhenIdle: a monitor asking every few seconds is no
	// traffic that keeps memory in use.
	served atomic.Int64
}

// NewMetrics returns collectors registered on a new registry, with the Go
// and process collectors.
func NewMetrics() *Metrics {
	m := &Metrics{
		Registry: prometheus.NewRegistry(),
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "explorer_http_requests_total",
			Help: "HTTP requests by route, method and status.",
		}, []string{"route", "method", "status"}),
		duration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "explorer_http_request_duration_seconds",
			Help:    "HTTP request latency by route, method and status.",
			Buckets: prometheus.DefBuckets,
		}, []string{"route", "method", "status"}),
		closed: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "explorer_connections_closed_total",
			Help: "Connections the server refused or closed on its own, by reason (max-conns, max-conns-per-ip, evicted-idle, header-timeout, unreadable).",
		}, []string{"reason"}),
	}
	m.Registry.MustRegister(m.requests, m.duration, m.closed,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

// CountService registers the identity service's own counters: the
// password verifications its bounded pool refused (429, issue 32 item 2). A nil
// Metrics registers nothing; registering twice on one registry is refused
// by the registry and ignored.
func (m *Metrics) CountService(svc *identity.Service) {
	if m == nil || svc == nil {
		return
	}
	_ = m.Registry.Register(prometheus.NewCounterFunc(prometheus.CounterOpts{
		Name: "explorer_password_checks_refused_total",
		Help: "Password verifications refused because the hashing pool and its queue were full (answered 429 with Retry-After).",
	}, func() float64 { return float64(svc.HashRefused()) }))
}

// record counts one answered request.
func (m *Metrics) record(route, method string, status int, d time.Duration) {
	s := strconv.Itoa(status)
	m.requests.WithLabelValues(route, method, s).Inc()
	if !probePath(route) {
		m.served.Add(1)
	}
	m.duration.WithLabelValues(route, method, s).Observe(d.Seconds())
}

// connClosed counts a connection closed for reason; a nil Metrics counts
// nothing.
func (m *Metrics) connClosed(reason string) {
	if m != nil {
		m.closed.WithLabelValues(reason).Inc()
	}
}

func (m *Metrics) handler() fiber.Handler {
	return adaptor.HTTPHandler(m.HTTPHandler())
}

// HTTPHandler serves the metrics in the Prometheus text format, for a
// listener of its own.
func (m *Metrics) HTTPHandler() http.Handler {
	return promhttp.HandlerFor(m.Registry, promhttp.HandlerOpts{})
}
