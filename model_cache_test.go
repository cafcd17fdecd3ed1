package explorer

import "testing"

func TestVersionCacheEvictsAndForgets(t *testing.T) {
	var c versionCache
	entry := func(model int64, version, size int) *answerVersion {
		return &answerVersion{key: versionKey{model, version}, size: size}
	}
	big := versionCacheMax / 4
	for i := 1; i <= 4; i++ {
		c.put(entry(1, i, big))
	}
	if c.get(versionKey{1, 1}) == nil || c.size != versionCacheMax {
		t.Fatalf("four quarters: size %d", c.size)
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
	if c.get(versionKey{1, 1}) != nil || c.get(versionKey{2, 1}) == nil || c.size != 10 || c.order.Len() != 1 {
		t.Fatalf("after forget: size %d, %d entries", c.size, c.order.Len())
	}
}
