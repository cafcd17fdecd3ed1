package web_test

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"explorer/internal/browser"
	"explorer/internal/testkit"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestBrowserEditorSearchAndWords, at 1280 and 390 px, typing at 30 ms a
// key: the search of a large model counts every match, marks the matched
// part, pages on, lives in the URL and the back button returns to the
// page before; "one group at a time" closes the others and is kept; a
// term the topic holds is answered "already in this topic"; the counts
// follow a new term at once; an emptied title is refused with a message;
// a later action removes the notice of the one before.
func TestBrowserEditorSearchAndWords(t *testing.T) {
	// Its own server, database and browser context: it shares nothing.
	t.Parallel()
	if testing.Short() {
		t.Skip("browser test")
	}
	e := testkit.New(t)
	e.AddUser("ann", "")
	m := bigModel(t, e, 60, 4, 5) // 1,200 terms: collapsed
	path := "/models/" + itoa(m.ID)
	base := e.Serve()
	ann := newTab(t, base, "ann")
	for _, width := range []int64{1280, 390} {
		w := strconv.Itoa(int(width))
		ann.do("open "+w, chromedp.EmulateViewport(width, 900), chromedp.Navigate(base+path), chromedp.WaitVisible(`#model-search`), htmxReady(`#model-search`))
		ann.eval(`localStorage.removeItem('explorer.editor.open'); ''`)
		ann.do("search", chromedp.Focus(`#model-search`))
		ann.typeSlowly("term 1", 30*time.Millisecond)
		// "term 1" is in the terms of groups 1 and 10 to 19: 11 × 20.
		ann.until("counted and marked", `(() => { const c = document.querySelector('#search-count'); return !!c && c.textContent.startsWith('220 matches for “term 1”, 1–50 shown') && location.search === '?q=term+1'; })()`)
		if mk := ann.eval(`[...document.querySelectorAll('#search-results li mark')].slice(0, 2).map(m => m.textContent + '|' + m.parentElement.textContent).join(';')`); mk != "term 1|term 1-1-1;term 1|term 1-1-2" {
			t.Fatalf("%s px: marks %q", w, mk)
		}
		browser.Save(t, ann.ctx, "editor-search-"+w)
		checkAxeIfInstalled(t, ann.ctx, "editor search "+w)
		ann.do("next page", chromedp.Click(`#search-results a[rel=next]`))
		ann.until("page 2 in the URL", `location.search === '?q=term+1&page=2' && document.querySelector('#search-count').textContent.includes('51–100')`)
		ann.do("back", chromedp.NavigateBack())
		ann.until("back to page 1", `location.search === '?q=term+1' && !!document.querySelector('#search-count') && document.querySelector('#search-count').textContent.includes('1–50')`)

		// One group at a time, kept in this browser.
		ann.do("reload", chromedp.Navigate(base+path), chromedp.WaitVisible(`#one-group`), htmxReady(`#group-1 .group-body`))
		ann.click("one at a time", `#one-group`)
		ann.click("open group 1", `#group-1 summary`)
		ann.until("group 1 open", `!!document.querySelector('#group-1[open] .term-input')`)
		ann.click("open group 2", `#group-2 summary`)
		ann.until("group 2 open, group 1 closed", `!!document.querySelector('#group-2[open] .term-input') && !document.querySelector('#group-1').open`)
		ann.do("reload", chromedp.Reload(), chromedp.WaitVisible(`#one-group`), htmxReady(`#group-2 .group-body`))
		if on := ann.eval(`String(document.querySelector('#one-group').checked)`); on != "true" {
			t.Fatalf("%s px: the choice was not kept", w)
		}
		// A save that answers every group (a group added) leaves the open
		// one open and closes none.
		ann.click("open group 2 again", `#group-2 summary`)
		ann.until("group 2 open again", `!!document.querySelector('#group-2[open] .term-input')`)
		ann.do("add a group", chromedp.SetValue(`#add-group input[name=title]`, "Late "+w), chromedp.Click(`#add-group button[type=submit]`))
		ann.until("added, group 2 still open", `(() => { const added = [...document.querySelectorAll('#groups details.group summary h3')].some(h => h.textContent.includes('Late `+w+`')); return added && document.querySelector('#group-2').open && document.querySelectorAll('#groups details.group[open]').length === 1; })()`)
		ann.click("every group open", `#one-group`)
		// Clicked in the page: chromedp's click aims at coordinates that
		// a group coming into view (rendered at its real height) may move.
		ann.eval(`document.querySelector('#group-3 summary').click(); ''`)
		ann.until("group 3 open", `!!document.querySelector('#group-3[open] .term-input')`)
		ann.eval(`document.querySelector('#group-4 summary').click(); ''`)
		ann.until("2, 3 and 4 open with their topics", `!!document.querySelector('#group-2[open] .term-input') && !!document.querySelector('#group-3[open] .term-input') && !!document.querySelector('#group-4[open] .term-input')`)

		// A term held already; a new one moves the counts.
		topic := topicID(m, 3, 1)
		counts := ann.eval(`document.querySelector('#model-counts').textContent`)
		gcount := ann.eval(`document.querySelector('#group-count-` + itoa(m.Groups[2].ID) + `').textContent`)
		ann.do("focus the term box", chromedp.Focus(`#term-`+topic))
		ann.typeSlowly("TERM 3-1-2"+kb.Enter, 30*time.Millisecond)
		ann.until("already in this topic", `(() => { const s = document.querySelector('#terms-`+topic+` .term-said'); return !!s && s.textContent === '“TERM 3-1-2” is already in this topic.'; })()`)
		if !strings.HasPrefix(counts, "61 groups, 1,20") && !strings.HasPrefix(counts, "62 groups, 1,20") {
			t.Fatalf("%s px: counts %q", w, counts)
		}
		saveView(t, ann, "editor-already-"+w, `#group-3`)
		word := "fizz" + w
		ann.typeSlowly(word+kb.Enter, 30*time.Millisecond)
		ann.until("added, counts moved, the notice gone", `(() => { const c = document.querySelector('#model-counts').textContent; const g = document.querySelector('#group-count-`+itoa(m.Groups[2].ID)+`').textContent; return [...document.querySelectorAll('#terms-`+topic+` li.chip span')].some(s => s.textContent === '`+word+`') && c !== `+strconv.Quote(counts)+` && g !== `+strconv.Quote(gcount)+` && !document.querySelector('.term-said'); })()`)

		// An emptied title is refused with a message; the title stays.
		ann.eval(`document.querySelector('#model-title').value = ''; ''`)
		ann.click("send the empty title", `#title-form button[type=submit]`)
		ann.until("refused", `(() => { const a = document.querySelector('#title-part .editor-error'); return !!a && a.textContent.includes('title cannot be empty'); })()`)
		if h := ann.eval(`document.querySelector('#model-heading').textContent`); h != "Big" {
			t.Fatalf("%s px: heading %q", w, h)
		}
		checkLayout(t, ann.ctx, "editor-words-"+w, width == 390)
		checkAxeIfInstalled(t, ann.ctx, "editor words "+w)
		saveView(t, ann, "editor-title-"+w, `#title-part`)
	}
}

// TestBrowserTopicsModelBar, at 1280 and 390 px: the bar that creates a
// model from the project's topics stays in view while they scroll by,
// selects none and all with the count following, and the model made
// says so with a link back to its project, which lists it.
func TestBrowserTopicsModelBar(t *testing.T) {
	// Its own server, database and browser context: it shares nothing.
	t.Parallel()
	if testing.Short() {
		t.Skip("browser test")
	}
	e := testkit.New(t)
	e.AddUser("ann", "")
	ann := e.As("ann")
	content, _ := testkit.SurveyCSV(400)
	p := e.ImportProject("ann", "Survey", content)
	p, err := e.Svc.ExploreProject(ann, p.ID, "comment")
	if err != nil {
		t.Fatal(err)
	}
	n := len(topicIDs(p))
	base := e.Serve()
	b := newTab(t, base, "ann")
	for _, width := range []int64{1280, 390} {
		w := strconv.Itoa(int(width))
		b.do("project "+w, chromedp.EmulateViewport(width, 800), chromedp.Navigate(base+"/projects/"+itoa(p.ID)),
			chromedp.WaitVisible(`#model-bar .select-topics button`))
		all := strconv.Itoa(n) + " of " + strconv.Itoa(n) + " topics kept"
		if k := b.eval(`document.querySelector('#model-bar [data-kept]').textContent`); k != all {
			t.Fatalf("%s px: %q, want %q", w, k, all)
		}
		// The bar is in view at the bottom while the topics scroll by.
		for _, at := range []string{"first", "last"} {
			b.eval(`document.querySelectorAll('.topic-evidence')[` + map[string]string{"first": "1", "last": "document.querySelectorAll('.topic-evidence').length - 1"}[at] + `].scrollIntoView(); ''`)
			b.until("the bar in view at the "+at+" topic", `(() => { const r = document.querySelector('#model-bar').getBoundingClientRect(); return r.bottom <= window.innerHeight + 1 && r.top >= 0 && r.top < window.innerHeight; })()`)
		}
		b.eval(`document.querySelectorAll('.topic-evidence')[1].scrollIntoView(); ''`)
		b.click("select none", `#model-bar button[data-check=none]`)
		b.until("none kept", `document.querySelector('#model-bar [data-kept]').textContent === '0 of `+strconv.Itoa(n)+` topics kept' && ![...document.querySelectorAll('input[name=topic]')].some(x => x.checked)`)
		saveView(t, b, "topics-bar-none-"+w, `.topic-evidence`)
		b.click("select all", `#model-bar button[data-check=all]`)
		b.until("all kept", `document.querySelector('#model-bar [data-kept]').textContent === '`+all+`'`)
		b.click("untick one", `.topic-evidence input[name=topic]`)
		b.until("one fewer", `document.querySelector('#model-bar [data-kept]').textContent === '`+strconv.Itoa(n-1)+` of `+strconv.Itoa(n)+` topics kept'`)
		checkLayout(t, b.ctx, "topics-bar-"+w, width == 390)
		checkAxeIfInstalled(t, b.ctx, "topics bar "+w)
		b.do("set the title", chromedp.SetValue(`#create-model input[name=title]`, "From the bar "+w))
		b.do("create from the bar", chromedp.Click(`#model-bar button[type=submit]`), chromedp.WaitVisible(`#made-notice`))
		b.until("the new model says where it came from", `(() => { const n = document.querySelector('#made-notice'); return !!n && n.textContent === 'Model created from the topics of the project Survey.' && !!n.querySelector('a[href="/projects/`+itoa(p.ID)+`"]'); })()`)
		browser.Save(t, b.ctx, "model-made-"+w)
		b.do("back to the project", chromedp.Click(`#made-notice a`), chromedp.WaitVisible(`#made-models`))
		b.until("the project lists it", `[...document.querySelectorAll('#made-models a')].some(a => a.textContent === 'From the bar `+w+`')`)
	}
	ms, _ := e.Svc.Models(ann)
	if len(ms) != 2 {
		t.Fatalf("%d models made", len(ms))
	}
	m, err := e.Svc.Model(ann, ms[0].ID)
	if err != nil {
		t.Fatal(err)
	}
	kept := 0
	for _, g := range m.Groups {
		kept += len(g.Topics)
	}
	if kept != n-1 {
		t.Fatalf("the model made from the bar has %d topics, want %d", kept, n-1)
	}
}
