package api_test

import (
	"fmt"
	"net/http"
	"testing"
	"time"

	"explorer/internal/testkit"
)

type req = testkit.Request

var representation = map[string]string{"Prefer": "return=representation"}

type productPlan struct {
	ID                 int64  `json:"id"`
	Name               string `json:"name"`
	Handle             string `json:"handle"`
	Description        string `json:"description"`
	MonthlyCostInCents int64  `json:"monthlyCostInCents"`
	Currency           string `json:"currency"`
	IncludedCredits    int64  `json:"includedCredits"`
}

type invitation struct {
	ID        int64             `json:"id"`
	Recipient map[string]string `json:"recipient"`
	Sender    map[string]string `json:"sender"`
	Created   int64             `json:"created"`
}

type account struct {
	Manager            *map[string]string  `json:"manager"`
	ManagedUsers       []map[string]string `json:"managedUsers"`
	PendingInvitations []invitation        `json:"pendingInvitations"`
}

func credits(t *testing.T, e *testkit.Env, user string) int64 {
	t.Helper()
	var c struct{ Credits int64 }
	e.Do(req{Method: "GET", Path: "/v1/account/credits", User: user}).Expect(t, 200).JSON(t, &c)
	return c.Credits
}

func product(t *testing.T, e *testkit.Env, user string) productPlan {
	t.Helper()
	var p productPlan
	e.Do(req{Method: "GET", Path: "/v1/account/product", User: user}).Expect(t, 200).JSON(t, &p)
	return p
}

func TestAPIProductsAndProration(t *testing.T) {
	e := testkit.New(t) // the account is created on 2026-01-10
	e.AddUser("ann", "")
	var plans []productPlan
	e.Do(req{Method: "GET", Path: "/v1/products", User: "ann"}).Expect(t, 200).JSON(t, &plans)
	if len(plans) != 4 {
		t.Fatalf("plans %+v", plans)
	}
	byHandle := map[string]productPlan{}
	for _, p := range plans {
		byHandle[p.Handle] = p
	}
	basic, pro := byHandle["basic"], byHandle["professional"]
	if p := product(t, e, "ann"); p.Handle != "trial" {
		t.Fatalf("new account on %s", p.Handle)
	}
	e.SetPlan("ann", "basic")
	before := credits(t, e, "ann")

	e.Clock.Set(time.Date(2026, 1, 25, 0, 0, 0, 0, time.UTC))
	var got productPlan
	e.Do(req{Method: "PUT", Path: "/v1/account/product", User: "ann", Body: map[string]any{"handle": "professional"}, Header: representation}).Expect(t, 200).JSON(t, &got)
	if got.Handle != "professional" || got.MonthlyCostInCents != pro.MonthlyCostInCents {
		t.Fatalf("representation %+v", got)
	}
	// 16 of the 31 days of 2026-01-10..2026-02-10 remain.
	wantCredits := (2*(pro.IncludedCredits-basic.IncludedCredits)*16 + 31) / (2 * 31)
	if c := credits(t, e, "ann"); c != before+wantCredits || wantCredits != 2065 {
		t.Fatalf("credits %d, want %d", c, before+wantCredits)
	}
	l, err := e.Svc.CreditLedger(e.As("ann"), 10)
	if err != nil || l.Charges[0].AmountCents != 5161 || l.Entries[0].Credits != 2065 {
		t.Fatalf("ledger %+v %+v %v", l.Charges[0], l.Entries[0], err)
	}

	// Errors of PUT /account/product.
	e.Do(req{Method: "PUT", Path: "/v1/account/product", User: "ann", Body: map[string]any{"id": pro.ID}}).Expect(t, 409).Problem(t)
	for _, body := range []any{map[string]any{"handle": "gold"}, map[string]any{"id": 99}, map[string]any{}, `{"id":"x"}`, `{`} {
		e.Do(req{Method: "PUT", Path: "/v1/account/product", User: "ann", Body: body, ContentType: "application/json"}).Expect(t, 400).Problem(t)
	}
	e.Do(req{Method: "PUT", Path: "/v1/account/product", User: "ann", ContentType: "application/json"}).Expect(t, 400)
}

func TestAPIDowngradeMigration(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	e.SetPlan("ann", "basic")
	e.Clock.Set(time.Date(2026, 1, 25, 0, 0, 0, 0, time.UTC))
	e.Do(req{Method: "GET", Path: "/v1/account/product/migration", User: "ann"}).Expect(t, 404).Problem(t)
	e.Do(req{Method: "DELETE", Path: "/v1/account/product/migration", User: "ann"}).Expect(t, 409).Problem(t)

	r := e.Do(req{Method: "PUT", Path: "/v1/account/product", User: "ann", Body: map[string]any{"handle": "trial"}}).Expect(t, 204)
	if len(r.Body) != 0 {
		t.Fatalf("204 with a body %s", r.Body)
	}
	if p := product(t, e, "ann"); p.Handle != "basic" {
		t.Fatalf("plan %s before the cycle start", p.Handle)
	}
	var m struct {
		Product       productPlan `json:"product"`
		EffectiveDate int64       `json:"effectiveDate"`
	}
	e.Do(req{Method: "GET", Path: "/v1/account/product/migration", User: "ann"}).Expect(t, 200).JSON(t, &m)
	if m.Product.Handle != "trial" || m.EffectiveDate != time.Date(2026, 2, 10, 0, 0, 0, 0, time.UTC).UnixMilli() {
		t.Fatalf("migration %+v", m)
	}
	e.Do(req{Method: "PUT", Path: "/v1/account/product", User: "ann", Body: map[string]any{"handle": "trial"}}).Expect(t, 409)

	e.Clock.Set(time.Date(2026, 2, 10, 0, 0, 0, 0, time.UTC))
	if p := product(t, e, "ann"); p.Handle != "trial" {
		t.Fatalf("plan %s at the cycle start", p.Handle)
	}
	e.Do(req{Method: "GET", Path: "/v1/account/product/migration", User: "ann"}).Expect(t, 404)

	// Scheduled, then cancelled.
	e.Do(req{Method: "PUT", Path: "/v1/account/product", User: "ann", Body: map[string]any{"handle": "basic"}}).Expect(t, 204)
	e.Do(req{Method: "PUT", Path: "/v1/account/product", User: "ann", Body: map[string]any{"handle": "trial"}}).Expect(t, 204)
	e.Do(req{Method: "DELETE", Path: "/v1/account/product/migration", User: "ann"}).Expect(t, 204)
	e.Do(req{Method: "DELETE", Path: "/v1/account/product/migration", User: "ann"}).Expect(t, 409)
	e.Clock.Set(time.Date(2026, 4, 1, 0, 0, 0, 0, time.UTC))
	if p := product(t, e, "ann"); p.Handle != "basic" {
		t.Fatalf("plan %s after a cancelled migration", p.Handle)
	}
}

func TestAPIManagerFlow(t *testing.T) {
	e := testkit.New(t)
	for _, n := range []string{"user1", "user2", "user3"} {
		e.AddUser(n, "")
	}
	var inv invitation
	e.Do(req{Method: "POST", Path: "/v1/account/invitations?userId=user2", User: "user1"}).Expect(t, 201).JSON(t, &inv)
	if inv.Sender["userId"] != "user1" || inv.Recipient["userId"] != "user2" || inv.Created != testkit.Start.UnixMilli() {
		t.Fatalf("invitation %+v", inv)
	}
	var a account
	e.Do(req{Method: "GET", Path: "/v1/account", User: "user1"}).Expect(t, 200).JSON(t, &a)
	if a.Manager != nil || len(a.ManagedUsers) != 0 || len(a.PendingInvitations) != 1 {
		t.Fatalf("account %+v", a)
	}
	var received []invitation
	e.Do(req{Method: "GET", Path: "/v1/account/invitations", User: "user2"}).Expect(t, 200).JSON(t, &received)
	if len(received) != 1 || received[0].ID != inv.ID {
		t.Fatalf("received %+v", received)
	}
	path := fmt.Sprintf("/v1/account/invitations/%d", inv.ID)
	e.Do(req{Method: "PUT", Path: path + "/accept", User: "user3"}).Expect(t, 404).Problem(t)
	e.Do(req{Method: "DELETE", Path: path, User: "user2"}).Expect(t, 404)
	e.Do(req{Method: "PUT", Path: path + "/accept", User: "user2"}).Expect(t, 204)
	e.Do(req{Method: "PUT", Path: path + "/accept", User: "user2"}).Expect(t, 409).Problem(t)
	e.Do(req{Method: "PUT", Path: path + "/reject", User: "user2"}).Expect(t, 409)
	e.Do(req{Method: "DELETE", Path: path, User: "user1"}).Expect(t, 409)

	e.Do(req{Method: "GET", Path: "/v1/account", User: "user1"}).Expect(t, 200).JSON(t, &a)
	if len(a.ManagedUsers) != 1 || a.ManagedUsers[0]["userId"] != "user2" || len(a.PendingInvitations) != 0 {
		t.Fatalf("account of user1 %+v", a)
	}
	var a2 account
	e.Do(req{Method: "GET", Path: "/v1/account", User: "user2"}).Expect(t, 200).JSON(t, &a2)
	if a2.Manager == nil || (*a2.Manager)["userId"] != "user1" || a2.ManagedUsers == nil || a2.PendingInvitations == nil {
		t.Fatalf("account of user2 %s", e.Do(req{Method: "GET", Path: "/v1/account", User: "user2"}).Body)
	}
	if c1, c2 := credits(t, e, "user1"), credits(t, e, "user2"); c1 != c2 {
		t.Fatalf("credits %d and %d", c1, c2)
	}
	e.Do(req{Method: "POST", Path: "/v1/account/invitations?userId=user2", User: "user3"}).Expect(t, 409).Problem(t)
	e.Do(req{Method: "PUT", Path: "/v1/account/product", User: "user2", Body: map[string]any{"handle": "basic"}}).Expect(t, 403).Problem(t)
	e.Do(req{Method: "PUT", Path: "/v1/account/seats", User: "user2", Body: map[string]any{"seats": 5}}).Expect(t, 403)
	e.Do(req{Method: "DELETE", Path: "/v1/account/product/migration", User: "user2"}).Expect(t, 403)

	// With seats = 2 user1 cannot take a second managed user until it buys a seat.
	var s struct{ Seats int }
	e.Do(req{Method: "GET", Path: "/v1/account/seats", User: "user1"}).Expect(t, 200).JSON(t, &s)
	if s.Seats != 2 {
		t.Fatalf("seats %d", s.Seats)
	}
	e.Do(req{Method: "POST", Path: "/v1/account/invitations?userId=user3", User: "user1"}).Expect(t, 201).JSON(t, &inv)
	path = fmt.Sprintf("/v1/account/invitations/%d", inv.ID)
	e.Do(req{Method: "PUT", Path: path + "/accept", User: "user3"}).Expect(t, 409).Problem(t)
	e.Do(req{Method: "PUT", Path: "/v1/account/seats", User: "user1", Body: map[string]any{"seats": 1}}).Expect(t, 409).Problem(t)
	e.Do(req{Method: "PUT", Path: "/v1/account/seats", User: "user1", Body: map[string]any{"seats": 3}, Header: representation}).Expect(t, 200).JSON(t, &s)
	if s.Seats != 3 {
		t.Fatalf("seats %d", s.Seats)
	}
	e.Do(req{Method: "PUT", Path: path + "/accept", User: "user3"}).Expect(t, 204)

	// Removing user2 cancels its account: writes are 403 until it reactivates.
	e.Do(req{Method: "DELETE", Path: "/v1/account/managedUsers/user3", User: "user2"}).Expect(t, 404)
	e.Do(req{Method: "DELETE", Path: "/v1/account/managedUsers/nobody", User: "user1"}).Expect(t, 404)
	e.Do(req{Method: "DELETE", Path: "/v1/account/managedUsers/user2", User: "user1"}).Expect(t, 204)
	settings := []map[string]string{{"key": "timezone", "value": "Europe/Stockholm"}}
	e.Do(req{Method: "PUT", Path: "/v1/account/settings", User: "user2", Body: settings}).Expect(t, 403).Problem(t)
	for _, r := range []req{
		{Method: "POST", Path: "/v1/account/credits", Body: map[string]any{"quantity": 1}},
		{Method: "POST", Path: "/v1/account/invitations?userId=user1"},
		{Method: "PUT", Path: "/v1/account/product", Body: map[string]any{"handle": "basic"}},
		{Method: "PUT", Path: "/v1/account/seats", Body: map[string]any{"seats": 3}},
		{Method: "DELETE", Path: "/v1/account/manager"},
	} {
		r.User = "user2"
		e.Do(r).Expect(t, 403)
	}
	for _, p := range []string{"/v1/account", "/v1/account/credits", "/v1/account/invitations", "/v1/account/product", "/v1/account/seats", "/v1/account/settings", "/v1/account/usage", "/v1/products"} {
		e.Do(req{Method: "GET", Path: p, User: "user2"}).Expect(t, 200)
	}
	e.Do(req{Method: "GET", Path: "/v1/account/product/migration", User: "user2"}).Expect(t, 404)
	e.Do(req{Method: "POST", Path: "/v1/account/reactivate", User: "user2", ContentType: "application/json"}).Expect(t, 204)
	e.Do(req{Method: "POST", Path: "/v1/account/reactivate", User: "user2"}).Expect(t, 409).Problem(t)
	e.Do(req{Method: "PUT", Path: "/v1/account/settings", User: "user2", Body: settings}).Expect(t, 204)

	// user3 leaves its manager and is cancelled in turn.
	e.Do(req{Method: "DELETE", Path: "/v1/account/manager", User: "user3"}).Expect(t, 204)
	e.Do(req{Method: "PUT", Path: "/v1/account/settings", User: "user3", Body: settings}).Expect(t, 403)
	e.Do(req{Method: "GET", Path: "/v1/account", User: "user1"}).Expect(t, 200).JSON(t, &a)
	if len(a.ManagedUsers) != 0 {
		t.Fatalf("managed users %+v", a.ManagedUsers)
	}
}

func TestAPIInvitationErrors(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	e.AddUser("bob", "")
	e.Do(req{Method: "POST", Path: "/v1/account/invitations?userId=nobody", User: "ann"}).Expect(t, 404).Problem(t)
	e.Do(req{Method: "POST", Path: "/v1/account/invitations?userId=ann", User: "ann"}).Expect(t, 400).Problem(t)
	e.Do(req{Method: "POST", Path: "/v1/account/invitations", User: "ann"}).Expect(t, 400)
	var inv invitation
	e.Do(req{Method: "POST", Path: "/v1/account/invitations?userId=bob", User: "ann"}).Expect(t, 201).JSON(t, &inv)
	e.Do(req{Method: "POST", Path: "/v1/account/invitations?userId=bob", User: "ann"}).Expect(t, 409)
	e.Do(req{Method: "POST", Path: "/v1/account/invitations?userId=ann", User: "bob"}).Expect(t, 409)
	for _, p := range []string{"/v1/account/invitations/0/accept", "/v1/account/invitations/x/reject"} {
		e.Do(req{Method: "PUT", Path: p, User: "bob"}).Expect(t, 400).Problem(t)
	}
	e.Do(req{Method: "PUT", Path: "/v1/account/invitations/999/accept", User: "bob"}).Expect(t, 404)
	e.Do(req{Method: "PUT", Path: fmt.Sprintf("/v1/account/invitations/%d/reject", inv.ID), User: "ann"}).Expect(t, 404)
	e.Do(req{Method: "PUT", Path: fmt.Sprintf("/v1/account/invitations/%d/reject", inv.ID), User: "bob"}).Expect(t, 204)
	var received []invitation
	e.Do(req{Method: "GET", Path: "/v1/account/invitations", User: "bob"}).Expect(t, 200).JSON(t, &received)
	if received == nil || len(received) != 0 {
		t.Fatalf("received after reject %+v", received)
	}
	e.Do(req{Method: "POST", Path: "/v1/account/invitations?userId=bob", User: "ann"}).Expect(t, 201).JSON(t, &inv)
	e.Do(req{Method: "DELETE", Path: fmt.Sprintf("/v1/account/invitations/%d", inv.ID), User: "ann"}).Expect(t, 204)
	e.Do(req{Method: "DELETE", Path: fmt.Sprintf("/v1/account/invitations/%d", inv.ID), User: "ann"}).Expect(t, 404)
	e.Do(req{Method: "DELETE", Path: "/v1/account/manager", User: "bob"}).Expect(t, 404).Problem(t)
	for _, p := range []string{"/v1/account", "/v1/account/credits", "/v1/account/usage", "/v1/products", "/v1/account/product"} {
		e.Do(req{Method: "GET", Path: p}).Expect(t, http.StatusUnauthorized)
	}
}

func TestAPICreditsAndSeats(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	before := credits(t, e, "ann")
	var c struct{ Credits int64 }
	e.Do(req{Method: "POST", Path: "/v1/account/credits", User: "ann", Body: map[string]any{"quantity": 100}}).Expect(t, 201).JSON(t, &c)
	if c.Credits != before+100 || credits(t, e, "ann") != before+100 {
		t.Fatalf("credits %d", c.Credits)
	}
	for _, body := range []any{map[string]any{"quantity": 0}, map[string]any{"quantity": 1000001}, map[string]any{}, `{"quantity":"many"}`, `{"quantity":1.5}`, `[]`} {
		e.Do(req{Method: "POST", Path: "/v1/account/credits", User: "ann", Body: body, ContentType: "application/json"}).Expect(t, 400).Problem(t)
	}
	e.Do(req{Method: "PUT", Path: "/v1/account/seats", User: "ann", Body: map[string]any{"seats": 4}}).Expect(t, 204)
	var s struct{ Seats int }
	e.Do(req{Method: "GET", Path: "/v1/account/seats", User: "ann"}).Expect(t, 200).JSON(t, &s)
	if s.Seats != 4 {
		t.Fatalf("seats %d", s.Seats)
	}
	for _, body := range []any{map[string]any{"seats": 0}, map[string]any{"seats": 10001}, map[string]any{}, `{"seats":"2"}`} {
		e.Do(req{Method: "PUT", Path: "/v1/account/seats", User: "ann", Body: body, ContentType: "application/json"}).Expect(t, 400).Problem(t)
	}
}

func TestAPISettings(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	var list []map[string]string
	e.Do(req{Method: "GET", Path: "/v1/account/settings", User: "ann"}).Expect(t, 200).JSON(t, &list)
	if len(list) != 7 {
		t.Fatalf("settings %+v", list)
	}
	for _, body := range []any{
		[]map[string]string{{"key": "timezone", "value": "Europe/Stockholm"}, {"key": "colour", "value": "red"}},
		[]map[string]string{{"key": "timezone", "value": "Mars/Olympus"}},
		[]map[string]string{{"key": "suggestionsCount", "value": "0"}},
		[]map[string]string{{"key": "emailAddress", "value": "Ann <ann@example.com>"}},
		map[string]string{"key": "timezone"},
	} {
		e.Do(req{Method: "PUT", Path: "/v1/account/settings", User: "ann", Body: body}).Expect(t, 400).Problem(t)
	}
	e.Do(req{Method: "GET", Path: "/v1/account/settings", User: "ann"}).Expect(t, 200).JSON(t, &list)
	for _, s := range list {
		if s["key"] == "timezone" && s["value"] != "UTC" {
			t.Fatalf("a refused PUT changed the timezone to %s", s["value"])
		}
	}
	e.Do(req{Method: "PUT", Path: "/v1/account/settings", User: "ann", Body: []map[string]string{{"key": "suggestionsCount", "value": "30"}}, Header: representation}).Expect(t, 200).JSON(t, &list)
	for _, s := range list {
		if s["key"] == "suggestionsCount" && s["value"] != "30" {
			t.Fatalf("suggestionsCount %s", s["value"])
		}
	}
}

func TestAPIUsage(t *testing.T) {
	e := testkit.New(t)
	ann := e.AddUser("ann", "")
	e.Do(req{Method: "PUT", Path: "/v1/account/settings", User: "ann", Body: []map[string]string{{"key": "timezone", "value": "Europe/Stockholm"}}}).Expect(t, 204)
	if err := e.Svc.RecordUsage(e.As("ann"), ann.ID, 1, 40, time.Date(2026, 3, 31, 23, 30, 0, 0, time.UTC)); err != nil {
		t.Fatal(err)
	}
	e.SetPlan("ann", "basic")
	if err := e.Svc.RecordUsage(e.As("ann"), ann.ID, 1, 2, time.Date(2026, 4, 2, 10, 0, 0, 0, time.UTC)); err != nil {
		t.Fatal(err)
	}
	e.Clock.Set(time.Date(2026, 4, 2, 12, 0, 0, 0, time.UTC))
	var u map[string]int64
	e.Do(req{Method: "GET", Path: "/v1/account/usage", User: "ann"}).Expect(t, 200).JSON(t, &u)
	want := map[string]int64{
		"todaysProjectsTrialing": 0, "todaysVerbatimsTrialing": 0, "todaysProjectsNonTrialing": 1, "todaysVerbatimsNonTrialing": 2,
		"monthsProjectsTrialing": 1, "monthsVerbatimsTrialing": 40, "monthsProjectsNonTrialing": 1, "monthsVerbatimsNonTrialing": 2,
		"totalNumberOfProjectsTrialingInPeriod": 1, "totalNumberOfVerbatimsTrialingInPeriod": 40,
		"totalNumberOfProjectsNonTrialingInPeriod": 1, "totalNumberOfVerbatimsNonTrialingInPeriod": 2,
	}
	if fmt.Sprint(u) != fmt.Sprint(want) {
		t.Fatalf("usage %v\nwant  %v", u, want)
	}
	e.Do(req{Method: "GET", Path: "/v1/account/usage?sinceDate=2026-04-01&untilDate=2026-04-02", User: "ann"}).Expect(t, 200).JSON(t, &u)
	if u["totalNumberOfVerbatimsTrialingInPeriod"] != 40 || u["totalNumberOfVerbatimsNonTrialingInPeriod"] != 0 {
		t.Fatalf("April 1st %v", u)
	}
	e.Do(req{Method: "GET", Path: "/v1/account/usage?period=DAY", User: "ann"}).Expect(t, 200).JSON(t, &u)
	if u["totalNumberOfVerbatimsTrialingInPeriod"] != 0 || u["totalNumberOfVerbatimsNonTrialingInPeriod"] != 2 {
		t.Fatalf("DAY %v", u)
	}
	for _, q := range []string{"period=WEEK", "sinceDate=2026-04-01&untilDate=2026-04-01", "sinceDate=2026-04-01", "untilDate=2026-04-01", "sinceDate=april&untilDate=2026-05-01"} {
		e.Do(req{Method: "GET", Path: "/v1/account/usage?" + q, User: "ann"}).Expect(t, 400).Problem(t)
	}
}
