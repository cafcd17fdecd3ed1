package main

import (
	"database/sql"
	"fmt"
	"sort"
	"strings"
	"testing"
)

// check asserts that every acknowledged write of the crash run is there
// and that nothing unacknowledged half-exists; it returns the number of
// acknowledged writes.
func (r *crashRun) check(t *testing.T) int {
	if len(r.unexpected) > 0 {
		t.Errorf("%d unexpected answers, such as %v", len(r.unexpected), r.unexpected[:min(5, len(r.unexpected))])
	}
	db, err := sql.Open("sqlite", "file:"+sqlitePath(r.data)+"?mode=ro&_pragma=busy_timeout(10000)")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	r.checkModel(t)
	r.checkPole(t)
	r.checkCredits(t, db)
	r.checkInvitations(t, db)
	r.checkImports(t, db)
	n := len(r.models.list()) + len(r.poles.list()) + int(r.creditsAcked.Load()) + len(r.invites.list()) + len(r.imports.list())
	t.Logf("acknowledged: %d model updates, %d pole appends, %d credit purchases, %d invitations, %d imports",
		len(r.models.list()), len(r.poles.list()), r.creditsAcked.Load(), len(r.invites.list()), len(r.imports.list()))
	return n
}

// checkModel: versions 1..N without a gap, each complete (one group of
// one topic whose term matches its title), each update in one version at
// most and every acknowledged one in exactly one.
func (r *crashRun) checkModel(t *testing.T) {
	var versions []struct{ Version int }
	r.owner.must(t, 200, "GET", fmt.Sprintf("/v1/models/%d/versions", r.model), nil, &versions)
	nums := make([]int, 0, len(versions))
	for _, v := range versions {
		nums = append(nums, v.Version)
	}
	sort.Ints(nums)
	seen := map[string]int{}
	for i, v := range nums {
		if v != i+1 {
			t.Fatalf("model versions %v: a gap at %d", nums, i+1)
		}
		if v == 1 {
			continue
		}
		var m struct {
			Groups []struct {
				Title  string
				Topics []struct{ Terms []string }
			}
		}
		r.owner.must(t, 200, "GET", fmt.Sprintf("/v1/models/%d/versions/%d", r.model, v), nil, &m)
		if len(m.Groups) != 1 || len(m.Groups[0].Topics) != 1 || fmt.Sprint(m.Groups[0].Topics[0].Terms) != "[t"+m.Groups[0].Title+"]" {
			t.Fatalf("model version %d is not one whole update: %+v", v, m)
		}
		seen[m.Groups[0].Title]++
	}
	for k, n := range seen {
		if n > 1 {
			t.Fatalf("update %s is in %d versions", k, n)
		}
	}
	for _, k := range r.models.list() {
		if seen[k] != 1 {
			t.Fatalf("acknowledged model update %s is lost", k)
		}
	}
}

// checkPole: every acknowledged part is there, each part once and whole.
func (r *crashRun) checkPole(t *testing.T) {
	var p struct {
		Parts []struct {
			Term   string
			Weight float64
		}
	}
	r.owner.must(t, 200, "GET", fmt.Sprintf("/v1/poles/%d", r.pole), nil, &p)
	have := map[string]bool{}
	for _, part := range p.Parts {
		if have[part.Term] || part.Weight != 1 {
			t.Fatalf("pole part %+v twice or damaged", part)
		}
		have[part.Term] = true
	}
	if m := missing(have, r.poles.list()); len(m) > 0 {
		t.Fatalf("%d acknowledged pole appends lost: %v", len(m), m[:min(5, len(m))])
	}
}

// checkCredits: the purchases grew by at least the acknowledged ones and
// at most the attempted ones, each with its charge. (The balance itself
// also moves with the imports' usage.)
func (r *crashRun) checkCredits(t *testing.T, db *sql.DB) {
	const owner = `(SELECT id FROM users WHERE username = 'crash')`
	var entries, charges int64
	must(t, db.QueryRow(`SELECT COUNT(*) FROM credit_entries WHERE account_id = `+owner+` AND kind = 'purchase'`).Scan(&entries))
	must(t, db.QueryRow(`SELECT COUNT(*) FROM charges WHERE account_id = `+owner+` AND kind = 'credits'`).Scan(&charges))
	if entries < r.creditsAcked.Load() || entries > r.creditsTried.Load() || charges != entries {
		t.Fatalf("%d purchase entries and %d charges: acknowledged %d, attempted %d", entries, charges, r.creditsAcked.Load(), r.creditsTried.Load())
	}
}

// checkInvitations: every acknowledged invitation is pending.
func (r *crashRun) checkInvitations(t *testing.T, db *sql.DB) {
	rows, err := db.Query(`SELECT s.username, r.username FROM manager_invitations i
		JOIN users s ON s.id = i.sender_id JOIN users r ON r.id = i.recipient_id WHERE i.status = 'pending'`)
	must(t, err)
	defer rows.Close()
	have := map[string]bool{}
	for rows.Next() {
		var s, rc string
		must(t, rows.Scan(&s, &rc))
		have[s+">"+rc] = true
	}
	if m := missing(have, r.invites.list()); len(m) > 0 {
		t.Fatalf("acknowledged invitations lost: %v", m)
	}
}

// checkImports: every acknowledged import is READY with all its rows and
// headers and one usage record; any other project is an interrupted
// import that the restart recovered: FAILED with "import failed: …"
// (never "importing"), no rows, no headers and no usage.
func (r *crashRun) checkImports(t *testing.T, db *sql.DB) {
	rows, err := db.Query(`SELECT p.title, p.status, p.status_message,
		(SELECT COUNT(*) FROM project_rows WHERE project_id = p.id),
		(SELECT COUNT(*) FROM project_headers WHERE project_id = p.id) FROM projects p`)
	must(t, err)
	defer rows.Close()
	ready, interrupted := map[string]bool{}, 0
	for rows.Next() {
		var title, status, msg string
		var nrows, nheaders int
		must(t, rows.Scan(&title, &status, &msg, &nrows, &nheaders))
		switch {
		case status == "READY" && nrows == crashRows && nheaders == 2:
			ready[title] = true
		case status == "FAILED" && strings.HasPrefix(msg, "import failed: ") && nrows == 0 && nheaders == 0:
			interrupted++
		default:
			t.Fatalf("project %s half exists: %s %q, %d rows, %d headers", title, status, msg, nrows, nheaders)
		}
	}
	if m := missing(ready, r.imports.list()); len(m) > 0 {
		t.Fatalf("acknowledged imports lost: %v", m)
	}
	var usage int
	must(t, db.QueryRow(`SELECT COUNT(*) FROM usage_records WHERE projects = 1`).Scan(&usage))
	if usage != len(ready) {
		t.Fatalf("%d complete imports, %d usage records", len(ready), usage)
	}
	t.Logf("projects: %d complete, %d interrupted imports recovered as failed imports (no rows)", len(ready), interrupted)
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
