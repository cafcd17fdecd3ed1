package web_test

import (
	"strconv"
	"testing"

	"explorer/internal/browser"
	"explorer/internal/testkit"

	"github.com/chromedp/chromedp"
)

// TestBrowserLargeModelFarGroups, at 1280 and 390 px, every group left
// open: twenty groups opened one after the other as a person scrolls to
// each; the bodies of those far above the view are given back for a
// placeholder of their height that says it is loading, the groups still
// open with their counts, while a group with typed text keeps its body;
// scrolled back to, a far body comes back (the typed text still there);
// a search match in a group whose body was given back opens it at its
// topic; with one group at a time, the group opened stays where it was
// clicked as the others close.
func TestBrowserLargeModelFarGroups(t *testing.T) {
	// Its own server, database and browser context: it shares nothing.
	t.Parallel()
	if testing.Short() {
		t.Skip("browser test")
	}
	e := testkit.New(t)
	e.AddUser("ann", "")
	m := bigModel(t, e, 60, 6, 5) // 1,800 terms: collapsed
	base := e.Serve()
	ann := newTab(t, base, "ann")
	gid := func(g int) string { return itoa(m.Groups[g-1].ID) }
	for _, width := range []int64{1280, 390} {
		w := strconv.Itoa(int(width))
		ann.do("open "+w, chromedp.EmulateViewport(width, 900), chromedp.Navigate(base+"/models/"+itoa(m.ID)), chromedp.WaitVisible(`#structure`), htmxReady(`#group-`+gid(1)+` .group-body[hx-get]`))
		ann.eval(`localStorage.setItem('explorer.editor.open', 'all'); ''`)
		ann.do("reload "+w, chromedp.Reload(), chromedp.WaitVisible(`#structure`), htmxReady(`#group-`+gid(1)+` .group-body[hx-get]`))
		var height string
		for g := 1; g <= 20; g++ {
			sel := `#group-` + gid(g)
			ann.eval(`(() => { const d = document.querySelector('` + sel + `'); d.scrollIntoView({ block: 'start' }); d.querySelector('summary').click(); return ''; })()`)
			ann.until("group "+strconv.Itoa(g)+" open", `!!document.querySelector('`+sel+`[open] > .group-body .term-input')`)
			switch g {
			case 1:
				height = ann.eval(`String(document.querySelector('` + sel + ` > .group-body').offsetHeight)`)
			case 2:
				// Typed, not sent: this body never leaves the page.
				ann.eval(`document.querySelector('#new-topic-` + gid(2) + `').value = 'Kept ` + w + `'; ''`)
			}
		}
		far := `(() => { const b = document.querySelector('#group-` + gid(1) + `[open] > .group-body[data-far][aria-busy=true][hx-get]'); return !!b && !b.querySelector('input') && b.style.height === '` + height + `px'; })()`
		ann.until("group 1's body given back for a placeholder of its height", far)
		ann.until("every body far above given back", `(() => { const far = [...document.querySelectorAll('#groups details.group[open]')].filter(d => d.id !== 'group-`+gid(2)+`' && d.getBoundingClientRect().bottom < -2.2 * innerHeight); return far.length >= 5 && far.every(d => !!d.querySelector(':scope > .group-body[data-far]')); })()`)
		ann.until("group 2's typed body kept", `document.querySelector('#new-topic-`+gid(2)+`').value === 'Kept `+w+`' && !!document.querySelector('#group-`+gid(2)+` > .group-body .term-input')`)
		open := ann.eval(`String(document.querySelectorAll('#groups details.group[open]').length)`)
		shelved := ann.eval(`String(document.querySelectorAll('#groups details.group[open] > .group-body[data-far]').length)`)
		fields := ann.eval(`String(document.querySelectorAll('#groups input[type=text]').length)`)
		counts := ann.eval(`document.querySelector('#group-count-` + gid(1) + `').textContent`)
		t.Logf("%s px: %s groups open, %s bodies given back, %s text fields in the groups", w, open, shelved, fields)
		if open != "20" || counts == "" {
			t.Fatalf("%s px: %s groups open, group 1 counts %q", w, open, counts)
		}
		browser.Save(t, ann.ctx, "editor-far-"+w)

		// Back at the top: group 1's body again, group 20's given back.
		ann.eval(`window.scrollTo(0, 0); ''`)
		ann.until("group 1's body back", `!!document.querySelector('#group-`+gid(1)+`[open] > .group-body:not([hx-get]) .term-input')`)
		ann.until("group 20's body given back", `!!document.querySelector('#group-`+gid(20)+`[open] > .group-body[data-far]')`)
		if v := ann.eval(`document.querySelector('#new-topic-` + gid(2) + `').value`); v != "Kept "+w {
			t.Fatalf("%s px: the typed title is now %q", w, v)
		}
		// A search match in group 20 opens it at its topic.
		ann.do("search "+w, chromedp.SendKeys(`#model-search`, "term 20-3-2"))
		ann.until("found", `!!document.querySelector('#search-results a[data-topic="`+topicID(m, 20, 3)+`"]')`)
		ann.eval(`document.querySelector('#search-results a[data-topic="` + topicID(m, 20, 3) + `"]').click(); ''`)
		ann.until("group 20 shown at its topic", `(() => { const box = document.querySelector('#term-`+topicID(m, 20, 3)+`'); return !!box && document.activeElement === box; })()`)

		// One group at a time: the group opened stays where it was
		// clicked while the twenty above it close.
		ann.eval(`document.querySelector('#one-group').click(); ''`)
		sel := `#group-` + gid(21)
		top := ann.eval(`(() => { const d = document.querySelector('` + sel + `'); d.scrollIntoView({ block: 'start' }); const top = String(Math.round(d.getBoundingClientRect().top)); d.querySelector('summary').click(); return top; })()`)
		ann.until("group 21 alone open", `!!document.querySelector('`+sel+`[open] > .group-body .term-input') && document.querySelectorAll('#groups details.group[open]').length === 1`)
		// Within 2 px: the top is read in CSS pixels, rounded.
		if now := ann.eval(`String(Math.round(document.querySelector('` + sel + `').getBoundingClientRect().top))`); absDiff(now, top) > 2 {
			t.Fatalf("%s px: group 21 moved from %s to %s px", w, top, now)
		}
	}
}

// absDiff is the distance between two integers written out.
func absDiff(a, b string) int {
	x, _ := strconv.Atoi(a)
	y, _ := strconv.Atoi(b)
	if x > y {
		return x - y
	}
	return y - x
}
