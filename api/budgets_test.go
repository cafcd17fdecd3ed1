package api_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	explorer "explorer"
	"explorer/internal/testkit"
	"explorer/projects"
)

func TestOwnedBudgets(t *testing.T) {
	e := testkit.New(t, func(o *explorer.Options) {
		o.Budgets = explorer.UserBudgets{Models: 1, Poles: 2, Projects: 1, Tokens: 1}
	})
	e.AddUser("ann", "")
	e.AddUser("root", explorer.RoleAdmin)
	pole := map[string]any{"name": "p", "language": "EN", "parts": []any{}}
	for range 2 {
		createPole(t, e, "ann", pole)
	}
	pr := e.Do(testkit.Request{Method: "POST", Path: "/v1/poles", User: "ann", Body: pole}).Expect(t, http.StatusConflict).Problem(t)
	if !strings.Contains(pr.Detail, "limit of poles per user is 2") {
		t.Fatalf("problem %+v", pr)
	}
	// An admin raises the budget of ann: one more pole.
	var got struct {
		Budgets  struct{ Poles, Models int }
		Override struct{ Poles *int }
	}
	e.Do(testkit.Request{Method: "PUT", Path: "/v1/admin/users/ann/budgets", User: "root", Body: map[string]any{"poles": 3}}).Expect(t, 200).JSON(t, &got)
	if got.Budgets.Poles != 3 || got.Budgets.Models != 1 || got.Override.Poles == nil || *got.Override.Poles != 3 {
		t.Fatalf("budgets %+v", got)
	}
	createPole(t, e, "ann", pole)
	e.Do(testkit.Request{Method: "POST", Path: "/v1/poles", User: "ann", Body: pole}).Expect(t, http.StatusConflict)
	// Only admins; bad values name the field.
	e.Do(testkit.Request{Method: "PUT", Path: "/v1/admin/users/ann/budgets", User: "ann", Body: map[string]any{"poles": 9}}).Expect(t, http.StatusForbidden).Problem(t)
	e.Do(testkit.Request{Method: "GET", Path: "/v1/admin/users/ann/budgets", User: "ann"}).Expect(t, http.StatusForbidden).Problem(t)
	pr = e.Do(testkit.Request{Method: "PUT", Path: "/v1/admin/users/ann/budgets", User: "root", Body: map[string]any{"tokens": 0}}).Expect(t, 400).Problem(t)
	if len(pr.Errors) != 1 || pr.Errors[0].Field != "tokens" {
		t.Fatalf("problem %+v", pr)
	}
	e.Do(testkit.Request{Method: "GET", Path: "/v1/admin/users/nobody/budgets", User: "root"}).Expect(t, http.StatusNotFound).Problem(t)

	// Models, projects and tokens.
	csv := []byte("Index,Label,Terms\n1,a,b\n")
	e.Upload("ann", "m.csv", csv, "").Expect(t, http.StatusCreated)
	pr = e.Upload("ann", "m.csv", csv, "").Expect(t, http.StatusConflict).Problem(t)
	if !strings.Contains(pr.Detail, "limit of models per user is 1") {
		t.Fatalf("problem %+v", pr)
	}
	ctx := e.As("ann")
	if _, err := e.Svc.CreateProject(ctx, projects.NewProject{Title: "one"}); err != nil {
		t.Fatal(err)
	}
	if _, err := e.Svc.CreateProject(ctx, projects.NewProject{Title: "two"}); explorer.ErrorCode(err) != explorer.ECONFLICT || !strings.Contains(err.Error(), "projects") {
		t.Fatalf("second project: %v", err)
	}
	if _, err := e.Svc.CreateToken(ctx, "ann", "t1"); err != nil {
		t.Fatal(err)
	}
	if _, err := e.Svc.CreateToken(ctx, "ann", "t2"); explorer.ErrorCode(err) != explorer.ECONFLICT || !strings.Contains(err.Error(), "tokens") {
		t.Fatalf("second token: %v", err)
	}
}

func TestWritesPerMinute(t *testing.T) {
	e := testkit.New(t, func(o *explorer.Options) { o.Budgets = explorer.UserBudgets{WritesPerMinute: 5} })
	e.AddUser("ann", "")
	e.AddUser("bob", "")
	e.AddUser("root", explorer.RoleAdmin)
	p := createPole(t, e, "ann", map[string]any{"name": "p", "language": "EN", "parts": []any{}})
	path := fmt.Sprintf("/v1/poles/%d", p.ID)
	body := map[string]any{"name": "q", "language": "EN", "parts": []any{}}
	for range 4 {
		e.Do(testkit.Request{Method: "PUT", Path: path, User: "ann", Body: body}).Expect(t, http.StatusNoContent)
	}
	e.Clock.Advance(20 * time.Second)
	r := e.Do(testkit.Request{Method: "PUT", Path: path, User: "ann", Body: body}).Expect(t, http.StatusTooManyRequests)
	if r.Header.Get("Retry-After") != "40" || !strings.Contains(r.Problem(t).Detail, "more than 5 writes in a minute") {
		t.Fatalf("Retry-After %q, %s", r.Header.Get("Retry-After"), r.Body)
	}
	// Reads go on; other users write.
	e.Do(testkit.Request{Method: "GET", Path: path, User: "ann"}).Expect(t, 200)
	createPole(t, e, "bob", body)
	// The next minute, or a budget an admin raised, lets ann write again.
	e.Clock.Advance(40 * time.Second)
	e.Do(testkit.Request{Method: "PUT", Path: path, User: "ann", Body: body}).Expect(t, http.StatusNoContent)
	for range 4 {
		e.Do(testkit.Request{Method: "PUT", Path: path, User: "ann", Body: body}).Expect(t, http.StatusNoContent)
	}
	e.Do(testkit.Request{Method: "PUT", Path: path, User: "ann", Body: body}).Expect(t, http.StatusTooManyRequests)
	e.Do(testkit.Request{Method: "PUT", Path: "/v1/admin/users/ann/budgets", User: "root", Body: map[string]any{"writesPerMinute": 100}}).Expect(t, 200)
	e.Do(testkit.Request{Method: "PUT", Path: path, User: "ann", Body: body}).Expect(t, http.StatusNoContent)
}
