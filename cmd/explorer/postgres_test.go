package main

import (
	"database/sql"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"explorer/internal/testkit"
)

// TestInstancesSharePostgres runs two instances on one PostgreSQL database:
// a user added through one signs in on the other, and a page session
// started on one is valid on the other.
func TestInstancesSharePostgres(t *testing.T) {
	if os.Getenv("EXPLORER_TEST_POSTGRES") == "" {
		t.Skip("EXPLORER_TEST_POSTGRES is not set")
	}
	dsn := testkit.FreshPostgres(t, os.Getenv("EXPLORER_TEST_POSTGRES"))
	bin := buildBinary(t)
	t.Setenv("EXPLORER_DATABASE", dsn)
	a := startServer(t, bin, t.TempDir())
	b := startServer(t, bin, t.TempDir())

	cmd := exec.Command(bin, "user", "add", "pia")
	cmd.Stdin = strings.NewReader("pia-password\n")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("user add: %v %s", err, out)
	}
	basic := func(r *http.Request) { r.SetBasicAuth("pia", "pia-password") }
	if got := a.get(t, "/v1/account/settings", basic); got != 200 {
		t.Fatalf("instance a: %d", got)
	}
	if got := b.get(t, "/v1/account/settings", basic); got != 200 {
		t.Fatalf("instance b: %d", got)
	}

	// Sign in on a, then use the session cookie on b.
	pc := signIn(t, a.addr, "pia", "pia-password")
	aURL, _ := url.Parse("http://" + a.addr + "/")
	var session *http.Cookie
	for _, c := range pc.HC.Jar.Cookies(aURL) {
		if c.Name == "explorer_session" {
			session = c
		}
	}
	if session == nil {
		t.Fatal("no session after sign-in")
	}
	req, _ := http.NewRequest("GET", "http://"+b.addr+"/", nil)
	req.AddCookie(session)
	resp, err := (&http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}).Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Fatalf("session of a on b: %d", resp.StatusCode)
	}
}

// twoInstances starts two servers on one fresh PostgreSQL database and
// adds the user pia; it skips without EXPLORER_TEST_POSTGRES.
func twoInstances(t *testing.T, extra ...string) (a, b *server, db *sql.DB) {
	t.Helper()
	if os.Getenv("EXPLORER_TEST_POSTGRES") == "" {
		t.Skip("EXPLORER_TEST_POSTGRES is not set")
	}
	dsn := testkit.FreshPostgres(t, os.Getenv("EXPLORER_TEST_POSTGRES"))
	bin := buildBinary(t)
	t.Setenv("EXPLORER_DATABASE", dsn)
	a = startServer(t, bin, t.TempDir(), extra...)
	b = startServer(t, bin, t.TempDir(), extra...)
	runCLI(t, bin, "pia-password\n", "user", "add", "pia")
	db, err := sql.Open("pgx", dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return a, b, db
}

// TestPasswordChangeKillsCachedCredentialOnOtherInstance: Basic
// credentials verified (and cached) on both instances stop working on both
// as soon as the password is changed on one.
func TestPasswordChangeKillsCachedCredentialOnOtherInstance(t *testing.T) {
	a, b, _ := twoInstances(t)
	oldA, oldB := newAPIClient(a.addr, "pia", "pia-password"), newAPIClient(b.addr, "pia", "pia-password")
	for range 3 {
		oldA.must(t, 200, "GET", "/v1/account/settings", nil, nil)
		oldB.must(t, 200, "GET", "/v1/account/settings", nil, nil)
	}
	admin := signIn(t, a.addr, "admin", "admin-password")
	if code := admin.post(t, "/users/pia/password", url.Values{"password": {"pia-new-password"}}); code != 200 {
		t.Fatalf("set password on a: %d", code)
	}
	oldB.must(t, 401, "GET", "/v1/account/settings", nil, nil)
	oldA.must(t, 401, "GET", "/v1/account/settings", nil, nil)
	newAPIClient(b.addr, "pia", "pia-new-password").must(t, 200, "GET", "/v1/account/settings", nil, nil)
}

// TestScheduledDowngradeAppliedOnce: a downgrade falls due while the
// billing tickers of both instances run every 100 ms; it is applied once
// and the new cycle is billed once. The test makes it fall due by moving
// the account's cycle end (and the migration's date) to a moment just
// ahead in the database, instead of moving any clock.
func TestScheduledDowngradeAppliedOnce(t *testing.T) {
	a, b, db := twoInstances(t, "--billing-interval", "100ms", "--log-level", "debug")
	pia := newAPIClient(a.addr, "pia", "pia-password")
	pia.must(t, 204, "PUT", "/v1/account/product", map[string]string{"handle": "professional"}, nil)
	newAPIClient(b.addr, "pia", "pia-password").must(t, 204, "PUT", "/v1/account/product", map[string]string{"handle": "basic"}, nil)

	const ofPia = `(SELECT id FROM users WHERE username = 'pia')`
	count := func(q string) int {
		var n int
		if err := db.QueryRow(q).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	included := `SELECT COUNT(*) FROM credit_entries WHERE account_id = ` + ofPia + ` AND kind = 'included'`
	subscriptions := `SELECT COUNT(*) FROM charges WHERE account_id = ` + ofPia + ` AND kind = 'subscription'`
	inc0, sub0 := count(included), count(subscriptions)
	due := time.Now().Add(1500 * time.Millisecond).UnixMilli()
	for _, q := range []string{
		fmt.Sprintf(`UPDATE accounts SET cycle_start_at = %d, cycle_end_at = %d WHERE user_id = %s`, due-30*24*3600*1000, due, ofPia),
		fmt.Sprintf(`UPDATE plan_migrations SET effective_at = %d WHERE user_id = %s AND applied_at IS NULL`, due, ofPia),
	} {
		if _, err := db.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	applied := `SELECT COUNT(*) FROM plan_migrations WHERE user_id = ` + ofPia + ` AND applied_at IS NOT NULL AND to_plan_id = (SELECT id FROM plans WHERE handle = 'basic')`
	deadline := time.Now().Add(15 * time.Second)
	for count(applied) == 0 {
		if time.Now().After(deadline) {
			t.Fatalf("the downgrade was not applied\n%s\n%s", a.logs, b.logs)
		}
		time.Sleep(50 * time.Millisecond)
	}
	// Both instances end three more passes, each begun once the first
	// application was seen (a pass that was under way may still settle).
	passes := func(s *server) int { return strings.Count(s.logs.String(), "billing pass ended") }
	fromA, fromB := passes(a), passes(b)
	deadline = time.Now().Add(30 * time.Second)
	for passes(a) < fromA+3 || passes(b) < fromB+3 {
		if time.Now().After(deadline) {
			t.Fatalf("the instances did not end three more billing passes\n%s\n%s", a.logs, b.logs)
		}
		time.Sleep(50 * time.Millisecond)
	}
	if n := count(applied); n != 1 {
		t.Fatalf("applied %d times", n)
	}
	if n := count(included) - inc0; n != 1 {
		t.Fatalf("%d included-credit entries for the new cycle", n)
	}
	if n := count(subscriptions) - sub0; n != 1 {
		t.Fatalf("%d subscription charges for the new cycle", n)
	}
	var plan struct{ Handle string }
	pia.must(t, 200, "GET", "/v1/account/product", nil, &plan)
	if plan.Handle != "basic" {
		t.Fatalf("plan after the downgrade: %+v", plan)
	}
}

// TestConcurrentModelUpdatesAcrossInstances: 50 concurrent PUTs of one
// model, alternating between the instances, make versions 2..51, each
// holding exactly one of the updates.
func TestConcurrentModelUpdatesAcrossInstances(t *testing.T) {
	a, b, _ := twoInstances(t)
	clients := []*apiClient{newAPIClient(a.addr, "pia", "pia-password"), newAPIClient(b.addr, "pia", "pia-password")}
	id, err := clients[0].uploadModel("shared")
	if err != nil {
		t.Fatal(err)
	}
	const n = 50
	var wg sync.WaitGroup
	errs := make(chan error, n)
	for i := range n {
		wg.Go(func() {
			code, body, err := clients[i%2].call("PUT", fmt.Sprintf("/v1/models/%d", id), modelInput(fmt.Sprintf("g%02d", i), "term"))
			if err != nil || code/100 != 2 {
				errs <- fmt.Errorf("PUT %d: %d %v %s", i, code, err, body)
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	var versions []struct{ Version int }
	clients[1].must(t, 200, "GET", fmt.Sprintf("/v1/models/%d/versions", id), nil, &versions)
	var got []int
	for _, v := range versions {
		got = append(got, v.Version)
	}
	sort.Ints(got)
	if len(got) != n+1 || got[0] != 1 || got[n] != n+1 {
		t.Fatalf("versions %v", got)
	}
	seen := map[string]int{}
	for v := 2; v <= n+1; v++ {
		var m struct{ Groups []struct{ Title string } }
		clients[v%2].must(t, 200, "GET", fmt.Sprintf("/v1/models/%d/versions/%d", id, v), nil, &m)
		if len(m.Groups) != 1 {
			t.Fatalf("version %d: %+v", v, m)
		}
		seen[m.Groups[0].Title]++
	}
	for i := range n {
		if g := fmt.Sprintf("g%02d", i); seen[g] != 1 {
			t.Fatalf("update %s is in %d versions", g, seen[g])
		}
	}
}
