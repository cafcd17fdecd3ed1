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
