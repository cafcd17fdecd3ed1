// Package browser starts headless Chromium for page tests, driven with
// chromedp. Without Chromium the tests are skipped, except under CI
// (CI=true), where .ci/run installs it and its absence is a failure.
package browser

import (
	"context"
	"os"
	"os/exec"
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

// New returns a chromedp context of a fresh headless Chromium, closed when
// the test ends. Every action on it times out after timeout.
func New(t testing.TB, timeout time.Duration) context.Context {
	t.Helper()
	bin := path()
	if bin == "" {
		if os.Getenv("CI") != "" {
			t.Fatal("chromium is not installed (.ci/run installs it)")
		}
		t.Skip("chromium is not installed")
	}
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(bin),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.UserDataDir(t.TempDir()),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.WindowSize(1280, 900),
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	bctx, cancelCtx := chromedp.NewContext(actx)
	// The first run starts the browser; it must not carry the timeout,
	// which would stop the whole browser.
	if err := chromedp.Do(bctx); err != nil {
		cancelCtx()
		cancelAlloc()
		t.Fatalf("starting chromium: %v", err)
	}
	ctx, cancelTimeout := context.WithTimeout(bctx, timeout)
	t.Cleanup(func() {
		cancelTimeout()
		cancelCtx()
		cancelAlloc()
	})
	return ctx
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

// Save writes a PNG of the whole page to the test's artifact folder (kept
// with go test -artifacts -outputdir DIR), or to EXPLORER_SCREENSHOTS
// when set. Quality 100 makes a PNG (below it, chromedp writes JPEG).
func Save(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	dir := os.Getenv("EXPLORER_SCREENSHOTS")
	if dir == "" {
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
