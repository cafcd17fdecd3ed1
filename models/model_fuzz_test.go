package models_test

import (
	"encoding/json"
	"testing"

	explorer "explorer"
	"explorer/internal/testkit"
	"explorer/models"
)

// FuzzUpdateModel sends JSON bodies of PUT /models/{id} to the Service:
// bad input is EINVALID and changes nothing; good input leaves a model
// whose ids are unique.
func FuzzUpdateModel(f *testing.F) {
	for _, seed := range []string{
		`{"title":"T"}`,
		`{"groups":[{"id":1,"title":"G","pinned":true,"topics":[{"id":1,"title":"A","terms":["a"," A",""],"dictionary":{"a":"b"}}]}]}`,
		`{"groups":[{"id":1,"title":"G","topics":[{"id":1,"title":"A"}]},{"id":1,"title":"H","topics":[{"id":1,"title":"B"}]}]}`,
		`{"groups":[{"title":""}]}`,
		`{"ignoreTerms":["the","The"],"ignoreTermsDictionary":{"the":"a"}}`,
		`{"groups":[]}`,
		`{"title":null,"groups":null}`,
	} {
		f.Add([]byte(seed))
	}
	e := testkit.New(f)
	e.AddUser("ann", "")
	ctx := e.As("ann")
	m, err := e.Svc.UploadModel(ctx, models.UploadModelInput{File: &testkit.ModelFile{Table: testkit.RowsTable("Index|Label|Terms", "1|A|a", "2.1|B|b", "2.2|C|c")}})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		var in models.ModelInput
		if json.Unmarshal(body, &in) != nil {
			return
		}
		in.BasedOn = nil // not a member of the body: the root's types carry no JSON tags
		before, err := e.Svc.Model(ctx, m.ID)
		if err != nil {
			t.Fatal(err)
		}
		after, err := e.Svc.UpdateModel(ctx, m.ID, in)
		if err != nil {
			if explorer.ErrorCode(err) != explorer.EINVALID {
				t.Fatalf("error %v", err)
			}
			if now, _ := e.Svc.Model(ctx, m.ID); now.Version != before.Version {
				t.Fatal("bad input made a version")
			}
			return
		}
		testkit.CheckGroups(t, after.Groups)
		groups, topics := map[int64]bool{}, map[int64]bool{}
		for _, g := range after.Groups {
			if g.ID < 1 || groups[g.ID] {
				t.Fatalf("group id %d", g.ID)
			}
			groups[g.ID] = true
			for _, tp := range g.Topics {
				if tp.ID < 1 || topics[tp.ID] {
					t.Fatalf("topic id %d", tp.ID)
				}
				topics[tp.ID] = true
			}
		}
	})
}
