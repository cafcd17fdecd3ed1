package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"explorer/internal/browser"

	"github.com/chromedp/chromedp"
)

// pageState is what the project page shows at one look: where the tab
// is, the job bar's value (-1 without a bar), and whether the project
// failed, can be explored, or has topics.
type pageState struct {
	Path     string  `json:"path"`
	Bar      float64 `json:"bar"`
	Failed   string  `json:"failed"`
	Explore  bool    `json:"explore"`
	Topics   bool    `json:"topics"`
	Headline string  `json:"status"`
}

const pageStateJS = `(() => {
	const q = s => document.querySelector(s);
	const bar = q('#job-bar');
	return JSON.stringify({
		path: location.pathname,
		bar: bar ? Number(bar.value) : -1,
		failed: q('#failed') ? q('#failed').innerText : (q('main .error, main [role=alert]') ? q('main .error, main [role=alert]').innerText : ''),
		explore: !!q('#explore select[name=column]'),
		topics: !!q('#explore') && !q('#no-topics'),
		status: q('#status') ? q('#status').innerText : ''
	});
})()`

// pageSeen is what watching a step on the page saw.
type pageSeen struct {
	bars []float64 // distinct bar values, in order, as fractions
	wall time.Duration
	end  pageState
}

// runLargePage does what runLarge does through the pages, as a person
// would in Chromium: sign in, choose the file on the projects page,
// import, watch the job's bar until the project page shows the columns,
// choose the review column, explore, and watch the bar until the topics
// show; /healthz is timed meanwhile.
func runLargePage(c config) error {
	data, err := os.MkdirTemp("", "servebench-large-page-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(data)
	file := filepath.Join(data, "reviews.csv")
	if err := os.WriteFile(file, feedbackCSV(c.largePage), 0o600); err != nil {
		return err
	}
	st, _ := os.Stat(file)
	fmt.Printf("## A large project through the pages (%s): %d generated reviews, %.0f MB of CSV, headless Chromium\n\n",
		time.Now().UTC().Format(time.DateOnly), c.largePage, float64(st.Size())/(1<<20))
	srv, _, err := startServer(c.bin, filepath.Join(data, "data"), []string{"--max-upload", largeUpload})
	if err != nil {
		return err
	}
	defer srv.stop()
	tab, stop, err := browser.Start()
	if err != nil {
		return err
	}
	defer stop()
	ctx, cancel := context.WithTimeout(tab, 30*time.Minute)
	defer cancel()
	cl, _ := newClient(srv)
	if err := cl.buyCredits("admin", c.largePage); err != nil {
		return err
	}
	probe := startHealthProbe(srv, cl.http)
	imp, exp, err := pageSteps(ctx, srv.base, file)
	health := probe.stop()
	if err != nil {
		return err
	}
	fmt.Printf("| step | wall s | bar values seen | first … last | page at the end |\n|---|---|---|---|---|\n")
	for _, r := range []struct {
		name string
		s    pageSeen
	}{{"import (projects page)", imp}, {"explore (project page)", exp}} {
		fmt.Printf("| %s | %.1f | %d | %s | %s |\n", r.name, r.s.wall.Seconds(), len(r.s.bars), progressSummary(r.s.bars), r.s.end.Headline)
	}
	fmt.Printf("\n- total %.1f s; server peak resident %.0f MB (VmHWM)\n", (imp.wall + exp.wall).Seconds(), float64(srv.peakRSS())/(1<<20))
	fmt.Printf("- /healthz during the run: %d probes, p50 %.1f ms, p99 %.1f ms, max %.1f ms, %d failed\n",
		len(health.ms), pct(health.ms, 50), pct(health.ms, 99), pct(health.ms, 100), health.failed)
	return nil
}

// pageSteps signs in, imports file and explores it on the pages.
func pageSteps(ctx context.Context, base, file string) (imp, exp pageSeen, err error) {
	err = chromedp.Do(ctx,
		chromedp.Navigate(base+"/login"),
		chromedp.WaitVisible(`form[action="/login"] input[name=username]`),
		chromedp.SendKeys(`form[action="/login"] input[name=username]`, "admin"),
		chromedp.SendKeys(`form[action="/login"] input[name=password]`, adminPassword),
		chromedp.Click(`form[action="/login"] button[type=submit]`),
		chromedp.WaitVisible(`form.signout`),
		chromedp.Navigate(base+"/projects"),
		chromedp.WaitVisible(`#import input[type=file]`),
		chromedp.SetUploadFiles(`#import input[type=file]`, []string{file}),
		chromedp.SendKeys(`#import input[name=title]`, "large through the page"),
	)
	if err != nil {
		return imp, exp, fmt.Errorf("sign in and choose the file: %w", err)
	}
	imp, err = watchStep(ctx, `#import button[type=submit]`, func(s pageState) bool { return s.Explore && s.Bar < 0 })
	if err != nil {
		return imp, exp, fmt.Errorf("import: %w", err)
	}
	if err := chromedp.Do(ctx, chromedp.SetValue(`#explore select[name=column]`, "review")); err != nil {
		return imp, exp, err
	}
	exp, err = watchStep(ctx, `#explore button[type=submit]`, func(s pageState) bool { return s.Topics && s.Bar < 0 })
	if err != nil {
		return imp, exp, fmt.Errorf("explore: %w", err)
	}
	return imp, exp, nil
}

// watchStep clicks button, then looks at the page every 250 ms until
// done says the step ended (or the page shows it failed), keeping the
// bar's values.
func watchStep(ctx context.Context, button string, done func(pageState) bool) (pageSeen, error) {
	var seen pageSeen
	var last pageState
	began := time.Now()
	if err := chromedp.Do(ctx, chromedp.Click(button)); err != nil {
		return seen, err
	}
	for {
		time.Sleep(250 * time.Millisecond)
		// A look during the reload that ends a job finds no document: look again.
		raw, err := chromedp.Run(ctx, chromedp.Evaluate[string](pageStateJS))
		if err != nil {
			if ctx.Err() != nil {
				return seen, err
			}
			continue
		}
		var s pageState
		if err := json.Unmarshal([]byte(raw), &s); err != nil {
			return seen, err
		}
		if s != last {
			fmt.Fprintf(os.Stderr, "%6.1f s: %+v\n", time.Since(began).Seconds(), s)
			last = s
		}
		if s.Bar >= 0 {
			if n := len(seen.bars); n == 0 || seen.bars[n-1] != s.Bar/100 {
				seen.bars = append(seen.bars, s.Bar/100)
			}
		}
		if s.Failed != "" {
			return seen, fmt.Errorf("the page says: %s", s.Failed)
		}
		if done(s) {
			seen.wall, seen.end = time.Since(began), s
			return seen, nil
		}
	}
}
