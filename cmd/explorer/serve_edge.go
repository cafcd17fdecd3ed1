package main

import (
	"flag"
	"fmt"
	"log/slog"
	"os"
	"strconv"
	"strings"
	"time"

	httpserver "explorer/internal/server"
)

// edgeConfig is the configuration of the HTTP edge (see internal/server).
type edgeConfig struct {
	RequestTimeout time.Duration
	UploadTimeout  time.Duration
	Uploads        int
	TrustedProxies listFlag
}

// edgeFlags declares the edge's flags on fs, with their environment
// variables as defaults.
func edgeFlags(fs *flag.FlagSet, c *edgeConfig) {
	fs.DurationVar(&c.RequestTimeout, "request-timeout", envDuration("EXPLORER_REQUEST_TIMEOUT", time.Minute), "deadline of a request; its work stops when it passes or the client goes away (EXPLORER_REQUEST_TIMEOUT)")
	fs.DurationVar(&c.UploadTimeout, "upload-timeout", envDuration("EXPLORER_UPLOAD_TIMEOUT", 10*time.Minute), "deadline of an upload or import request (EXPLORER_UPLOAD_TIMEOUT)")
	uploads, _ := strconv.Atoi(envOr("EXPLORER_UPLOADS", "4"))
	fs.IntVar(&c.Uploads, "uploads", uploads, "uploads read and processed at once; more wait up to 30s, then 503 (EXPLORER_UPLOADS)")
	if env := os.Getenv("EXPLORER_TRUSTED_PROXIES"); env != "" {
		c.TrustedProxies = strings.Split(env, ",")
	}
	fs.Var(&c.TrustedProxies, "trusted-proxy", "CIDR or address of a proxy whose X-Forwarded-For names the client; repeatable (EXPLORER_TRUSTED_PROXIES, comma-separated)")
}

// check refuses settings that cannot work.
func (c *edgeConfig) check() error {
	if c.RequestTimeout < time.Second || c.UploadTimeout < time.Second {
		return usageError("--request-timeout and --upload-timeout: give at least 1s, such as 1m")
	}
	if c.Uploads < 1 {
		return usageError("--uploads: give at least 1")
	}
	if err := httpserver.CheckTrustedProxies(c.TrustedProxies); err != nil {
		return usageError(fmt.Sprintf("--trusted-proxy: %v", err))
	}
	return nil
}

// serverConfig is the edge's configuration for the server.
func (c *edgeConfig) serverConfig(logger *slog.Logger, maxUpload int, secure bool) httpserver.Config {
	return httpserver.Config{
		Logger: logger, MaxUpload: maxUpload, SecureCookies: secure,
		RequestTimeout: c.RequestTimeout, UploadTimeout: c.UploadTimeout,
		Uploads: c.Uploads, TrustedProxies: c.TrustedProxies,
	}
}
