package web_test

import (
	"strings"
	"testing"

	explorer "explorer"
	"explorer/internal/smtpmail"
	"explorer/internal/testkit"
	mdl "explorer/models"
)

// The share and invite forms say beforehand who will be e-mailed: nobody
// without --smtp; without links without --public-url.
func TestShareAndInviteFormsSayWhoIsMailed(t *testing.T) {
	sender, err := smtpmail.Parse("smtp://127.0.0.1:1?from=explorer@example.com&tls=none")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		opt  func(*explorer.Options)
		want string
	}{
		{"no smtp", func(*explorer.Options) {}, "sends no e-mail"},
		{"no public url", func(o *explorer.Options) { o.Mailer = sender }, "without a link"},
		{"both", func(o *explorer.Options) { o.Mailer = sender; o.PublicURL = "https://ex.example.com" }, "e-mailed to people who have an e-mail address"},
	} {
		e := testkit.New(t, c.opt)
		e.AddUser("ann", "")
		m, err := e.Svc.UploadModel(e.As("ann"), mdl.UploadModelInput{Title: new("Drinks"), File: modelFile(t)})
		if err != nil {
			t.Fatal(err)
		}
		b := newBrowser(t, e)
		b.login("ann", testkit.Password)
		for _, path := range []string{"/models/" + itoa(m.ID), "/account"} {
			d := b.doc(b.do("GET", path, nil, nil).Expect(t, 200))
			if got := d.Find(".mail-hint").Text(); !strings.Contains(got, c.want) {
				t.Errorf("%s, %s: hint %q", c.name, path, got)
			}
		}
	}
}
