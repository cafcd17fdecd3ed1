package api_test

import (
	"encoding/json"
	"fmt"
	"reflect"
	"testing"

	"explorer/internal/testkit"
)

// TestModelAnswerIsTheEncodingOfItsFields: the answer of GET
// /v1/models/{id}, written from the structure encoded once per version, is
// what encoding/json makes of the model's fields in one go.
func TestModelAnswerIsTheEncodingOfItsFields(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	e.AddUser("bob", "")
	csv := []byte("Index,Label,Terms\n1,A,\"a, <b>\"\n2.1,B,\n")
	created := decodeModel(t, e.Upload("ann", "m.csv", csv, `?title=%3Cb%3E%26%22menu%22`).Expect(t, 201))
	if _, err := e.Svc.ShareModel(e.As("ann"), created.ID, "bob", ""); err != nil {
		t.Fatal(err)
	}
	m, err := e.Svc.Model(e.As("ann"), created.ID)
	if err != nil {
		t.Fatal(err)
	}
	if m.EncodedStructure() == nil {
		t.Fatal("the service's model has no encoded structure")
	}
	got := e.Do(testkit.Request{Method: "GET", Path: fmt.Sprintf("/v1/models/%d", m.ID), User: "ann"}).Expect(t, 200).Body
	want, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	var a, b any
	if err := json.Unmarshal(got, &a); err != nil {
		t.Fatalf("invalid JSON %s: %v", got, err)
	}
	_ = json.Unmarshal(want, &b)
	if !reflect.DeepEqual(a, b) {
		t.Fatalf("answer\n%s\nwant\n%s", got, want)
	}
	if len(m.Invitations) != 1 || len(m.Groups) == 0 {
		t.Fatalf("model %+v: the test shows too little", m)
	}
}
