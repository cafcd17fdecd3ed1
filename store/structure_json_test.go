package store_test

import (
	"context"
	"reflect"
	"strconv"
	"testing"
	"time"

	explorer "explorer"
	"explorer/internal/testkit"
)

// oldStructure is a project structure as releases before the store had
// its own stored form wrote it (through the root's JSON tags): every
// database already written holds such blobs.
const oldStructure = `{"groups":[{"id":1,"title":"Food","pinned":true,"topics":[{"id":1,"title":"Burger","terms":["burger","cheeseburger"],"dictionary":{"burgers":"burger"}},{"id":2,"title":"Empty","terms":null,"dictionary":null}]},{"id":2,"title":"None","pinned":false,"topics":null}],"ignoreTerms":[{"id":1,"term":"the","source":{}}],"ignoreTermsDictionary":{"thee":"the"}}`

// TestStoredStructureReadsOldBlobs: a project structure stored in the old
// form reads back as it was written, nulls as nil, and is written again
// byte for byte (the stored size a project is charged does not move).
func TestStoredStructureReadsOldBlobs(t *testing.T) {
	db := testkit.OpenDB(t)
	ctx := context.Background()
	now := time.UnixMilli(1767000000000).UTC()
	ann := &explorer.User{Username: "ann-blob", PasswordHash: "h", Role: explorer.RoleUser, Status: explorer.StatusActive, Created: now, PasswordChanged: now}
	if err := db.CreateUser(ctx, ann); err != nil {
		t.Fatal(err)
	}
	p := &explorer.Project{OwnerID: ann.ID, Title: "old", Created: now, Status: explorer.ProjectReady, Encoding: "UTF-8", Language: "EN"}
	if err := db.CreateProject(ctx, p); err != nil {
		t.Fatal(err)
	}
	if err := db.Exec(ctx, `UPDATE projects SET structure = ? WHERE id = ?`, oldStructure, p.ID); err != nil {
		t.Fatal(err)
	}
	got, err := db.FindProject(ctx, p.ID)
	if err != nil {
		t.Fatal(err)
	}
	want := explorer.Structure{
		Groups: []explorer.Group{
			{ID: 1, Title: "Food", Pinned: true, Topics: []explorer.Topic{
				{ID: 1, Title: "Burger", Terms: []string{"burger", "cheeseburger"}, Dictionary: map[string]string{"burgers": "burger"}},
				{ID: 2, Title: "Empty"},
			}},
			{ID: 2, Title: "None"},
		},
		IgnoreTerms:           []explorer.IgnoreTerm{{ID: 1, Term: "the"}},
		IgnoreTermsDictionary: map[string]string{"thee": "the"},
	}
	if !reflect.DeepEqual(got.Structure, want) {
		t.Fatalf("read %+v\nwant %+v", got.Structure, want)
	}
	if err := db.UpdateProject(ctx, got); err != nil {
		t.Fatal(err)
	}
	var stored string
	if err := db.QueryRowForTest(ctx, `SELECT structure FROM projects WHERE id = `+strconv.FormatInt(p.ID, 10), &stored); err != nil {
		t.Fatal(err)
	}
	if stored != oldStructure {
		t.Fatalf("written again as\n%s\nwant\n%s", stored, oldStructure)
	}
}
