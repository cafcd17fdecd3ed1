package api_test

import (
	"fmt"
	"strings"
	"testing"

	"explorer/internal/testkit"
)

// shareWrite gives user READ_WRITE on the model id of owner.
func shareWrite(t *testing.T, e *testkit.Env, owner, user string, id int64) {
	t.Helper()
	inv, err := e.Svc.ShareModel(e.As(owner), id, user, "READ_WRITE")
	if err != nil {
		t.Fatal(err)
	}
	if err := e.Svc.AcceptModelInvitation(e.As(user), inv.ID); err != nil {
		t.Fatal(err)
	}
}

func TestModelVersionsNameTheirAuthor(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	e.AddUser("bob", "")
	m := decodeModel(t, e.Upload("ann", "example.csv", readFixture(t, "example.csv"), "").Expect(t, 201))
	shareWrite(t, e, "ann", "bob", m.ID)
	m.Groups[3].Topics[0].Terms = append(m.Groups[3].Topics[0].Terms, "shake")
	put(t, e, "bob", m.ID, map[string]any{"groups": m.Groups}, nil).Expect(t, 204)
	v := versions(t, e, "ann", m.ID)
	if len(v) != 2 || v[0].CreatedBy == nil || v[0].CreatedBy.UserID != "ann" || v[1].CreatedBy == nil || v[1].CreatedBy.UserID != "bob" {
		t.Fatalf("versions %+v", v)
	}
	body := string(e.Do(testkit.Request{Method: "GET", Path: fmt.Sprintf("/v1/models/%d/versions", m.ID), User: "ann"}).Expect(t, 200).Body)
	if want := `"createdBy":{"userId":"bob"}`; !strings.Contains(body, want) {
		t.Fatalf("answer %s lacks %s", body, want)
	}
}
