package main

import (
	"fmt"
	"net/url"
	"strings"
)

// The scenario's people. Their passwords are fixed, so that no password
// differs between the runs; the admin's comes from
// EXPLORER_ADMIN_PASSWORD on the first start (README, First start).
const adminPassword = "wire-replay-admin-password"

var (
	admin = basic("admin", adminPassword)
	alice = basic("alice", "alice-wire-replay-password")
	bob   = basic("bob", "bob-wire-replay-password")
	carol = basic("carol", "carol-wire-replay-password")
)

// scenario replays the fixed scenario against one server and returns its
// transcript; err is a step the scenario could not go on from.
func scenario(base string) (*Transcript, error) {
	r := newRunner(base)
	for _, part := range []func(*runner){people, accounts, tokens, models, poles, projects, failures, conditional, pages, audit} {
		part(r)
		if r.failed != nil {
			return r.t, r.failed
		}
	}
	return r.t, nil
}

// people: the admin signs in on the pages and adds three users there.
func people(r *runner) {
	a := &actor{user: admin.user, password: admin.password}
	r.signIn(a, "admin")
	for _, u := range []*actor{alice, bob, carol} {
		r.form(a, "admin adds "+u.user, "/users", url.Values{"username": {u.user}, "password": {u.password}})
	}
	r.get(admin, "healthz", "/healthz", nil)
	r.get(admin, "openapi", "/v1/openapi.json", nil)
}

// accounts: plans, seats, credits, settings, usage and a manager with a
// managed user (an invitation taken back, one rejected, one accepted).
func accounts(r *runner) {
	r.get(alice, "products", "/v1/products", nil)
	r.get(alice, "alice product", "/v1/account/product", nil)
	r.json(alice, "alice changes plan", "PUT", "/v1/account/product", map[string]any{"handle": "professional"})
	r.get(alice, "alice product after", "/v1/account/product", nil)
	r.get(alice, "alice plan migration", "/v1/account/product/migration", nil)
	r.json(alice, "alice seats", "PUT", "/v1/account/seats", map[string]any{"seats": 3})
	r.get(alice, "alice seats after", "/v1/account/seats", nil)
	r.json(alice, "alice buys credits", "POST", "/v1/account/credits", map[string]any{"quantity": 500})
	r.get(alice, "alice credits", "/v1/account/credits", nil)
	r.json(alice, "alice settings put", "PUT", "/v1/account/settings", []map[string]string{{"key": "timezone", "value": "Europe/Paris"}})
	r.get(alice, "alice settings", "/v1/account/settings", nil)
	r.get(alice, "alice usage", "/v1/account/usage", nil)
	r.get(alice, "alice usage month", "/v1/account/usage?period=month", nil)
	inv := r.json(alice, "alice invites carol", "POST", "/v1/account/invitations?userId=carol", nil)
	r.json(alice, "alice takes it back", "DELETE", path("/v1/account/invitations/%d", r.id(inv, "id")), nil)
	inv = r.json(alice, "alice invites carol again", "POST", "/v1/account/invitations?userId=carol", nil)
	r.json(carol, "carol rejects", "PUT", path("/v1/account/invitations/%d/reject", r.id(inv, "id")), nil)
	inv = r.json(alice, "alice invites bob", "POST", "/v1/account/invitations?userId=bob", nil)
	r.get(bob, "bob's invitations", "/v1/account/invitations", nil)
	r.json(bob, "bob accepts", "PUT", path("/v1/account/invitations/%d/accept", r.id(inv, "id")), nil)
	r.get(alice, "alice account", "/v1/account", nil)
	r.get(bob, "bob account", "/v1/account", nil)
	r.get(bob, "bob credits (managed)", "/v1/account/credits", nil)
	r.json(admin, "admin sets carol's budgets", "PUT", "/v1/admin/users/carol/budgets", map[string]any{"models": 5, "poles": 7})
	r.get(admin, "admin reads carol's budgets", "/v1/admin/users/carol/budgets", nil)
}

// tokens: alice makes a read and a write token, uses both, lists and
// revokes one.
func tokens(r *runner) {
	read := r.json(alice, "alice read token", "POST", "/v1/account/tokens", map[string]any{"name": "reader", "scope": "read"})
	write := r.json(alice, "alice write token", "POST", "/v1/account/tokens", map[string]any{"name": "writer", "scope": "write", "expiresInDays": 30})
	readTok, writeTok := tokenOf(r, read, "alice read"), tokenOf(r, write, "alice write")
	r.get(alice, "alice tokens", "/v1/account/tokens", nil)
	r.get(&actor{token: readTok}, "read token reads", "/v1/account", nil)
	r.json(&actor{token: readTok}, "read token writes", "PUT", "/v1/account/settings", []map[string]string{{"key": "timezone", "value": "UTC"}})
	r.get(&actor{token: writeTok}, "write token reads", "/v1/account/credits", nil)
	r.json(alice, "alice revokes the read token", "DELETE", path("/v1/account/tokens/%d", r.id(read, "id")), nil)
	r.get(&actor{token: readTok}, "revoked token", "/v1/account", nil)
	r.get(alice, "alice tokens after", "/v1/account/tokens", nil)
}

// tokenOf learns the secret of a token answer (field token, or secret).
func tokenOf(r *runner, ex *Exchange, label string) string {
	for _, field := range []string{"token", "secret", "value"} {
		if s := stringField(ex.Body, field); s != "" {
			r.t.learn("token:"+label, s)
			return s
		}
	}
	r.fail(fmt.Errorf("step %q: no token in the answer %d %.300s", ex.Name, ex.Status, ex.Body))
	return ""
}

// modelCSV is a model file of groups × topics.
func modelCSV(groups, topics int) []byte {
	var b strings.Builder
	b.WriteString("Index,Label,Terms\n")
	for g := 1; g <= groups; g++ {
		for t := 1; t <= topics; t++ {
			fmt.Fprintf(&b, "%d.%d,%s %d,\"%s, %s\"\n", g, t, modelWords[(g+t)%len(modelWords)], t,
				modelWords[(g*t)%len(modelWords)], modelWords[(g+2*t)%len(modelWords)])
		}
	}
	return []byte(b.String())
}

var modelWords = []string{"service", "staff", "price", "food", "coffee", "waiter", "menu", "bill", "table", "wine", "dessert", "music"}
