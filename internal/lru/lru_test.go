package lru

import "testing"

func TestCacheKeepsTheRecentWithinItsBytes(t *testing.T) {
	c := New[string, int](10)
	c.Put("a", 1, 4)
	c.Put("b", 2, 4)
	if _, ok := c.Get("a"); !ok { // a is now more recent than b
		t.Fatal("a lost")
	}
	c.Put("c", 3, 4) // 12 > 10: b, the least recent, goes
	if _, ok := c.Get("b"); ok || c.Len() != 2 || c.Size() != 8 {
		t.Fatalf("after c: len %d size %d", c.Len(), c.Size())
	}
	if c.Put("huge", 4, 11) {
		t.Fatal("a value over the budget was kept")
	}
	c.Put("a", 5, 2) // replaced, its size too
	if v, _ := c.Get("a"); v != 5 || c.Size() != 6 {
		t.Fatalf("a = %d, size %d", v, c.Size())
	}
	c.Remove("a")
	c.Remove("nothing")
	if c.Len() != 1 || c.Size() != 4 {
		t.Fatalf("after remove: len %d size %d", c.Len(), c.Size())
	}
}

// TestPeekLeavesTheOrder: Peek reads a value and Replace changes it
// without making it the most recent, so it still goes first.
func TestPeekLeavesTheOrder(t *testing.T) {
	c := New[string, int](8)
	c.Put("a", 1, 4)
	c.Put("b", 2, 4)
	if v, ok := c.Peek("a"); !ok || v != 1 {
		t.Fatalf("peek a = %d, %v", v, ok)
	}
	if _, ok := c.Peek("nothing"); ok {
		t.Fatal("peek found a value never put")
	}
	if !c.Replace("a", 5, 3) || c.Size() != 7 {
		t.Fatalf("replace a: size %d", c.Size())
	}
	if c.Replace("nothing", 1, 1) || c.Len() != 2 {
		t.Fatal("replace put a value never put")
	}
	c.Put("c", 3, 4) // 11 > 8: a, still the least recent, goes
	if _, ok := c.Peek("a"); ok {
		t.Fatal("a peeked at was kept as if used")
	}
	if _, ok := c.Peek("b"); !ok {
		t.Fatal("b lost")
	}
}
