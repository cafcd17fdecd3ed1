package web_test

import (
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"explorer/internal/browser"
	"explorer/internal/testkit"

	"github.com/chromedp/chromedp"
)

// scrollToGroupJS brings group g's title to the top of the view, as a
// person scrolls to the group they open, and waits until what the scroll
// asked for is in (no request under way) and 400 ms passed: the pause
// before the click.
const scrollToGroupJS = `new Promise((resolve) => {
	document.getElementById('group-GID').scrollIntoView({ block: 'start' });
	const t1 = performance.now();
	const wait = () => {
		if (!document.querySelector('.htmx-request') && performance.now() - t1 > 400) { resolve(''); return; }
		setTimeout(wait, 20);
	};
	wait();
})`

// openGroupJS opens group g of the page as a click on its title does and
// answers the milliseconds until its topics are in the page and painted
// (two animation frames after the body arrived).
const openGroupJS = `new Promise((resolve, reject) => {
	const d = document.getElementById('group-GID');
	const t0 = performance.now();
	window.phases = window.phases || [];
	const ph = {};
	const mark = (k) => (e) => { if (!(k in ph)) ph[k] = Math.round(performance.now() - t0); };
	['htmx:beforeRequest', 'htmx:afterRequest', 'htmx:afterSwap', 'htmx:afterSettle'].forEach(k => document.addEventListener(k, mark(k.slice(5)), { once: true }));
	window.phases.push(ph);
	performance.mark('click-GID');
	d.querySelector('summary').click();
	const tick = () => {
		if (performance.now() - t0 > 15000) { const b = d.querySelector('.group-body'); reject(new Error('group GID did not open: open ' + d.open + ', top ' + Math.round(d.getBoundingClientRect().top) + ', body ' + (b ? b.outerHTML.slice(0, 200) : 'none'))); return; }
		if (d.isConnected && d.open && d.querySelector('.term-input') && !d.querySelector('.group-body[hx-get]')) {
			requestAnimationFrame(() => requestAnimationFrame(() => { performance.measure('open-GID', 'click-GID'); resolve(String(Math.round(performance.now() - t0))); }));
			return;
		}
		setTimeout(tick, 2);
	};
	tick();
})`

// TestBrowserEditorOpenGroup measures what opening a group of a
// 20,000-term model (200 groups × 10 topics × 10 terms) costs in Chromium
// once 30 groups are open (make bench-editor; skipped unless
// EXPLORER_BENCH_EDITOR is set): the time from the click on its title to
// its topics painted, for groups 31 to 40, with every group left open and
// with "one group at a time"; each group is scrolled to before its click.
func TestBrowserEditorOpenGroup(t *testing.T) {
	if os.Getenv("EXPLORER_BENCH_EDITOR") == "" {
		t.Skip("set EXPLORER_BENCH_EDITOR=1 (make bench-editor)")
	}
	e := testkit.New(t)
	e.AddUser("ann", "")
	m := bigModel(t, e, 200, 10, 10)
	base := e.Serve()
	// Longer than newTab's two minutes: 80 openings, each after a pause.
	ctx := browser.New(t, 15*time.Minute)
	signInBrowser(t, ctx, base, "ann")
	ann := &tab{t, ctx}
	ann.do("viewport", chromedp.EmulateViewport(1280, 900))
	for _, mode := range []string{"all", "one"} {
		ann.do("open the model", chromedp.Navigate(base+"/models/"+itoa(m.ID)), chromedp.WaitVisible(`#structure`), htmxReady(`#group-1 .group-body[hx-get]`))
		ann.eval(`localStorage.setItem('explorer.editor.open', '` + mode + `'); ''`)
		ann.do("reload", chromedp.Reload(), chromedp.WaitVisible(`#structure`), htmxReady(`#group-1 .group-body[hx-get]`))
		var first, later []float64
		stop := startTrace(t, ann, mode)
		for g := 1; g <= 40; g++ {
			ann.evalAsync(strings.ReplaceAll(scrollToGroupJS, "GID", itoa(m.Groups[g-1].ID)))
			ms := ann.evalAsync(strings.ReplaceAll(openGroupJS, "GID", itoa(m.Groups[g-1].ID)))
			v, err := strconv.ParseFloat(ms, 64)
			if err != nil {
				t.Fatal(err)
			}
			if g <= 30 {
				first = append(first, v)
			} else {
				later = append(later, v)
			}
		}
		stop()
		if os.Getenv("EXPLORER_BENCH_PHASES") != "" {
			t.Logf("phases (ms from the click): %s", ann.eval(`JSON.stringify(window.phases.slice(30))`))
		}
		nodes := ann.eval(`String(document.getElementsByTagName('*').length)`)
		open := ann.eval(`String(document.querySelectorAll('details.group[open]').length)`)
		fields := ann.eval(`String(document.querySelectorAll('input[type=text]').length)`)
		t.Logf("open groups %-3s: groups 1-30 median %4.0f ms max %4.0f ms; groups 31-40 (30 or more open before) median %4.0f ms, 9th of 10 %4.0f ms, max %4.0f ms; %s groups open at the end, %s DOM nodes, %s text fields",
			mode, median(first), slices.Max(first), median(later), nth(later, 8), slices.Max(later), open, nodes, fields)
		browser.Save(t, ann.ctx, "editor-open-"+mode)
	}
}

// evalAsync evaluates js, a promise of a string.
func (b *tab) evalAsync(js string) string {
	b.t.Helper()
	s, err := chromedp.Run(b.ctx, chromedp.Evaluate[string](js, chromedp.EvalAwaitPromise))
	if err != nil {
		b.t.Fatalf("%s: %v", js[:40], err)
	}
	return s
}

func median(xs []float64) float64 { return nth(xs, len(xs)/2) }

// nth is the value of rank i (from 0) of xs sorted.
func nth(xs []float64, i int) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	return s[i]
}
