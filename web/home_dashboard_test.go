package web_test

import (
	"strings"
	"testing"
	"time"

	"explorer/internal/testkit"
	mdl "explorer/models"
	"explorer/poles"
)

// The start page sums up the user's work: counts, credits, the newest
// model versions; admins also get the users and backup.
func TestHomeDashboard(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("root", "admin")
	e.AddUser("ann", "")
	ann := e.As("ann")
	m, err := e.Svc.UploadModel(ann, mdl.UploadModelInput{Title: new("Drinks"), File: modelFile(t)})
	if err != nil {
		t.Fatal(err)
	}
	e.Clock.Set(e.Clock.Now().Add(time.Minute))
	if _, err := e.Svc.UpdateModel(ann, m.ID, mdl.ModelInput{IgnoreTerms: &[]string{"the"}}); err != nil {
		t.Fatal(err)
	}
	if _, err := e.Svc.CreatePole(ann, poles.PoleInput{Name: "Taste", Language: "en"}); err != nil {
		t.Fatal(err)
	}
	b := newBrowser(t, e)
	b.login("ann", testkit.Password)
	d := b.doc(b.do("GET", "/", nil, nil).Expect(t, 200))
	counts := map[string]string{}
	for i := 0; i < d.Find("#counts a.tile").Length(); i++ {
		tile := d.Find("#counts a.tile").Eq(i)
		href, _ := tile.Attr("href")
		counts[href] = strings.TrimSpace(tile.Find(".count-n").Text())
	}
	if counts["/models"] != "1" || counts["/poles"] != "1" || counts["/projects"] != "0" || counts["/tokens"] != "0" || counts["/account/credits"] == "" {
		t.Fatalf("counts %v", counts)
	}
	// Numbers take the separators of the browser's language.
	if _, err := e.Svc.BuyCredits(ann, 21000); err != nil {
		t.Fatal(err)
	}
	for lang, want := range map[string]string{"de-DE,de;q=0.9": "21.500 credits", "en-GB": "21,500 credits"} {
		tile := b.doc(b.do("GET", "/", nil, map[string]string{"Accept-Language": lang}).Expect(t, 200)).Find("#credits h2").Text()
		if strings.Join(strings.Fields(tile), " ") != want {
			t.Fatalf("%s: credits tile %q, want %q", lang, tile, want)
		}
	}
	// The noun agrees with its number.
	if tiles := d.Find("#counts").Text(); !strings.Contains(tiles, "1 model") || strings.Contains(tiles, "1 models") ||
		!strings.Contains(tiles, "0 projects") || !strings.Contains(tiles, "0 API tokens") {
		t.Fatalf("tiles %q", tiles)
	}
	recent := d.Find("#recent-versions li")
	if recent.Length() != 2 || !strings.Contains(recent.First().Text(), "Drinks, version 2") || !strings.Contains(recent.First().Text(), "by ann") {
		t.Fatalf("recent versions: %s", d.Find("#recent-versions").Text())
	}
	if href, _ := recent.First().Find("a").Attr("href"); href != "/models/"+itoa(m.ID)+"/versions/2" {
		t.Fatalf("version link %q", href)
	}
	if d.Find("#admin-summary").Length() != 0 {
		t.Fatal("admin summary for a user")
	}
	root := newBrowser(t, e)
	root.login("root", testkit.Password)
	d = root.doc(root.do("GET", "/", nil, nil).Expect(t, 200))
	if s := d.Find("#admin-summary").Text(); !strings.Contains(s, "2 users") || d.Find(`#admin-summary a[href="/backup"]`).Length() != 1 {
		t.Fatalf("admin summary %q", s)
	}
	if !strings.Contains(d.Find("#recent-versions").Text(), "No models yet") {
		t.Fatalf("root's recent versions %q", d.Find("#recent-versions").Text())
	}
}
