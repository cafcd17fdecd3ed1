package web_test

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	explorer "explorer"
	"explorer/internal/testkit"
	"explorer/poles"
)

// TestStoragePages: the account page shows what the user stores against
// its budget; a pole edit on the pages past the budget is refused with a
// message naming the budget and the use; an admin raises the budget on
// the users page with a size and its unit.
func TestStoragePages(t *testing.T) {
	e := testkit.New(t, func(o *explorer.Options) { o.Budgets.Storage = 4 << 10 })
	e.AddUser("root", explorer.RoleAdmin)
	e.AddUser("ann", "")
	parts := make([]poles.PartInput, 15)
	for i := range parts {
		parts[i] = poles.PartInput{Term: fmt.Sprintf("%03d%s", i, strings.Repeat("a", 97))}
	}
	p, err := e.Svc.CreatePole(e.As("ann"), poles.PoleInput{Name: "Warm", Language: "EN", Parts: parts})
	if err != nil {
		t.Fatal(err)
	}
	used := int64(len("Warm") + 15*(100+100+8))
	b := newBrowser(t, e)
	csrf := b.login("ann", testkit.Password)
	d := b.doc(b.do("GET", "/account", nil, nil).Expect(t, 200))
	want := fmt.Sprintf("Storage: %s of 4 KiB", explorer.FormatBytes(used))
	if got := strings.Join(strings.Fields(d.Find("#storage .storage-use").Text()), " "); got != want {
		t.Fatalf("account page: %q, want %q", got, want)
	}
	if v := d.Find("#storage progress").AttrOr("value", ""); v != fmt.Sprint(used*100/(4<<10)) {
		t.Fatalf("progress %q", v)
	}
	// Five more terms of 100 characters pass the budget: refused.
	for i := range 5 {
		term := fmt.Sprintf("new%d%s", i, strings.Repeat("b", 96))
		r := b.do("POST", polePath(p.ID, "/parts"), url.Values{"_csrf": {csrf}, "term": {term}, "weight": {"1"}}, htmx)
		if r.Status == 200 {
			used += 208
			continue
		}
		// A refused form is the section again as a 422 (as every form
		// error on the pages), with the message.
		if r.Status != http.StatusUnprocessableEntity {
			t.Fatalf("status %d", r.Status)
		}
		msg := strings.ToLower(b.doc(r).Find("#parts p.error").Text())
		if !strings.Contains(msg, fmt.Sprintf("storage budget exceeded: 4 kib allowed, %s used", strings.ToLower(explorer.FormatBytes(used)))) {
			t.Fatalf("error %q", msg)
		}
		break
	}
	got, err := e.Svc.Pole(e.As("ann"), p.ID)
	if err != nil || len(got.Parts) != 15+int(used-int64(len("Warm")+15*208))/208 || len(got.Parts) >= 20 {
		t.Fatalf("%d parts stored (%v)", len(got.Parts), err)
	}
	// The admin sets 1 MiB on the users page; the term fits then.
	rb := newBrowser(t, e)
	rcsrf := rb.login("root", testkit.Password)
	d = rb.doc(rb.do("GET", "/users/ann", nil, nil).Expect(t, 200))
	in := d.Find(`form[action="/users/ann/budgets"] input[name=storage]`)
	if label := in.Parent().Find("span").Text(); label != "Storage (uses "+explorer.FormatBytes(used)+")" {
		t.Fatalf("storage label %q", label)
	}
	if in.AttrOr("placeholder", "") != "4 KiB" || in.AttrOr("value", "x") != "" {
		t.Fatalf("storage field: placeholder %q value %q", in.AttrOr("placeholder", ""), in.AttrOr("value", "x"))
	}
	d = rb.doc(rb.do("POST", "/users/ann/budgets", url.Values{"_csrf": {rcsrf}, "storage": {"a lot"}}, htmxHeader).Expect(t, http.StatusUnprocessableEntity))
	if !strings.Contains(d.Find("#user-ann .error").Text(), "invalid size") {
		t.Fatalf("bad size: %q", d.Find("#user-ann").Text())
	}
	d = rb.doc(rb.do("POST", "/users/ann/budgets", url.Values{"_csrf": {rcsrf}, "storage": {"1 mib"}}, htmxHeader).Expect(t, 200))
	if v := d.Find(`#user-ann input[name=storage]`).AttrOr("value", ""); v != "1 MiB" {
		t.Fatalf("after setting: %q", v)
	}
	b.do("POST", polePath(p.ID, "/parts"), url.Values{"_csrf": {csrf}, "term": {strings.Repeat("c", 100)}, "weight": {"1"}}, htmx).Expect(t, 200)
	d = b.doc(b.do("GET", "/account", nil, nil).Expect(t, 200))
	if got := d.Find("#storage .storage-use").Text(); !strings.Contains(got, "of 1 MiB") {
		t.Fatalf("account page after the raise: %q", got)
	}
}
