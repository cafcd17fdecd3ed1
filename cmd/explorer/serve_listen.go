package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	httpserver "explorer/internal/server"
)

// listenConfig is how serve listens: the connection caps, TLS and the
// metrics listener.
type listenConfig struct {
	MaxConns, MaxConnsPerIP int
	TLSCert, TLSKey         string
	MetricsAddr             string
	// fileLimit is the open-file limit in force (0: unknown), raised to
	// the hard limit when the flags are declared; fileLimitErr says why it
	// could not be.
	fileLimit    uint64
	fileLimitErr error
}

// listenFlags raises the open-file limit, then declares the listener's
// flags on fs: the default cap on connections follows the limit.
func listenFlags(fs *flag.FlagSet, c *listenConfig) {
	c.fileLimit, c.fileLimitErr = httpserver.RaiseFileLimit()
	fs.IntVar(&c.MaxConns, "max-conns", envCount("EXPLORER_MAX_CONNS", httpserver.DefaultMaxConns(c.fileLimit)),
		"most connections open at once, more are closed at once; 0: no cap (EXPLORER_MAX_CONNS; the default is three quarters of the open-file limit, at most 10000)")
	fs.IntVar(&c.MaxConnsPerIP, "max-conns-per-ip", envCount("EXPLORER_MAX_CONNS_PER_IP", 256),
		"most connections open at once from one TCP peer address; trusted proxies are exempt (0: no cap) (EXPLORER_MAX_CONNS_PER_IP)")
	fs.StringVar(&c.TLSCert, "tls-cert", envOr("EXPLORER_TLS_CERT", ""), "PEM certificate chain: serve HTTPS directly, reread on SIGHUP; needs --tls-key (EXPLORER_TLS_CERT)")
	fs.StringVar(&c.TLSKey, "tls-key", envOr("EXPLORER_TLS_KEY", ""), "PEM private key of --tls-cert (EXPLORER_TLS_KEY)")
	fs.StringVar(&c.MetricsAddr, "metrics-addr", envOr("EXPLORER_METRICS_ADDR", ""), "serve /metrics on this address instead of the public one, such as 127.0.0.1:9090 (EXPLORER_METRICS_ADDR)")
}

// check refuses settings that cannot work.
func (c *listenConfig) check() error {
	if c.MaxConns < 0 || c.MaxConnsPerIP < 0 {
		return usageError("--max-conns and --max-conns-per-ip: give a number of connections, or 0 for no cap")
	}
	if (c.TLSCert == "") != (c.TLSKey == "") {
		return usageError("--tls-cert and --tls-key go together")
	}
	return nil
}

// tls reports whether serve speaks HTTPS.
func (c *listenConfig) tls() bool { return c.TLSCert != "" }

// logLimits logs the open-file limit and the caps.
func (c *listenConfig) logLimits(logger *slog.Logger) {
	if c.fileLimitErr != nil {
		logger.Warn("the open-file limit could not be raised to the hard one", "limit", c.fileLimit, "err", c.fileLimitErr)
	}
	logger.Info("connections", "open-file limit", c.fileLimit, "max-conns", c.MaxConns, "max-conns-per-ip", c.MaxConnsPerIP)
	if c.fileLimit > 0 && (c.MaxConns == 0 || uint64(c.MaxConns) >= c.fileLimit) {
		logger.Warn("--max-conns is not below the open-file limit: connections over the limit wait in the kernel's queue", "limit", c.fileLimit)
	}
}

// loadCertificate reads --tls-cert and --tls-key (nil without TLS).
func (c *listenConfig) loadCertificate() (*httpserver.Certificate, error) {
	if !c.tls() {
		return nil, nil
	}
	cert, err := httpserver.LoadCertificate(c.TLSCert, c.TLSKey)
	if err != nil {
		return nil, usageError(err.Error())
	}
	return cert, nil
}

// listen opens the public listener, with TLS when cert is set.
func (c *listenConfig) listen(addr string, proxies []string, cert *httpserver.Certificate, logger *slog.Logger, m *httpserver.Metrics) (net.Listener, error) {
	lc := httpserver.ListenConfig{MaxConns: c.MaxConns, MaxConnsPerIP: c.MaxConnsPerIP, TrustedProxies: proxies, Logger: logger, Metrics: m}
	if cert != nil {
		lc.TLS = cert.TLSConfig()
	}
	return httpserver.Listen(addr, lc)
}

// reloadOnHUP reads the certificate again on each SIGHUP until ctx ends;
// a certificate that does not load leaves the one in use.
func reloadOnHUP(ctx context.Context, cert *httpserver.Certificate, logger *slog.Logger) {
	hup := make(chan os.Signal, 1)
	signal.Notify(hup, syscall.SIGHUP)
	go func() {
		defer signal.Stop(hup)
		for {
			select {
			case <-ctx.Done():
				return
			case <-hup:
			}
			certFile, _ := cert.Files()
			if err := cert.Reload(); err != nil {
				logger.Error("SIGHUP: the TLS certificate was not reloaded; the previous one stays", "err", err)
				continue
			}
			logger.Info("SIGHUP: TLS certificate reloaded", "cert", certFile)
		}
	}()
}

// serveMetrics serves /metrics alone on addr until ctx ends.
func serveMetrics(ctx context.Context, addr string, m *httpserver.Metrics, logger *slog.Logger) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("--metrics-addr: %w", err)
	}
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", m.HTTPHandler())
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second, ReadTimeout: 30 * time.Second,
		WriteTimeout: 30 * time.Second, IdleTimeout: 2 * time.Minute, MaxHeaderBytes: 64 << 10}
	logger.Info("metrics listening", "addr", ln.Addr().String())
	go func() {
		if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			logger.Error("metrics listener", "err", err)
		}
	}()
	go func() {
		<-ctx.Done()
		_ = srv.Close()
	}()
	return nil
}
