package models

import (
	"fmt"
	"runtime"
	"strings"
	"testing"

	"explorer"
)

func TestVersionCacheEvictsAndForgets(t *testing.T) {
	var c versionCache
	entry := func(model int64, version, size int) *answerVersion {
		return &answerVersion{key: versionKey{model, version, 0}, size: size, stored: &explorer.Structure{Groups: []explorer.Group{{ID: int64(version)}}}}
	}
	big := versionCacheMax / 4
	for i := 1; i <= 4; i++ {
		c.put(entry(1, i, big))
	}
	if c.get(versionKey{1, 1, 0}) == nil || c.size != versionCacheMax {
		t.Fatalf("four quarters: size %d", c.size)
	}
	if g := c.latestGroups(1); len(g) != 1 || g[0].ID != 4 {
		t.Fatalf("latest of model 1: %+v", g)
	}
	// Version 1 was used last: version 2 is the one evicted.
	c.put(entry(2, 1, 10))
	if c.get(versionKey{1, 2, 0}) != nil || c.get(versionKey{1, 1, 0}) == nil || c.get(versionKey{2, 1, 0}) == nil {
		t.Fatal("evicted the wrong entry")
	}
	// Too large to keep.
	c.put(entry(3, 1, big+1))
	if c.get(versionKey{3, 1, 0}) != nil {
		t.Fatal("kept an entry over a quarter of the cache")
	}
	// A second put of a key keeps the first.
	first := c.get(versionKey{2, 1, 0})
	c.put(entry(2, 1, 20))
	if c.get(versionKey{2, 1, 0}) != first {
		t.Fatal("replaced an entry")
	}
	c.forget(1)
	if c.latestGroups(1) != nil || c.latestGroups(2) == nil {
		t.Fatal("forget kept the latest version of model 1 or dropped model 2's")
	}
	if c.get(versionKey{1, 1, 0}) != nil || c.get(versionKey{2, 1, 0}) == nil || c.size != 10 || c.order.Len() != 1 {
		t.Fatalf("after forget: size %d, %d entries", c.size, c.order.Len())
	}
	// Cleared (the server lets its caches go when idle), it is empty and
	// fills again.
	c.clear()
	if c.get(versionKey{2, 1, 0}) != nil || c.latestGroups(2) != nil || c.size != 0 || c.order.Len() != 0 {
		t.Fatalf("after clear: size %d, %d entries", c.size, c.order.Len())
	}
	c.put(entry(2, 1, 10))
	if c.get(versionKey{2, 1, 0}) == nil || c.size != 10 {
		t.Fatal("nothing kept after clear")
	}
}

// TestCleanTermsLike: terms equal to stored ones come back as the stored
// slice; others, and stored terms over TermMax bytes, are cleaned (and
// refused when too long) as CleanTerms does.
func TestCleanTermsLike(t *testing.T) {
	stored := []string{"a", "B"}
	var errs FieldErrors
	if got := CleanTermsLike(&errs, "f", []string{"a", "B"}, stored); &got[0] != &stored[0] || errs.Err() != nil {
		t.Fatalf("equal terms: %q %v", got, errs.Err())
	}
	if got := CleanTermsLike(&errs, "f", []string{" a", "A", "c"}, stored); len(got) != 2 || got[0] != "a" || got[1] != "c" {
		t.Fatalf("changed terms: %q", got)
	}
	long := []string{strings.Repeat("é", TermMax)}
	if got := CleanTermsLike(&errs, "f", long, long); len(got) != 1 || &got[0] == &long[0] || errs.Err() != nil {
		t.Fatalf("a stored term of %d bytes within the limit: %q %v", len(long[0]), got, errs.Err())
	}
	tooLong := []string{strings.Repeat("x", TermMax+1)}
	if got := CleanTermsLike(&errs, "f", tooLong, tooLong); len(got) != 0 || errs.Err() == nil {
		t.Fatalf("an over-long stored term: %q %v", got, errs.Err())
	}
}

// TestAnswerSizeCoversMemory: the cache's budget counts what a cached
// version really holds (its structure, answer groups and JSON), measured
// on the heap for distinct 300-topic versions.
func TestAnswerSizeCoversMemory(t *testing.T) {
	const n = 40
	structure := func(seed int) *explorer.Structure {
		st := &explorer.Structure{IgnoreTermsDictionary: map[string]string{}}
		for g := 0; g < 30; g++ {
			grp := explorer.Group{ID: int64(g + 1), Title: fmt.Sprintf("group %d-%d", seed, g)}
			for k := 0; k < 10; k++ {
				tp := explorer.Topic{ID: int64(g*10 + k + 1), Title: fmt.Sprintf("topic %d-%d-%d", seed, g, k), Dictionary: map[string]string{}}
				for w := 0; w < 10; w++ {
					tp.Terms = append(tp.Terms, fmt.Sprintf("term-%d-%d-%d-%d", seed, g, k, w))
				}
				grp.Topics = append(grp.Topics, tp)
			}
			st.Groups = append(st.Groups, grp)
		}
		for i := 0; i < 20; i++ {
			st.IgnoreTerms = append(st.IgnoreTerms, explorer.IgnoreTerm{ID: int64(i + 1), Term: fmt.Sprintf("ignored-%d-%d", seed, i)})
		}
		return st
	}
	kept := make([]*answerVersion, 0, n)
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	estimate := 0
	for i := 0; i < n; i++ {
		st := structure(i)
		v := &answerVersion{key: versionKey{1, i + 1, 0}, stored: st, groups: answerGroups(st.Groups),
			ignoreTerms: explorer.NonNil(st.IgnoreTerms), ignoreTermsDictionary: nonNilMap(st.IgnoreTermsDictionary), size: answerSize(st)}
		estimate += v.size
		kept = append(kept, v)
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	held := int(after.HeapAlloc) - int(before.HeapAlloc)
	runtime.KeepAlive(kept)
	t.Logf("%d versions: estimate %d bytes, heap %d bytes", n, estimate, held)
	if estimate < held {
		t.Fatalf("estimate %d bytes below the %d bytes the versions hold", estimate, held)
	}
}
