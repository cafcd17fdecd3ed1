package main

import (
	"io"
	"slices"
	"strings"
	"testing"
	"time"
)

func TestEdgeFlags(t *testing.T) {
	t.Setenv("EXPLORER_TRUSTED_PROXIES", "10.0.0.0/8,192.168.1.1")
	t.Setenv("EXPLORER_UPLOADS", "2")
	c, err := parseServe([]string{"--request-timeout", "30s", "--trusted-proxy", "fd00::/8"}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if c.Edge.RequestTimeout != 30*time.Second || c.Edge.UploadTimeout != 10*time.Minute || c.Edge.Uploads != 2 ||
		!slices.Equal(c.Edge.TrustedProxies, []string{"10.0.0.0/8", "192.168.1.1", "fd00::/8"}) {
		t.Fatalf("edge config %+v", c.Edge)
	}
	sc := c.Edge.serverConfig(nil, 1, false)
	if sc.RequestTimeout != 30*time.Second || sc.Uploads != 2 || len(sc.TrustedProxies) != 3 {
		t.Fatalf("server config %+v", sc)
	}
	for _, args := range [][]string{
		{"--trusted-proxy", "10.0.0.0/99"},
		{"--trusted-proxy", "proxy.example"},
		{"--uploads", "0"},
		{"--request-timeout", "10ms"},
	} {
		if _, err := parseServe(args, io.Discard); err == nil || !strings.Contains(err.Error(), strings.TrimPrefix(args[0], "--")) {
			t.Errorf("%v: %v, want a usage error naming the flag", args, err)
		}
	}
}
