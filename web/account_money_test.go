package web_test

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"explorer/accounts"
	"explorer/internal/testkit"
)

// Plan, seat and credit changes are previewed with the service's figures;
// only the confirmation moves money, and it moves what was shown.
func TestAccountPageMoneyPreviews(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	e.SetPlan("ann", "basic")
	e.Clock.Set(time.Date(2026, 1, 25, 9, 0, 0, 0, time.UTC))
	b := newBrowser(t, e)
	csrf := b.login("ann", testkit.Password)
	form := func(kv ...string) url.Values {
		v := url.Values{"_csrf": {csrf}}
		for i := 0; i < len(kv); i += 2 {
			v.Set(kv[i], kv[i+1])
		}
		return v
	}
	ctx := e.As("ann")
	charges := func() int {
		l, err := e.Svc.CreditLedger(ctx, 100)
		if err != nil {
			t.Fatal(err)
		}
		return len(l.Charges)
	}
	n := charges()

	// Seats 2 → 4: the preview, then the confirmation.
	d := b.doc(b.do("GET", "/account/seats/preview?seats=4", nil, htmx).Expect(t, 200))
	box := d.Find("#seats-preview")
	cents, _ := box.Find("dl").Attr("data-charge-cents")
	want, err := e.Svc.PreviewSeats(ctx, 4)
	if err != nil {
		t.Fatal(err)
	}
	if cents != strconv.FormatInt(want.ChargeCents, 10) || !strings.Contains(box.Find(".preview-charge").Text(), "EUR") ||
		!strings.Contains(box.Text(), "16 of the 31 days") || box.Find(`form[action="/account/seats"] input[name=confirmed]`).Length() != 1 {
		t.Fatalf("seat preview %s (want %d cents)", box.Text(), want.ChargeCents)
	}
	// A POST without the confirmation is a preview too.
	b.doc(b.do("POST", "/account/seats", form("seats", "4"), htmx).Expect(t, 200))
	if charges() != n {
		t.Fatal("a preview charged")
	}
	// A confirmation whose charge is no longer the one shown is refused
	// with the new preview.
	r := b.do("POST", "/account/seats", form("seats", "4", "confirmed", "yes", "shown", "1"), htmx).Expect(t, http.StatusUnprocessableEntity)
	if d := b.doc(r); !strings.Contains(d.Find("#seats-preview .error").Text(), "new preview") || d.Find("#seats-preview dl").AttrOr("data-charge-cents", "") != cents {
		t.Fatalf("stale confirmation: %s", d.Find("#seats").Text())
	}
	if charges() != n {
		t.Fatal("a stale confirmation charged")
	}
	if shown := box.Find(`form input[name=shown]`).AttrOr("value", ""); shown != cents {
		t.Fatalf("the confirmation carries %q, not the charge shown", shown)
	}
	d = b.doc(b.do("POST", "/account/seats", form("seats", "4", "confirmed", "yes", "shown", cents), htmx).Expect(t, 200))
	if d.Find(".seat-count").Text() != "4" || !strings.Contains(d.Find("#seats .notice").Text(), "4 seats") {
		t.Fatalf("after confirming: %s", d.Find("#seats").Text())
	}
	l, _ := e.Svc.CreditLedger(ctx, 1)
	if c := l.Charges[0]; c.Kind != accounts.ChargeSeatProration || strconv.FormatInt(c.AmountCents, 10) != cents {
		t.Fatalf("charged %+v, preview said %s cents", c, cents)
	}

	// A downgrade says when it takes effect and charges nothing.
	d = b.doc(b.do("GET", "/account/product/preview?handle=trial", nil, htmx).Expect(t, 200))
	box = d.Find("#plan-preview")
	if !strings.Contains(box.Find(".preview-effective").Text(), "2026-02-10") || box.Find("dl").AttrOr("data-charge-cents", "") != "0" {
		t.Fatalf("downgrade preview %s", box.Text())
	}
	// An upgrade from the preview's confirmation form.
	d = b.doc(b.do("GET", "/account/product/preview?handle=professional", nil, htmx).Expect(t, 200))
	up := d.Find("#plan-preview dl").AttrOr("data-charge-cents", "")
	d = b.doc(b.do("POST", "/account/product", form("handle", "professional", "confirmed", "yes"), htmx).Expect(t, 200))
	if d.Find(".current-plan").Text() != "Professional" {
		t.Fatalf("plan %s", d.Find("#plan").Text())
	}
	l, _ = e.Svc.CreditLedger(ctx, 1)
	if strconv.FormatInt(l.Charges[0].AmountCents, 10) != up {
		t.Fatalf("upgrade charged %d, preview %s", l.Charges[0].AmountCents, up)
	}
	// The same plan: the preview shows the service's error.
	r = b.do("GET", "/account/product/preview?handle=professional", nil, htmx).Expect(t, http.StatusUnprocessableEntity)
	if !strings.Contains(b.doc(r).Find("#plan-preview .error").Text(), "already") {
		t.Fatalf("preview error: %s", r.Body)
	}
	d = b.doc(b.do("POST", "/account/product", form("handle", "basic", "confirmed", "yes"), htmx).Expect(t, 200))
	if !strings.Contains(d.Find(".migration").Text(), "2026-02-10") {
		t.Fatalf("scheduled downgrade: %s", d.Find("#plan").Text())
	}
	d = b.doc(b.do("POST", "/account/product/migration/cancel", form(), htmx).Expect(t, 200))
	if d.Find(".migration").Length() != 0 {
		t.Fatal("migration still shown")
	}
	for _, bad := range []string{"0", "many"} {
		r = b.do("GET", "/account/seats/preview?seats="+bad, nil, htmx).Expect(t, http.StatusUnprocessableEntity)
		if b.doc(r).Find("#seats .error").Length() != 1 {
			t.Fatalf("seats %s: %s", bad, r.Body)
		}
	}

	// Credits: previewed, bought, shown in the ledger with plain words.
	d = b.doc(b.do("GET", "/account/credits/preview?quantity=100", nil, htmx).Expect(t, 200))
	if d.Find("#credits-preview .preview-charge").Text() != "10.00 EUR" {
		t.Fatalf("credits preview %s", d.Find("#credits-preview").Text())
	}
	d = b.doc(b.do("POST", "/account/credits", form("quantity", "100", "confirmed", "yes"), htmx).Expect(t, 200))
	balance, _ := e.Svc.Credits(ctx)
	if d.Find(".balance").Text() != strconv.FormatInt(balance, 10) || !strings.Contains(d.Find("table.charges").Text(), "10.00 EUR") {
		t.Fatalf("after buying: %s", d.Find("#credits").Text())
	}
	if !strings.Contains(d.Find("table.ledger").Text(), "Seat change") || strings.Contains(d.Find("table.ledger").Text(), "seat_proration") {
		t.Fatalf("ledger kinds: %s", d.Find("table.ledger").Text())
	}
}
