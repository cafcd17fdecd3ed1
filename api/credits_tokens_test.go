package api_test

import (
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"explorer/internal/testkit"
)

// POST /v1/projects?dryRun=true answers the cost and stores nothing; an
// import the account cannot pay is 402 (problem+json naming cost and
// balance) with nothing stored or queued.
func TestImportCostAndRefusal(t *testing.T) {
	e := testkit.New(t, testkit.EnforceCredits)
	e.AddUser("ann", "")
	content, _ := testkit.SurveyCSV(400)
	var cost struct {
		Rows, Credits, Balance, Overdraft int64
		Payable                           bool
	}
	importAPI(e, "ann", "survey.csv", content, "?dryRun=true", nil).Expect(t, http.StatusOK).JSON(t, &cost)
	if cost.Rows != 400 || cost.Credits != 400 || cost.Balance != 500 || !cost.Payable {
		t.Fatalf("dry run %+v, want 400 rows for 400 of 500 credits", cost)
	}
	importAPI(e, "ann", "survey.csv", content, "?dryRun=True", nil).Expect(t, http.StatusOK)
	var list []wireProject
	e.Do(testkit.Request{Method: "GET", Path: "/v1/projects", User: "ann"}).Expect(t, 200).JSON(t, &list)
	if len(list) != 0 {
		t.Fatalf("a dry run stored %d projects", len(list))
	}
	var credits struct{ Credits int64 }
	e.Do(testkit.Request{Method: "GET", Path: "/v1/account/credits", User: "ann"}).Expect(t, 200).JSON(t, &credits)
	if credits.Credits != 500 {
		t.Fatalf("balance %d after dry runs", credits.Credits)
	}
	// A bad file is answered as the import would answer it.
	importAPI(e, "ann", "survey.txt", content, "?dryRun=true", nil).Expect(t, http.StatusUnsupportedMediaType).Problem(t)

	importAPI(e, "ann", "survey.csv", content, "", nil).Expect(t, http.StatusCreated)
	r := importAPI(e, "ann", "survey.csv", content, "", nil).Expect(t, http.StatusPaymentRequired)
	p := r.Problem(t)
	if p.Credits == nil || *p.Credits != 400 || p.Balance == nil || *p.Balance != 100 || !strings.Contains(p.Detail, "400 credits") || !strings.Contains(p.Detail, "100 credits") {
		t.Fatalf("problem %+v, want cost 400 and balance 100", p)
	}
	e.Do(testkit.Request{Method: "GET", Path: "/v1/projects", User: "ann"}).Expect(t, 200).JSON(t, &list)
	if len(list) != 1 {
		t.Fatalf("projects %d after the refusal, want 1", len(list))
	}
	var jobs []struct{ ID int64 }
	e.Do(testkit.Request{Method: "GET", Path: "/v1/jobs", User: "ann"}).Expect(t, 200).JSON(t, &jobs)
	if len(jobs) != 1 {
		t.Fatalf("jobs %d after the refusal, want the first import's", len(jobs))
	}
	// Asynchronously too: 402 before anything is queued.
	body, ct := testkit.Multipart(t, "survey.csv", content, nil)
	e.Do(testkit.Request{Method: "POST", Path: "/v1/projects", User: "ann", Body: body, ContentType: ct, Header: map[string]string{"Prefer": "respond-async"}}).
		Expect(t, http.StatusPaymentRequired).Problem(t)
	e.Do(testkit.Request{Method: "GET", Path: "/v1/jobs", User: "ann"}).Expect(t, 200).JSON(t, &jobs)
	if len(jobs) != 1 {
		t.Fatalf("jobs %d after the async refusal", len(jobs))
	}
}

type wireToken struct {
	ID        int64  `json:"id"`
	Name      string `json:"name"`
	Scope     string `json:"scope"`
	Created   int64  `json:"created"`
	LastUsed  *int64 `json:"lastUsed"`
	ExpiresAt *int64 `json:"expiresAt"`
	Expired   bool   `json:"expired"`
	Token     string `json:"token"`
}

func bearer(tok string) map[string]string { return map[string]string{"Authorization": "Bearer " + tok} }

// Tokens have a scope and an expiry on the wire: a read token may only
// GET and HEAD (403 otherwise, with a clear detail), an expired token is
// 401 like a wrong one, and tokens made before scopes are write tokens
// that never expire.
func TestTokenScopeAndExpiry(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	old, err := e.Svc.CreateToken(e.As("ann"), "ann", "old")
	if err != nil {
		t.Fatal(err)
	}
	var read wireToken
	e.Do(testkit.Request{Method: "POST", Path: "/v1/account/tokens", User: "ann", Body: map[string]any{"name": "reader", "scope": "read", "expiresInDays": 30}}).
		Expect(t, http.StatusCreated).JSON(t, &read)
	want := testkit.Start.AddDate(0, 0, 30).UnixMilli()
	if read.Scope != "read" || read.ExpiresAt == nil || *read.ExpiresAt != want || !strings.HasPrefix(read.Token, "exp_") || read.Expired {
		t.Fatalf("created %+v, want a read token expiring at %d", read, want)
	}
	e.Do(testkit.Request{Method: "POST", Path: "/v1/account/tokens", User: "ann", Body: map[string]any{"name": "x", "scope": "admin"}}).Expect(t, 400).Problem(t)
	e.Do(testkit.Request{Method: "POST", Path: "/v1/account/tokens", User: "ann", Body: map[string]any{"name": "x", "expiresInDays": 7}}).Expect(t, 400).Problem(t)

	var list []wireToken
	e.Do(testkit.Request{Method: "GET", Path: "/v1/account/tokens", User: "ann"}).Expect(t, 200).JSON(t, &list)
	if len(list) != 2 || list[0].Name != "reader" || list[1].Name != "old" || list[1].Scope != "write" || list[1].ExpiresAt != nil || list[0].Token != "" {
		t.Fatalf("tokens %+v", list)
	}

	// The read token reads, and is refused any change.
	e.Do(testkit.Request{Method: "GET", Path: "/v1/poles", Header: bearer(read.Token)}).Expect(t, 200)
	e.Do(testkit.Request{Method: "HEAD", Path: "/v1/poles", Header: bearer(read.Token)}).Expect(t, 200)
	p := e.Do(testkit.Request{Method: "POST", Path: "/v1/poles", Header: bearer(read.Token), Body: map[string]any{"name": "p", "language": "EN"}}).Expect(t, 403).Problem(t)
	if !strings.Contains(p.Detail, "read-only") || !strings.Contains(p.Detail, "POST") {
		t.Fatalf("read token's refusal %q", p.Detail)
	}
	e.Do(testkit.Request{Method: "DELETE", Path: "/v1/account/tokens/1", Header: bearer(read.Token)}).Expect(t, 403).Problem(t)
	// The write token writes; a token cannot make tokens.
	e.Do(testkit.Request{Method: "POST", Path: "/v1/poles", Header: bearer(old.Secret), Body: map[string]any{"name": "p", "language": "EN"}}).Expect(t, 201)
	p = e.Do(testkit.Request{Method: "POST", Path: "/v1/account/tokens", Header: bearer(old.Secret), Body: map[string]any{"name": "y"}}).Expect(t, 403).Problem(t)
	if !strings.Contains(p.Detail, "password") {
		t.Fatalf("token making a token: %q", p.Detail)
	}

	// 30 days on, the read token is refused as a wrong one would be (also
	// after it was cached); the old one still works.
	e.Clock.Advance(30*24*time.Hour - time.Second)
	e.Do(testkit.Request{Method: "GET", Path: "/v1/poles", Header: bearer(read.Token)}).Expect(t, 200)
	e.Clock.Advance(time.Second)
	expired := e.Do(testkit.Request{Method: "GET", Path: "/v1/poles", Header: bearer(read.Token)}).Expect(t, 401).Problem(t)
	wrong := e.Do(testkit.Request{Method: "GET", Path: "/v1/poles", Header: bearer("exp_wrong")}).Expect(t, 401).Problem(t)
	if expired.Detail != wrong.Detail {
		t.Fatalf("expired %q, wrong %q: want the same answer", expired.Detail, wrong.Detail)
	}
	e.Do(testkit.Request{Method: "GET", Path: "/v1/poles", Header: bearer(old.Secret)}).Expect(t, 200)
	e.Do(testkit.Request{Method: "GET", Path: "/v1/account/tokens", User: "ann"}).Expect(t, 200).JSON(t, &list)
	if !list[0].Expired || list[1].Expired {
		t.Fatalf("expired flags %+v", list)
	}
	// Revoked with the password, the old token stops.
	e.Do(testkit.Request{Method: "DELETE", Path: "/v1/account/tokens/" + strconv.FormatInt(list[1].ID, 10), User: "ann"}).Expect(t, 204)
	e.Do(testkit.Request{Method: "GET", Path: "/v1/poles", Header: bearer(old.Secret)}).Expect(t, 401)
}
