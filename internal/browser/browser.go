// Package browser starts headless Chromium for page tests, driven with
// chromedp. Without Chromium the tests are skipped, except under CI
// (CI=true), where .ci/run installs it and its absence is a failure.
package browser

import (
	"context"
	"errors"
	"flag"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// path finds the Chromium binary.
func path() string {
	if p := os.Getenv("EXPLORER_CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// shared is the one Chromium of a test process, started by the first New
// and stopped by Close (or by the kernel when the process ends: chromedp
// starts it with a parent-death signal).
var shared struct {
	mu     sync.Mutex
	ctx    context.Context // the browser's first chromedp context
	cancel func()
}

// New returns a chromedp context of a fresh tab of headless Chromium in a
// browser context of its own (its own cookies, storage and cache, as a
// new browser would have), closed when the test ends. Every test of a
// process shares one Chromium, started by the first. Every action on the
// context times out after timeout. The test's name starts with
// TestBrowser: make test's PostgreSQL pass leaves browser tests out by
// that name (PG_SKIP in the Makefile), so New fails any other.
func New(t testing.TB, timeout time.Duration) context.Context {
	t.Helper()
	if !strings.HasPrefix(t.Name(), "TestBrowser") {
		t.Fatalf("%s opens a browser: its name must start with TestBrowser (make test's PostgreSQL pass skips those by name)", t.Name())
	}
	bin := path()
	if bin == "" {
		if os.Getenv("CI") != "" {
			t.Fatal("chromium is not installed (.ci/run installs it)")
		}
		t.Skip("chromium is not installed")
	}
	bctx, err := start(bin)
	if err != nil {
		t.Fatalf("starting chromium: %v", err)
	}
	tab, cancelTab := chromedp.NewContext(bctx, chromedp.WithNewBrowserContext())
	if err := chromedp.Do(tab); err != nil {
		cancelTab()
		t.Fatalf("opening a tab: %v", err)
	}
	ctx, cancelTimeout := context.WithTimeout(tab, timeout)
	t.Cleanup(func() {
		cancelTimeout()
		cancelTab()
	})
	return ctx
}

// start starts the shared Chromium unless it runs, and returns its context.
func start(bin string) (context.Context, error) {
	shared.mu.Lock()
	defer shared.mu.Unlock()
	if shared.ctx != nil && shared.ctx.Err() == nil {
		return shared.ctx, nil
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), allocatorOptions(bin)...)
	bctx, cancelCtx := chromedp.NewContext(actx)
	// The first run starts the browser; it carries no test's timeout,
	// which would stop the whole browser.
	if err := chromedp.Do(bctx); err != nil {
		cancelCtx()
		cancelAlloc()
		return nil, err
	}
	shared.ctx = bctx
	shared.cancel = func() {
		cancelCtx()
		cancelAlloc()
	}
	return bctx, nil
}

// Start starts a headless Chromium of its own for a program (a page
// benchmark) and returns a tab's context and what stops it.
func Start() (context.Context, func(), error) {
	bin := path()
	if bin == "" {
		return nil, nil, errors.New("chromium is not installed (set EXPLORER_CHROMIUM to its path)")
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), allocatorOptions(bin)...)
	tab, cancelTab := chromedp.NewContext(actx)
	stop := func() {
		cancelTab()
		cancelAlloc()
	}
	if err := chromedp.Do(tab); err != nil {
		stop()
		return nil, nil, err
	}
	return tab, stop, nil
}

// allocatorOptions are the flags Chromium runs with: headless, no
// sandbox, nothing fetched in the background.
func allocatorOptions(bin string) []chromedp.ExecAllocatorOption {
	return []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(bin),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.WindowSize(1280, 900),
	}
}

// Close stops the shared Chromium and removes its profile directory; a
// package's TestMain calls it after its tests ran.
func Close() {
	shared.mu.Lock()
	defer shared.mu.Unlock()
	if shared.cancel != nil {
		shared.cancel()
		shared.ctx, shared.cancel = nil, nil
	}
}

// Screenshot saves a PNG of the page to path when EXPLORER_SCREENSHOTS
// names a directory, for looking at the pages.
func Screenshot(t testing.TB, ctx context.Context, name string) {
	t.Helper()
	dir := os.Getenv("EXPLORER_SCREENSHOTS")
	if dir == "" {
		return
	}
	buf, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Logf("screenshot %s: %v", name, err)
		return
	}
	_ = os.MkdirAll(dir, 0o755)
	if err := os.WriteFile(dir+"/"+name+".png", buf, 0o644); err != nil {
		t.Logf("screenshot %s: %v", name, err)
	}
}

// Save writes a PNG of the whole page to the test's artifact folder when
// they are kept (go test -artifacts -outputdir DIR), or to
// EXPLORER_SCREENSHOTS when set; otherwise it takes none (a full-page
// screenshot costs the browser a paint and an encoding, and the folder of
// a run without -artifacts is removed). Quality 100 makes a PNG (below
// it, chromedp writes JPEG).
func Save(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	dir := os.Getenv("EXPLORER_SCREENSHOTS")
	if dir == "" {
		if !artifactsKept() {
			return
		}
		dir = t.ArtifactDir()
	}
	buf, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Logf("screenshot %s: %v", name, err)
		return
	}
	_ = os.MkdirAll(dir, 0o755)
	if err := os.WriteFile(dir+"/"+name+".png", buf, 0o644); err != nil {
		t.Logf("screenshot %s: %v", name, err)
	}
}

// artifactsKept tells whether the test binary runs with -test.artifacts.
func artifactsKept() bool {
	f := flag.Lookup("test.artifacts")
	return f != nil && f.Value.String() == "true"
}
