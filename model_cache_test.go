package explorer

import (
	"strings"
	"testing"
)

func TestVersionCacheEvictsAndForgets(t *testing.T) {
	var c versionCache
	entry := func(model int64, version, size int) *answerVersion {
		return &answerVersion{key: versionKey{model, version}, size: size, stored: &Structure{Groups: []Group{{ID: int64(version)}}}}
	}
	big := versionCacheMax / 4
	for i := 1; i <= 4; i++ {
		c.put(entry(1, i, big))
	}
	if c.get(versionKey{1, 1}) == nil || c.size != versionCacheMax {
		t.Fatalf("four quarters: size %d", c.size)
	}
	if g := c.latestGroups(1); len(g) != 1 || g[0].ID != 4 {
		t.Fatalf("latest of model 1: %+v", g)
	}
	// Version 1 was used last: version 2 is the one evicted.
	c.put(entry(2, 1, 10))
	if c.get(versionKey{1, 2}) != nil || c.get(versionKey{1, 1}) == nil || c.get(versionKey{2, 1}) == nil {
		t.Fatal("evicted the wrong entry")
	}
	// Too large to keep.
	c.put(entry(3, 1, big+1))
	if c.get(versionKey{3, 1}) != nil {
		t.Fatal("kept an entry over a quarter of the cache")
	}
	// A second put of a key keeps the first.
	first := c.get(versionKey{2, 1})
	c.put(entry(2, 1, 20))
	if c.get(versionKey{2, 1}) != first {
		t.Fatal("replaced an entry")
	}
	c.forget(1)
	if c.latestGroups(1) != nil || c.latestGroups(2) == nil {
		t.Fatal("forget kept the latest version of model 1 or dropped model 2's")
	}
	if c.get(versionKey{1, 1}) != nil || c.get(versionKey{2, 1}) == nil || c.size != 10 || c.order.Len() != 1 {
		t.Fatalf("after forget: size %d, %d entries", c.size, c.order.Len())
	}
}

// TestCleanTermsLike: terms equal to stored ones come back as the stored
// slice; others, and stored terms over TermMax bytes, are cleaned (and
// refused when too long) as cleanTerms does.
func TestCleanTermsLike(t *testing.T) {
	stored := []string{"a", "B"}
	var errs fieldErrors
	if got := cleanTermsLike(&errs, "f", []string{"a", "B"}, stored); &got[0] != &stored[0] || errs.err() != nil {
		t.Fatalf("equal terms: %q %v", got, errs.err())
	}
	if got := cleanTermsLike(&errs, "f", []string{" a", "A", "c"}, stored); len(got) != 2 || got[0] != "a" || got[1] != "c" {
		t.Fatalf("changed terms: %q", got)
	}
	long := []string{strings.Repeat("é", TermMax)}
	if got := cleanTermsLike(&errs, "f", long, long); len(got) != 1 || &got[0] == &long[0] || errs.err() != nil {
		t.Fatalf("a stored term of %d bytes within the limit: %q %v", len(long[0]), got, errs.err())
	}
	tooLong := []string{strings.Repeat("x", TermMax+1)}
	if got := cleanTermsLike(&errs, "f", tooLong, tooLong); len(got) != 0 || errs.err() == nil {
		t.Fatalf("an over-long stored term: %q %v", got, errs.err())
	}
}
