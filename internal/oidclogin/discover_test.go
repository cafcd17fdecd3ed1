package oidclogin

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	explorer "explorer"
)

// TestDiscoveryFailureRemembered: while the provider fails, sign-ins are
// refused at once for retryDiscovery instead of each asking it again; an
// answer past maxProviderBody is not read whole (the discovery fails).
func TestDiscoveryFailureRemembered(t *testing.T) {
	var asked atomic.Int32
	huge, issuer := false, ""
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		asked.Add(1)
		if huge {
			w.Header().Set("Content-Type", "application/json")
			// A valid document but for its size: read whole, it would do.
			_, _ = w.Write([]byte(`{"issuer":"` + issuer + `","pad":"` + strings.Repeat("x", 2*maxProviderBody) + `"}`))
			return
		}
		http.Error(w, "down", http.StatusInternalServerError)
	}))
	defer srv.Close()
	issuer = srv.URL
	now := time.Unix(1_700_000_000, 0)
	p, err := New(Config{Issuer: srv.URL, ClientID: "c", ClientSecret: "s", RedirectURL: "https://x/cb", Now: func() time.Time { return now }})
	if err != nil {
		t.Fatal(err)
	}
	for range 3 {
		if _, err := p.discover(context.Background()); explorer.ErrorCode(err) != explorer.EUNAVAILABLE {
			t.Fatalf("a failing provider: %v", err)
		}
	}
	if n := asked.Load(); n != 1 {
		t.Fatalf("the provider was asked %d times within %v", n, retryDiscovery)
	}
	now = now.Add(retryDiscovery + time.Second)
	huge = true
	if _, err := p.discover(context.Background()); explorer.ErrorCode(err) != explorer.EUNAVAILABLE || asked.Load() != 2 {
		t.Fatalf("after %v, a %d-byte document: %v (asked %d)", retryDiscovery, 2*maxProviderBody, err, asked.Load())
	}
}

func TestRedactSeveral(t *testing.T) {
	if got := redact(errors.New(`401: {"token":"at-123","client":"sec"}`), "at-123", "", "sec"); got != `401: {"token":"[redacted]","client":"[redacted]"}` {
		t.Fatalf("redacted: %s", got)
	}
}
