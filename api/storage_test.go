package api_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"

	explorer "explorer"
	"explorer/internal/testkit"
)

// bigPole is a pole body of n parts of 90-character terms (188 stored
// bytes each: the term, its key and the weight), tag making it unique.
func bigPole(n int, tag string) map[string]any {
	parts := make([]any, n)
	for i := range parts {
		parts[i] = map[string]any{"term": fmt.Sprintf("%s-%04d-%s", tag, i, strings.Repeat("x", 90-len(tag)-6)), "weight": 1}
	}
	return map[string]any{"name": "big " + tag, "language": "EN", "parts": parts}
}

// bigGroups are n topics of 10 distinct terms of 20 characters.
func bigGroups(n int, tag string) []any {
	topics := make([]any, n)
	for i := range topics {
		terms := make([]any, 10)
		for j := range terms {
			terms[j] = fmt.Sprintf("%s%03d%02d%s", tag, i, j, strings.Repeat("t", 20-len(tag)-5))
		}
		topics[i] = map[string]any{"title": fmt.Sprintf("topic %d", i), "terms": terms}
	}
	return []any{map[string]any{"title": "g", "topics": topics}}
}

// usage returns the counter and the recount of a user's stored bytes and
// fails the test when they differ.
func usage(t *testing.T, e *testkit.Env, user string) int64 {
	t.Helper()
	u, err := e.Svc.FindUser(context.Background(), user)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	used, err := e.DB.StorageUsed(ctx, u.ID)
	if err != nil {
		t.Fatal(err)
	}
	real, err := e.DB.RecountStorage(ctx, u.ID)
	if err != nil {
		t.Fatal(err)
	}
	if used != real {
		t.Fatalf("%s: counter %d, stored bytes %d", user, used, real)
	}
	return used
}

// storageRefused checks a 413 problem naming the budget and the use.
func storageRefused(t *testing.T, r *testkit.Response, budget, used int64) {
	t.Helper()
	p := r.Expect(t, http.StatusRequestEntityTooLarge).Problem(t)
	want := fmt.Sprintf("%s allowed, %s used", explorer.FormatBytes(budget), explorer.FormatBytes(used))
	if !strings.Contains(p.Detail, "storage budget") || !strings.Contains(p.Detail, want) {
		t.Fatalf("problem %q, want one naming %q", p.Detail, want)
	}
}

// TestStorageBudget: poles and model versions count against their
// owner's storage budget; past it a write is 413 naming the budget and
// the use and stores nothing; deletes give the bytes back; an admin's
// override raises it; a shared model's editor spends its owner's budget.
func TestStorageBudget(t *testing.T) {
	const budget = 64 << 10
	e := testkit.New(t, func(o *explorer.Options) { o.Budgets = explorer.UserBudgets{Storage: budget} })
	e.AddUser("ann", "")
	e.AddUser("bob", "")
	e.AddUser("root", explorer.RoleAdmin)
	var poles []poleJSON
	for i := 0; ; i++ {
		if i == 10 {
			t.Fatal("no 413 after 10 poles")
		}
		before := usage(t, e, "ann")
		r := e.Do(testkit.Request{Method: "POST", Path: "/v1/poles", User: "ann", Body: bigPole(100, fmt.Sprint("p", i))})
		if r.Status == http.StatusCreated {
			var p poleJSON
			r.JSON(t, &p)
			poles = append(poles, p)
			continue
		}
		storageRefused(t, r, budget, before)
		if usage(t, e, "ann") != before {
			t.Fatal("a refused pole changed the counter")
		}
		break
	}
	if len(poles) != 3 {
		t.Fatalf("%d poles of 19 KB fit in 64 KiB", len(poles))
	}
	var list struct{ Size int }
	e.Do(testkit.Request{Method: "GET", Path: "/v1/poles", User: "ann"}).Expect(t, 200).JSON(t, &list)
	if list.Size != 3 {
		t.Fatalf("%d poles stored", list.Size)
	}
	// Growing a pole past the budget is refused too; shrinking passes.
	path := fmt.Sprintf("/v1/poles/%d", poles[0].ID)
	before := usage(t, e, "ann")
	storageRefused(t, e.Do(testkit.Request{Method: "PUT", Path: path, User: "ann", Body: bigPole(200, "p0")}), budget, before)
	e.Do(testkit.Request{Method: "PUT", Path: path, User: "ann", Body: bigPole(10, "p0")}).Expect(t, http.StatusNoContent)
	if after := usage(t, e, "ann"); after >= before-80*188 {
		t.Fatalf("shrinking a pole: %d -> %d bytes", before, after)
	}
	// A model file that does not fit: 413, no model.
	var big strings.Builder
	big.WriteString("Index,Label,Terms\n")
	for i := range 300 {
		fmt.Fprintf(&big, "%d,topic %d,%s\n", i+1, i, strings.Repeat("w", 60))
	}
	before = usage(t, e, "ann")
	storageRefused(t, e.Upload("ann", "big.csv", []byte(big.String()), ""), budget, before)
	// Model versions: a shared model's editor spends the owner's budget.
	e.Upload("ann", "m.csv", []byte("Index,Label,Terms\n1,a,b\n"), "").Expect(t, http.StatusCreated)
	var models []struct{ ID int64 }
	e.Do(testkit.Request{Method: "GET", Path: "/v1/models", User: "ann"}).Expect(t, 200).JSON(t, &models)
	if len(models) != 1 {
		t.Fatalf("%d models: the refused upload kept one", len(models))
	}
	mpath := fmt.Sprintf("/v1/models/%d", models[0].ID)
	shareModel(t, e, models[0].ID, "ann", "bob")
	refused := false
	for i := 0; i < 20 && !refused; i++ {
		before := usage(t, e, "ann")
		r := e.Do(testkit.Request{Method: "PUT", Path: mpath, User: "bob", Body: map[string]any{"groups": bigGroups(20, fmt.Sprint("v", i))}})
		if r.Status == http.StatusNoContent {
			continue
		}
		storageRefused(t, r, budget, before)
		if !strings.Contains(r.Problem(t).Detail, "of the owner") {
			t.Fatalf("problem %s", r.Body)
		}
		refused = true
	}
	if !refused || usage(t, e, "bob") != 0 {
		t.Fatalf("refused %v, bob stores %d", refused, usage(t, e, "bob"))
	}
	var versions []struct{ Version int }
	e.Do(testkit.Request{Method: "GET", Path: mpath + "/versions", User: "ann"}).Expect(t, 200).JSON(t, &versions)
	n := len(versions)
	// A restore stores a manifest: refused as well at the budget.
	before = usage(t, e, "ann")
	r := e.Do(testkit.Request{Method: "POST", Path: mpath + "/versions/1/restore", User: "ann"})
	if r.Status != http.StatusRequestEntityTooLarge {
		n++ // the manifest still fitted
		r.Expect(t, http.StatusCreated)
	} else if after := usage(t, e, "ann"); after != before {
		t.Fatalf("a refused restore changed the storage used from %d to %d", before, after)
	}
	e.Do(testkit.Request{Method: "GET", Path: mpath + "/versions", User: "ann"}).Expect(t, 200).JSON(t, &versions)
	if len(versions) != n {
		t.Fatalf("%d versions, want %d", len(versions), n)
	}
	// Deleting a pole gives its bytes back: the edit passes.
	before = usage(t, e, "ann")
	e.Do(testkit.Request{Method: "DELETE", Path: fmt.Sprintf("/v1/poles/%d", poles[1].ID), User: "ann"}).Expect(t, http.StatusNoContent)
	if after := usage(t, e, "ann"); after != before-100*188-int64(len("big p1")) {
		t.Fatalf("deleting a pole: %d -> %d bytes", before, after)
	}
	e.Do(testkit.Request{Method: "PUT", Path: mpath, User: "bob", Body: map[string]any{"groups": bigGroups(20, "w")}}).Expect(t, http.StatusNoContent)
	// An admin raises ann's budget: the refused pole fits now.
	var got struct {
		Budgets     struct{ Storage int64 }
		Override    struct{ Storage *int64 }
		StorageUsed int64
	}
	e.Do(testkit.Request{Method: "PUT", Path: "/v1/admin/users/ann/budgets", User: "root", Body: map[string]any{"storage": 1 << 20}}).Expect(t, 200).JSON(t, &got)
	if got.Budgets.Storage != 1<<20 || got.Override.Storage == nil || got.StorageUsed != usage(t, e, "ann") {
		t.Fatalf("budgets %+v", got)
	}
	for i := range 3 {
		e.Do(testkit.Request{Method: "POST", Path: "/v1/poles", User: "ann", Body: bigPole(100, fmt.Sprint("q", i))}).Expect(t, http.StatusCreated)
	}
	pr := e.Do(testkit.Request{Method: "PUT", Path: "/v1/admin/users/ann/budgets", User: "root", Body: map[string]any{"storage": 0}}).Expect(t, 400).Problem(t)
	if len(pr.Errors) != 1 || pr.Errors[0].Field != "storage" {
		t.Fatalf("problem %+v", pr)
	}
	// Deleting the model gives back every version's parts.
	e.Do(testkit.Request{Method: "DELETE", Path: mpath, User: "ann"}).Expect(t, http.StatusNoContent)
	if used := usage(t, e, "ann"); used > 6*100*188+10*188+1000 {
		t.Fatalf("%d bytes after deleting the model", used)
	}
}

// shareModel gives to READ_WRITE access to owner's model.
func shareModel(t *testing.T, e *testkit.Env, id int64, owner, to string) {
	t.Helper()
	e.Do(testkit.Request{Method: "POST", Path: fmt.Sprintf("/v1/models/%d/share?userId=%s&rights=READ_WRITE", id, to), User: owner}).Expect(t, http.StatusCreated)
	var invs []struct{ ID int64 }
	e.Do(testkit.Request{Method: "GET", Path: "/v1/models/invitations", User: to}).Expect(t, 200).JSON(t, &invs)
	if len(invs) != 1 {
		t.Fatalf("invitations %+v", invs)
	}
	e.Do(testkit.Request{Method: "PUT", Path: fmt.Sprintf("/v1/models/invitations/%d/accept", invs[0].ID), User: to}).Expect(t, http.StatusNoContent)
}
