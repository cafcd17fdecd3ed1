package store_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	explorer "explorer"
	"explorer/internal/testkit"
)

// BenchmarkFindModelVersion reads random versions of a model of 30 groups
// × 10 topics × 10 terms with 200 versions of one-term edits, straight
// from the store (what a read costs when the Service's cache misses).
func BenchmarkFindModelVersion(b *testing.B) {
	db := testkit.OpenDB(b)
	ctx := context.Background()
	s := explorer.Structure{Groups: []explorer.Group{}, IgnoreTerms: []explorer.IgnoreTerm{}, IgnoreTermsDictionary: map[string]string{}}
	id := int64(1)
	for g := 0; g < 30; g++ {
		grp := explorer.Group{ID: int64(g + 1), Title: fmt.Sprintf("Group %d", g+1)}
		for t := 0; t < 10; t++ {
			tp := explorer.Topic{ID: id, Title: fmt.Sprintf("Topic %d.%d", g+1, t+1), Terms: []string{}}
			id++
			for k := 0; k < 10; k++ {
				tp.Terms = append(tp.Terms, fmt.Sprintf("term %d %d %d", g, t, k))
			}
			grp.Topics = append(grp.Topics, tp)
		}
		s.Groups = append(s.Groups, grp)
	}
	model, owner := createTestModel(b, db, &s)
	r := rand.New(rand.NewPCG(1, 2))
	const versions = 200
	for v := 2; v <= versions; v++ {
		groups := append([]explorer.Group(nil), s.Groups...)
		g := &groups[r.IntN(len(groups))]
		g.Topics = append([]explorer.Topic(nil), g.Topics...)
		t := &g.Topics[r.IntN(len(g.Topics))]
		t.Terms = append([]string(nil), t.Terms...)
		t.Terms[r.IntN(len(t.Terms))] = fmt.Sprintf("edit %d", v)
		s.Groups = groups
		next := s
		if err := db.InTx(ctx, func(ctx context.Context) error { return db.CreateModelVersion(ctx, model, v, time.Now(), owner, &next) }); err != nil {
			b.Fatal(err)
		}
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := db.FindModelVersion(ctx, model, 1+r.IntN(versions)); err != nil {
			b.Fatal(err)
		}
	}
}
