package identity_test

import (
	"context"
	"testing"
	"time"

	explorer "explorer"
	"explorer/internal/testkit"
)

// TestSignInFloodRows is the attack of item 4: a thousand sign-ins of one
// person from two addresses add two audit records (each with its count)
// and keep at most MaxSessions sessions, the newest; the oldest end
// first. The next hour starts a record of its own.
func TestSignInFloodRows(t *testing.T) {
	e := testkit.New(t, func(o *explorer.Options) { o.MaxSessions = 5 })
	e.AddUser("root", explorer.RoleAdmin)
	e.AddUser("ann", "")
	ctx := context.Background()
	var cookies []string
	for i := range 1000 {
		addr := "10.0.0.1"
		if i%10 == 0 {
			addr = "10.0.0.2"
		}
		ns, err := e.Svc.Login(ctx, "ann", testkit.Password, addr)
		if err != nil {
			t.Fatal(err)
		}
		cookies = append(cookies, ns.Cookie)
		e.Clock.Advance(time.Millisecond)
	}
	list, _, err := e.Svc.AuditEvents(e.As("root"), explorer.AuditFilter{Action: explorer.ActionSignInPassword, User: "ann", Page: explorer.Page{Limit: 100}})
	if err != nil {
		t.Fatal(err)
	}
	var total int64
	for _, ev := range list {
		total += ev.Count
	}
	if len(list) != 2 || total != 1000 {
		t.Fatalf("%d records hold %d sign-ins; want 2 and 1000", len(list), total)
	}
	// Within the session's 12 hours, a session that does not answer is
	// one whose row was deleted.
	for i, c := range cookies {
		_, _, err := e.Svc.SessionUser(ctx, c)
		if live := err == nil; live != (i >= len(cookies)-5) {
			t.Fatalf("session %d live %v", i, live)
		}
	}
	e.Clock.Advance(time.Hour)
	if _, err := e.Svc.Login(ctx, "ann", testkit.Password, "10.0.0.1"); err != nil {
		t.Fatal(err)
	}
	list, _, _ = e.Svc.AuditEvents(e.As("root"), explorer.AuditFilter{Action: explorer.ActionSignInPassword, User: "ann", Page: explorer.Page{Limit: 100}})
	if len(list) != 3 {
		t.Fatalf("the next hour's sign-in: %d records, want 3", len(list))
	}
}
