package store_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	explorer "explorer"
	"explorer/internal/testkit"
	"explorer/store"
)

// openTwice opens two stores (two instances, each with its own caches) on
// one fresh database.
func openTwice(t *testing.T) (*store.DB, *store.DB) {
	t.Helper()
	url := testkit.DatabaseURL(t)
	open := func() *store.DB {
		db, err := store.Open(context.Background(), url)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		return db
	}
	return open(), open()
}

// manyTopics returns a structure of n topics in groups of 10, every
// seventh topic equal to the one before it (the same part twice).
func manyTopics(n int, tag string) explorer.Structure {
	s := explorer.Structure{IgnoreTerms: []explorer.IgnoreTerm{}, IgnoreTermsDictionary: map[string]string{}}
	for i := 0; i < n; i++ {
		if i%10 == 0 {
			s.Groups = append(s.Groups, explorer.Group{ID: int64(i/10 + 1), Title: fmt.Sprint("G", i/10)})
		}
		g := &s.Groups[len(s.Groups)-1]
		tp := explorer.Topic{ID: int64(i + 1), Title: fmt.Sprint(tag, i), Terms: []string{fmt.Sprint("t", i), fmt.Sprint("u", i)}}
		if i%7 == 6 {
			prev := s.Groups[(i-1)/10].Topics[(i-1)%10]
			tp.Title, tp.Terms = prev.Title, prev.Terms
		}
		g.Topics = append(g.Topics, tp)
	}
	return s
}

// TestManyPartsInsertedTogether: versions of hundreds of topics (more
// than one INSERT holds, duplicates among them) read back exactly, also
// when another instance, whose cache does not know the parts, stores a
// version sharing most of them; the storage counted is what a recount
// finds.
func TestManyPartsInsertedTogether(t *testing.T) {
	one, two := openTwice(t)
	ctx := context.Background()
	v1 := manyTopics(700, "a")
	id, owner := createTestModel(t, one, &v1)
	used1, err := one.StorageUsed(ctx, owner)
	if err != nil {
		t.Fatal(err)
	}
	v2 := manyTopics(700, "a")
	for i := 0; i < 30; i++ {
		v2.Groups[i].Topics[3].Title = fmt.Sprint("changed ", i)
	}
	v2.Groups = append(v2.Groups, manyTopics(20, "b").Groups...)
	err = two.InTx(ctx, func(ctx context.Context) error {
		return two.CreateModelVersion(ctx, id, 2, time.Now(), owner, &v2)
	})
	if err != nil {
		t.Fatal(err)
	}
	checkVersions(t, one, id, []explorer.Structure{v1, v2})
	checkVersions(t, two, id, []explorer.Structure{v1, v2})
	used2, err := two.StorageUsed(ctx, owner)
	if err != nil {
		t.Fatal(err)
	}
	if recount, err := two.RecountStorage(ctx, owner); err != nil || recount != used2 {
		t.Fatalf("storage counted %d, recounted %d (%v)", used2, recount, err)
	}
	// 30 changed topics and 20 new ones (2 of them duplicates) are new
	// parts; the manifest of version 2 adds a few kB.
	if grew := used2 - used1; grew <= 0 || grew > 48*(30+18)+16<<10 {
		t.Fatalf("storage grew by %d bytes", grew)
	}
}

// TestEditStoresOneRun: a version that changes one term of a 3,000-topic
// model stores one new part, and one that inserts a topic, moves a topic
// to another group or deletes one stores at most two runs and the groups
// part (their topic counts changed); reading gives the versions back.
func TestEditStoresOneRun(t *testing.T) {
	db := testkit.OpenDB(t)
	ctx := context.Background()
	v1 := manyTopics(3000, "a")
	id, owner := createTestModel(t, db, &v1)
	count := func() int {
		var n int
		if err := db.QueryRowForTest(ctx, fmt.Sprint(`SELECT COUNT(*) FROM model_parts WHERE model_id = `, id), &n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	versions := []explorer.Structure{v1}
	edits := []func(s *explorer.Structure) (maxParts int){
		func(s *explorer.Structure) int { // one term
			tp := &s.Groups[123].Topics[4]
			tp.Terms = []string{"changed", tp.Terms[1]}
			return 1
		},
		func(s *explorer.Structure) int { // a new topic
			g := &s.Groups[7]
			g.Topics = append(g.Topics[:3:3], append([]explorer.Topic{{ID: 99999, Title: "new", Terms: []string{"x"}}}, g.Topics[3:]...)...)
			return 3
		},
		func(s *explorer.Structure) int { // a topic moved to the next group
			a, b := &s.Groups[200], &s.Groups[201]
			b.Topics = append([]explorer.Topic{a.Topics[9]}, b.Topics...)
			a.Topics = a.Topics[:9:9]
			return 1
		},
		func(s *explorer.Structure) int { // a topic deleted
			g := &s.Groups[250]
			g.Topics = append(g.Topics[:5:5], g.Topics[6:]...)
			return 3
		},
	}
	for i, edit := range edits {
		next := versions[len(versions)-1]
		next.Groups = append([]explorer.Group(nil), next.Groups...)
		for gi := range next.Groups {
			next.Groups[gi].Topics = append([]explorer.Topic(nil), next.Groups[gi].Topics...)
		}
		most := edit(&next)
		before := count()
		err := db.InTx(ctx, func(ctx context.Context) error {
			return db.CreateModelVersion(ctx, id, len(versions)+1, time.Now(), owner, &next)
		})
		if err != nil {
			t.Fatal(err)
		}
		if added := count() - before; added > most || (most > 0 && added == 0) {
			t.Fatalf("edit %d stored %d parts, want at most %d", i, added, most)
		}
		versions = append(versions, next)
	}
	checkVersions(t, db, id, versions)
}
