package api_test

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"explorer/api"
	"explorer/internal/testkit"
	"explorer/models"
)

// TestModelAnswerIsTheEncodingOfItsFields: the answer of GET
// /v1/models/{id}, written from the structure encoded once per content,
// holds what the model's representation encoded in one go holds (PUT
// with Prefer: return=representation), and a second GET, answered from
// the cache of encoded structures, the same bytes.
func TestModelAnswerIsTheEncodingOfItsFields(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	e.AddUser("bob", "")
	csv := []byte("Index,Label,Terms\n1,A,\"a, <b>\"\n2.1,B,\n")
	created := decodeModel(t, e.Upload("ann", "m.csv", csv, `?title=%3Cb%3E%26%22menu%22`).Expect(t, 201))
	if _, err := e.Svc.ShareModel(e.As("ann"), created.ID, "bob", ""); err != nil {
		t.Fatal(err)
	}
	path := fmt.Sprintf("/v1/models/%d", created.ID)
	want := e.Do(testkit.Request{Method: "PUT", Path: path, User: "ann", Body: map[string]any{"ignoreTerms": []string{"<i>"}},
		Header: map[string]string{"Prefer": "return=representation"}}).Expect(t, 200).Body
	got := e.Do(testkit.Request{Method: "GET", Path: path, User: "ann"}).Expect(t, 200).Body
	var a, b any
	if err := json.Unmarshal(got, &a); err != nil {
		t.Fatalf("invalid JSON %s: %v", got, err)
	}
	_ = json.Unmarshal(want, &b)
	if !reflect.DeepEqual(a, b) {
		t.Fatalf("answer\n%s\nwant\n%s", got, want)
	}
	if again := e.Do(testkit.Request{Method: "GET", Path: path, User: "ann"}).Expect(t, 200).Body; string(again) != string(got) {
		t.Fatalf("second answer\n%s\nfirst\n%s", again, got)
	}
	var m wireModel
	_ = json.Unmarshal(got, &m)
	if len(m.Invitations) != 1 || len(m.Groups) == 0 || len(m.IgnoreTerms) != 1 || !strings.Contains(string(got), `\u003ci\u003e`) {
		t.Fatalf("model %s: the test shows too little", got)
	}
}

// TestStructureEncodedOncePerContent: the API encodes a model's
// structure once per content: answers of the same content share the
// bytes, a new version (or a past one) is a content of its own, and a
// model built outside the Service is encoded each time.
func TestStructureEncodedOncePerContent(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	a := api.New(e.Services, api.Options{})
	ctx := e.As("ann")
	created := decodeModel(t, e.Upload("ann", "m.csv", []byte("Index,Label,Terms\n1,A,a\n"), "").Expect(t, 201))
	encode := func(m *models.Model) []byte {
		t.Helper()
		b, err := a.EncodedStructure(m)
		if err != nil || len(b) == 0 {
			t.Fatalf("encoded %q %v", b, err)
		}
		return b
	}
	first, err := e.Svc.Model(ctx, created.ID)
	if err != nil {
		t.Fatal(err)
	}
	again, _ := e.Svc.Model(ctx, created.ID)
	if b1, b2 := encode(first), encode(again); &b1[0] != &b2[0] {
		t.Fatal("the same content was encoded twice")
	}
	terms := []string{"b"}
	updated, err := e.Svc.UpdateModel(ctx, created.ID, models.ModelInput{IgnoreTerms: &terms})
	if err != nil {
		t.Fatal(err)
	}
	if updated.ContentKey() == first.ContentKey() || string(encode(updated)) == string(encode(first)) {
		t.Fatalf("version %d answered as version %d", updated.Version, first.Version)
	}
	past, err := e.Svc.ModelVersion(ctx, created.ID, first.Version)
	if err != nil {
		t.Fatal(err)
	}
	if string(encode(past)) != string(encode(first)) {
		t.Fatal("the past version's content changed")
	}
	var zero models.Model
	if zero.ContentKey() != (models.ContentKey{}) || !zero.ContentKey().IsZero() {
		t.Fatal("a model built otherwise has a content key")
	}
	zero.Groups = first.Groups
	if b1, b2 := encode(&zero), encode(&zero); &b1[0] == &b2[0] {
		t.Fatal("a model without a content key was cached")
	}
}
