package api_test

import (
	"context"
	"encoding/base64"
	"fmt"
	"net/http"
	"os"
	"strings"
	"testing"

	explorer "explorer"
	"explorer/identity"
	"explorer/internal/testkit"
)

// auditEvents reads the whole audit log as root.
func auditEvents(t *testing.T, e *testkit.Env, f explorer.AuditFilter) []*explorer.AuditEvent {
	t.Helper()
	f.Page = explorer.Page{Limit: explorer.PageLimitMax}
	list, _, err := e.Svc.AuditEvents(e.As("root"), f)
	if err != nil {
		t.Fatal(err)
	}
	return list
}

// auditCounts counts the records of each action.
func auditCounts(t *testing.T, e *testkit.Env) map[string]int {
	t.Helper()
	n := map[string]int{}
	for _, ev := range auditEvents(t, e, explorer.AuditFilter{}) {
		n[ev.Action]++
	}
	return n
}

// inRequest is a context of user as the HTTP edge makes it.
func inRequest(e *testkit.Env, user, id string) context.Context {
	return explorer.WithRequest(e.As(user), explorer.RequestInfo{Addr: "192.0.2.7", ID: id})
}

// auditStep is one audited action, done through the JSON interface or,
// for what only the pages do, the Service with a request's context.
type auditStep struct {
	action string
	do     func(t *testing.T, e *testkit.Env, s *auditState)
}

// auditState carries what one step makes for the next.
type auditState struct {
	model, token int64
	tokenSecret  string
}

func auditSteps() []auditStep {
	return []auditStep{
		{explorer.ActionUserCreate, func(t *testing.T, e *testkit.Env, s *auditState) {
			mustDo(t)(e.Svc.CreateUser(inRequest(e, "root", "r1"), identity.NewUser{Username: "cleo", Password: "cleo-secret-1"}))
		}},
		{explorer.ActionSignInPassword, func(t *testing.T, e *testkit.Env, s *auditState) {
			e.Do(testkit.Request{Method: "GET", Path: "/v1/account", User: "ann"}).Expect(t, 200)
			// A credential served from the cache is no new sign-in.
			e.Do(testkit.Request{Method: "GET", Path: "/v1/account", User: "ann"}).Expect(t, 200)
		}},
		{explorer.ActionPasswordChange, func(t *testing.T, e *testkit.Env, s *auditState) {
			if err := e.Svc.SetPassword(inRequest(e, "root", "r2"), "cleo", "cleo-secret-2"); err != nil {
				t.Fatal(err)
			}
		}},
		{explorer.ActionTokenCreate, func(t *testing.T, e *testkit.Env, s *auditState) {
			nt, err := e.Svc.CreateToken(inRequest(e, "ann", "r3"), "ann", "ci")
			if err != nil {
				t.Fatal(err)
			}
			s.token, s.tokenSecret = nt.Token.ID, nt.Secret
		}},
		{explorer.ActionSignInToken, func(t *testing.T, e *testkit.Env, s *auditState) {
			e.Do(testkit.Request{Method: "GET", Path: "/v1/account", Header: map[string]string{"Authorization": "Bearer " + s.tokenSecret}}).Expect(t, 200)
			e.Do(testkit.Request{Method: "GET", Path: "/v1/account", Header: map[string]string{"Authorization": "Bearer " + s.tokenSecret}}).Expect(t, 200)
		}},
		{explorer.ActionTokenRevoke, func(t *testing.T, e *testkit.Env, s *auditState) {
			if err := e.Svc.RevokeToken(inRequest(e, "ann", "r4"), s.token); err != nil {
				t.Fatal(err)
			}
		}},
		{explorer.ActionUserRole, func(t *testing.T, e *testkit.Env, s *auditState) {
			if err := e.Svc.SetRole(inRequest(e, "root", "r5"), "cleo", explorer.RoleAdmin); err != nil {
				t.Fatal(err)
			}
		}},
		{explorer.ActionUserDisable, func(t *testing.T, e *testkit.Env, s *auditState) {
			if err := e.Svc.SetUserDisabled(inRequest(e, "root", "r6"), "cleo", true); err != nil {
				t.Fatal(err)
			}
		}},
		{explorer.ActionUserEnable, func(t *testing.T, e *testkit.Env, s *auditState) {
			if err := e.Svc.SetUserDisabled(inRequest(e, "root", "r7"), "cleo", false); err != nil {
				t.Fatal(err)
			}
		}},
		{explorer.ActionUserDelete, func(t *testing.T, e *testkit.Env, s *auditState) {
			if err := e.Svc.DeleteUser(inRequest(e, "root", "r8"), "cleo"); err != nil {
				t.Fatal(err)
			}
		}},
		{explorer.ActionUserBudgets, func(t *testing.T, e *testkit.Env, s *auditState) {
			e.Do(testkit.Request{Method: "PUT", Path: "/v1/admin/users/ann/budgets", User: "root", Body: map[string]any{"poles": 30}}).Expect(t, 200)
		}},
		{explorer.ActionModelShare, func(t *testing.T, e *testkit.Env, s *auditState) {
			var m struct{ ID int64 }
			e.Upload("ann", "m.csv", []byte("Index,Label,Terms\n1,a,b\n"), "").Expect(t, http.StatusCreated).JSON(t, &m)
			s.model = m.ID
			var inv struct{ ID int64 }
			e.Do(testkit.Request{Method: "POST", Path: fmt.Sprintf("/v1/models/%d/share?userId=bob", m.ID), User: "ann"}).Expect(t, 201).JSON(t, &inv)
			e.Do(testkit.Request{Method: "PUT", Path: fmt.Sprintf("/v1/models/invitations/%d/accept", inv.ID), User: "bob"}).Expect(t, 204)
		}},
		{explorer.ActionModelAccessRemove, func(t *testing.T, e *testkit.Env, s *auditState) {
			var m struct{ UsersAccess []struct{ ID int64 } }
			e.Do(testkit.Request{Method: "GET", Path: fmt.Sprintf("/v1/models/%d", s.model), User: "ann"}).Expect(t, 200).JSON(t, &m)
			if len(m.UsersAccess) != 1 {
				t.Fatalf("accesses %+v", m)
			}
			e.Do(testkit.Request{Method: "DELETE", Path: fmt.Sprintf("/v1/models/%d/userRights/%d", s.model, m.UsersAccess[0].ID), User: "ann"}).Expect(t, 204)
		}},
		{explorer.ActionModelRestore, func(t *testing.T, e *testkit.Env, s *auditState) {
			body := map[string]any{"groups": []any{map[string]any{"title": "g", "topics": []any{map[string]any{"title": "t", "terms": []string{"x"}}}}}}
			e.Do(testkit.Request{Method: "PUT", Path: fmt.Sprintf("/v1/models/%d", s.model), User: "ann", Body: body}).Expect(t, 204)
			e.Do(testkit.Request{Method: "POST", Path: fmt.Sprintf("/v1/models/%d/versions/1/restore", s.model), User: "ann"}).Expect(t, 201)
		}},
		{explorer.ActionCreditsBuy, func(t *testing.T, e *testkit.Env, s *auditState) {
			e.Do(testkit.Request{Method: "POST", Path: "/v1/account/credits", User: "ann", Body: map[string]any{"quantity": 5}}).Expect(t, 201)
		}},
		{explorer.ActionCreditsAdjust, func(t *testing.T, e *testkit.Env, s *auditState) {
			if _, err := e.Svc.AdjustCredits(inRequest(e, "root", "r9"), "ann", 7, "goodwill"); err != nil {
				t.Fatal(err)
			}
		}},
		{explorer.ActionCreditsOverdraft, func(t *testing.T, e *testkit.Env, s *auditState) {
			if err := e.Svc.SetOverdraft(inRequest(e, "root", "r9b"), "ann", 300); err != nil {
				t.Fatal(err)
			}
		}},
		{explorer.ActionPlanChange, func(t *testing.T, e *testkit.Env, s *auditState) {
			e.Do(testkit.Request{Method: "PUT", Path: "/v1/account/product", User: "ann", Body: map[string]any{"handle": "professional"}}).Expect(t, 204)
		}},
		{explorer.ActionPlanCancel, func(t *testing.T, e *testkit.Env, s *auditState) {
			e.Do(testkit.Request{Method: "PUT", Path: "/v1/account/product", User: "bob", Body: map[string]any{"handle": "professional"}}).Expect(t, 204)
			e.Do(testkit.Request{Method: "PUT", Path: "/v1/account/product", User: "bob", Body: map[string]any{"handle": "basic"}}).Expect(t, 204)
			e.Do(testkit.Request{Method: "DELETE", Path: "/v1/account/product/migration", User: "bob"}).Expect(t, 204)
		}},
		{explorer.ActionSeatsChange, func(t *testing.T, e *testkit.Env, s *auditState) {
			e.Do(testkit.Request{Method: "PUT", Path: "/v1/account/seats", User: "ann", Body: map[string]any{"seats": 3}}).Expect(t, 204)
			// The same count changes nothing and records nothing.
			e.Do(testkit.Request{Method: "PUT", Path: "/v1/account/seats", User: "ann", Body: map[string]any{"seats": 3}}).Expect(t, 204)
		}},
		{explorer.ActionSettingsChange, func(t *testing.T, e *testkit.Env, s *auditState) {
			e.Do(testkit.Request{Method: "PUT", Path: "/v1/account/settings", User: "ann", Body: []map[string]string{{"key": "timezone", "value": "Europe/Paris"}}}).Expect(t, 204)
		}},
		{explorer.ActionBackupDownload, func(t *testing.T, e *testkit.Env, s *auditState) {
			b, err := e.Svc.Backup(inRequest(e, "root", "r10"))
			if os.Getenv("EXPLORER_TEST_POSTGRES") != "" {
				if explorer.ErrorCode(err) != explorer.EUNSUPPORTED {
					t.Fatalf("backup on PostgreSQL: %v", err)
				}
				// No copy, no record: count the one this step expects.
				if err := e.Svc.Audit(inRequest(e, "root", "r10"), explorer.AuditEvent{Action: explorer.ActionBackupDownload}); err != nil {
					t.Fatal(err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			b.Close()
		}},
	}
}

// auditResetStep is the admin's reset of bob's second factor.
var auditResetStep = auditStep{explorer.ActionTwoFactorReset, func(t *testing.T, e *testkit.Env, s *auditState) {
	if err := e.Svc.ResetSecondFactor(inRequest(e, "root", "r2fa"), "bob"); err != nil {
		t.Fatal(err)
	}
}}

func mustDo(t *testing.T) func(any, error) {
	return func(_ any, err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
}

// TestAuditEachActionOnce does every audited action and checks that each
// leaves exactly one record of its own (other records it leaves are the
// sign-ins of the users doing it), on the database the tests run on.
func TestAuditEachActionOnce(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("root", explorer.RoleAdmin)
	e.AddUser("ann", "")
	e.AddUser("bob", "")
	// root, bob sign in once (cached afterwards): out of the way of the
	// step that counts ann's sign-in.
	e.Do(testkit.Request{Method: "GET", Path: "/v1/account", User: "root"}).Expect(t, 200)
	e.Do(testkit.Request{Method: "GET", Path: "/v1/account", User: "bob"}).Expect(t, 200)
	var s auditState
	for _, step := range append(auditSteps(), auditResetStep) {
		before := auditCounts(t, e)
		step.do(t, e, &s)
		after := auditCounts(t, e)
		if got := after[step.action] - before[step.action]; got != 1 {
			t.Fatalf("%s left %d records, want 1", step.action, got)
		}
	}
	checkNoSecrets(t, e, s.tokenSecret)
}

// checkNoSecrets fails when a record holds a password, token or a hash.
func checkNoSecrets(t *testing.T, e *testkit.Env, token string) {
	t.Helper()
	secrets := []string{testkit.Password, "cleo-secret-1", "cleo-secret-2", token, strings.TrimPrefix(token, "exp_")}
	for _, ev := range auditEvents(t, e, explorer.AuditFilter{}) {
		all := strings.Join([]string{ev.Actor, ev.Action, ev.Target, ev.Outcome, ev.Addr, ev.RequestID, ev.Detail}, "\x00")
		for _, s := range secrets {
			if s != "" && strings.Contains(all, s) {
				t.Fatalf("record %+v holds a secret", ev)
			}
		}
		if strings.Contains(all, "$2a$") || strings.Contains(all, base64.StdEncoding.EncodeToString([]byte("ann:"+testkit.Password))) {
			t.Fatalf("record %+v holds a hash or a credential", ev)
		}
	}
}

// TestAuditListing reads the log through GET /v1/admin/audit: filters,
// pages with a Link, problem+json for bad queries, admins only.
func TestAuditListing(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("root", explorer.RoleAdmin)
	e.AddUser("ann", "")
	e.AddUser("bob", "")
	for i := range 3 {
		if err := e.Svc.SetRole(inRequest(e, "root", fmt.Sprintf("req-%d", i)), "ann", []string{explorer.RoleAdmin, explorer.RoleUser}[i%2]); err != nil {
			t.Fatal(err)
		}
		e.Clock.Advance(24 * 60 * 60 * 1000 * 1000 * 1000)
	}
	var list []map[string]any
	e.Do(testkit.Request{Method: "GET", Path: "/v1/admin/audit?action=user.role&user=ann", User: "root"}).Expect(t, 200).JSON(t, &list)
	if len(list) != 3 || list[0]["requestId"] != "req-2" || list[0]["clientAddress"] != "192.0.2.7" || list[0]["actor"] != "root" ||
		list[0]["target"] != "ann" || list[0]["outcome"] != "success" || list[0]["detail"] != "user to admin" {
		t.Fatalf("records %+v", list)
	}
	r := e.Do(testkit.Request{Method: "GET", Path: "/v1/admin/audit?action=user.role&limit=2", User: "root"}).Expect(t, 200)
	if link := r.Header.Get("Link"); !strings.Contains(link, "offset=2") || !strings.Contains(link, "action=user.role") {
		t.Fatalf("Link %q", link)
	}
	since := testkit.Start.AddDate(0, 0, 1).Format("2006-01-02")
	e.Do(testkit.Request{Method: "GET", Path: "/v1/admin/audit?action=user.role&since=" + since, User: "root"}).Expect(t, 200).JSON(t, &list)
	if len(list) != 2 {
		t.Fatalf("since %s: %d records", since, len(list))
	}
	ms := fmt.Sprint(testkit.Start.AddDate(0, 0, 2).UnixMilli())
	e.Do(testkit.Request{Method: "GET", Path: "/v1/admin/audit?action=user.role&since=" + ms, User: "root"}).Expect(t, 200).JSON(t, &list)
	if len(list) != 1 {
		t.Fatalf("since %s: %d records", ms, len(list))
	}
	for q, field := range map[string]string{"limit=0": "limit", "limit=x": "limit", "offset=-1": "offset", "action=nope": "action",
		"since=yesterday": "since", "until=2026-13-01": "until", "outcome=maybe": "outcome", "user=" + strings.Repeat("u", 65): "user",
		"user=%00": "user"} {
		p := e.Do(testkit.Request{Method: "GET", Path: "/v1/admin/audit?" + q, User: "root"}).Expect(t, 400).Problem(t)
		if len(p.Errors) != 1 || p.Errors[0].Field != field {
			t.Fatalf("%s: problem %+v", q, p)
		}
	}
	e.Do(testkit.Request{Method: "GET", Path: "/v1/admin/audit", User: "bob"}).Expect(t, http.StatusForbidden).Problem(t)
	e.Do(testkit.Request{Method: "GET", Path: "/v1/admin/audit"}).Expect(t, http.StatusUnauthorized).Problem(t)
}

// TestAuditFailedSignInFlood sends wrong passwords for many names from many
// addresses: one name and address is one record an hour however often it
// fails, and past the hour's budget the rest join one record.
func TestAuditFailedSignInFlood(t *testing.T) {
	const budget = 5
	e := testkit.New(t, func(o *explorer.Options) {
		o.AuditFailureRows, o.UserFailures, o.AddrFailures = budget, 1000, 1000
	})
	e.AddUser("root", explorer.RoleAdmin)
	ctx := context.Background()
	for i := range 20 {
		if _, err := e.Svc.AuthenticatePassword(ctx, "root", "wrong-password", "198.51.100.1"); explorer.ErrorCode(err) != explorer.EUNAUTHORIZED {
			t.Fatalf("attempt %d: %v", i, err)
		}
	}
	fails := auditEvents(t, e, explorer.AuditFilter{Outcome: explorer.OutcomeFailure})
	if len(fails) != 1 || fails[0].Count != 20 || fails[0].Actor != "root" || fails[0].Detail != "wrong password" || fails[0].Addr != "198.51.100.1" {
		t.Fatalf("records %+v", *fails[0])
	}
	for i := range 50 {
		_, _ = e.Svc.AuthenticatePassword(ctx, fmt.Sprintf("user%d", i), "wrong-password", fmt.Sprintf("203.0.113.%d", i))
	}
	_, _, _ = e.Svc.AuthenticateBearer(ctx, "exp_not-a-token", "203.0.113.200")
	fails = auditEvents(t, e, explorer.AuditFilter{Outcome: explorer.OutcomeFailure})
	var total int64
	for _, f := range fails {
		total += f.Count
	}
	if len(fails) != budget+2 || total != 71 || fails[0].Actor != "*" {
		t.Fatalf("%d records for %d refusals: %+v", len(fails), total, fails[0])
	}
	// The next hour has a budget of its own.
	e.Clock.Advance(61 * 60 * 1000 * 1000 * 1000)
	_, _ = e.Svc.AuthenticatePassword(ctx, "root", "wrong-password", "198.51.100.1")
	if n := len(auditEvents(t, e, explorer.AuditFilter{Outcome: explorer.OutcomeFailure})); n != budget+3 {
		t.Fatalf("%d records", n)
	}
}

// TestAuditActionsInOpenAPI keeps the document's action enum the list the
// filters accept.
func TestAuditActionsInOpenAPI(t *testing.T) {
	e := testkit.New(t)
	var doc struct {
		Components struct {
			Schemas struct {
				AuditAction struct{ Enum []string }
			}
		}
	}
	e.Do(testkit.Request{Method: "GET", Path: "/v1/openapi.json"}).Expect(t, 200).JSON(t, &doc)
	if got, want := strings.Join(doc.Components.Schemas.AuditAction.Enum, ","), strings.Join(explorer.AuditActions, ","); got != want {
		t.Fatalf("enum %s, want %s", got, want)
	}
}

// TestAuditMalformedSignInName: a name no account can have (here 100 KiB,
// a password typed into the name field) is refused as an unknown user and
// recorded without the name.
func TestAuditMalformedSignInName(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("root", explorer.RoleAdmin)
	for _, name := range []string{strings.Repeat("x", 100<<10), "my secret passphrase"} {
		if _, err := e.Svc.AuthenticatePassword(context.Background(), name, "wrong-password", "198.51.100.9"); explorer.ErrorCode(err) != explorer.EUNAUTHORIZED {
			t.Fatalf("%.20q: %v", name, err)
		}
	}
	fails := auditEvents(t, e, explorer.AuditFilter{Outcome: explorer.OutcomeFailure})
	if len(fails) != 1 || fails[0].Actor != "-" || fails[0].Count != 2 || fails[0].Detail != "unknown user" {
		t.Fatalf("records %d: %+v", len(fails), fails)
	}
	for _, ev := range auditEvents(t, e, explorer.AuditFilter{}) {
		if strings.Contains(ev.Actor+ev.Target+ev.Detail, "secret") || strings.Contains(ev.Actor+ev.Target+ev.Detail, "xxxx") {
			t.Fatalf("the typed name is in %+v", *ev)
		}
	}
}
