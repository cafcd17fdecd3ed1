package web_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"explorer/internal/browser"
	"explorer/internal/testkit"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestBrowserUploadAndEditModel is the flow a person clicks through: sign
// in, upload a file through the htmx form (a bad file first, its error
// shown on the form), land on the model's page, add a term to a topic
// and see version 2 listed.
func TestBrowserUploadAndEditModel(t *testing.T) {
	// Its own server, database and browser context: it shares nothing.
	t.Parallel()
	e := testkit.New(t)
	e.AddUser("ann", "")
	base := e.Serve()
	ctx := browser.New(t, 60*time.Second)
	bad := filepath.Join(t.TempDir(), "notes.txt")
	writeFile(t, bad, "hello")
	good, err := filepath.Abs("../api/testdata/models/example.xlsx")
	if err != nil {
		t.Fatal(err)
	}

	err = chromedp.Do(ctx,
		chromedp.Navigate(base+"/models"),
		chromedp.WaitVisible(`input[name=username]`),
		chromedp.SendKeys(`input[name=username]`, "ann"),
		chromedp.SendKeys(`input[name=password]`, testkit.Password),
		chromedp.Click(`form[action="/login"] button[type=submit]`),
		chromedp.WaitVisible(`form#upload`),
		chromedp.SetUploadFiles(`form#upload input[name=file]`, []string{bad}),
		chromedp.Click(`form#upload button[type=submit]`),
		chromedp.WaitVisible(`#models p.error`),
	)
	if err != nil {
		t.Fatalf("bad upload: %v", err)
	}
	msg, err := chromedp.Run(ctx, chromedp.Text(`#models p.error`))
	if err != nil || !strings.Contains(msg, ".csv, .xls or .xlsx") {
		t.Fatalf("error shown %q: %v", msg, err)
	}
	browser.Screenshot(t, ctx, "models-error")

	err = chromedp.Do(ctx,
		chromedp.SetUploadFiles(`form#upload input[name=file]`, []string{good}),
		chromedp.SetValue(`form#upload input[name=title]`, "Menu"),
		chromedp.Click(`form#upload button[type=submit]`),
		chromedp.WaitVisible(`#structure`),
	)
	if err != nil {
		t.Fatalf("upload: %v", err)
	}
	heading, err := chromedp.Run(ctx, chromedp.Text(`h1`))
	if err != nil || heading != "Menu" {
		t.Fatalf("model page heading %q: %v", heading, err)
	}
	browser.Screenshot(t, ctx, "model")

	err = chromedp.Do(ctx,
		htmxReady(`#term-2`),
		chromedp.SendKeys(`#term-2`, "french fries"+kb.Enter),
		waitJS(`document.querySelectorAll('#terms-2 li.chip').length === 4`),
	)
	if err != nil {
		t.Fatalf("add a term: %v", err)
	}
	versions, err := chromedp.Run(ctx, chromedp.Text(`#versions tbody`))
	if err != nil || !strings.Contains(versions, "2") {
		t.Fatalf("versions %q: %v", versions, err)
	}
	m, err := e.Svc.Model(e.As("ann"), 1)
	if err != nil || m.Version != 2 || strings.Join(m.Groups[1].Topics[0].Terms, ",") != "fries,chips,the chips,french fries" {
		t.Fatalf("model after editing: %+v %v", m, err)
	}
	browser.Screenshot(t, ctx, "model-edited")
}

func writeFile(t *testing.T, path, content string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}
