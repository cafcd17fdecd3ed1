package contentcoding

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/valyala/fasthttp"
)

// answer is a JSON-like body of about n bytes that compresses well.
func answer(seed, n int) []byte {
	var b strings.Builder
	for i := 0; b.Len() < n; i++ {
		fmt.Fprintf(&b, `{"id":%d,"title":"Topic %d of group %d","terms":["term%d","word%d"]},`, i, i%37, seed, (i*131+seed)%997, (i*17+seed)%113)
	}
	return []byte(b.String())
}

func unzip(t *testing.T, coding string, body []byte) []byte {
	t.Helper()
	var out []byte
	var err error
	switch coding {
	case "gzip":
		out, err = fasthttp.AppendGunzipBytes(nil, body)
	case "br":
		out, err = fasthttp.AppendUnbrotliBytes(nil, body)
	case "zstd":
		out, err = fasthttp.AppendUnzstdBytes(nil, body)
	}
	if err != nil {
		t.Fatalf("%s: %v", coding, err)
	}
	return out
}

func TestCacheCompressesOnceStrongly(t *testing.T) {
	c := NewCache(1 << 20)
	body := answer(1, 60_000)
	for _, coding := range Codings {
		first := c.Encode("u1 /m/1 \"1\"", coding, body)
		if !bytes.Equal(unzip(t, coding, first), body) {
			t.Fatalf("%s: the first answer does not decode to the body", coding)
		}
		if fast := Encode(coding, body, false); !bytes.Equal(first, fast) {
			t.Fatalf("%s: the first answer is not the fast level's", coding)
		}
		// The strong compression is made for an answer asked for again.
		if second := c.Encode("u1 /m/1 \"1\"", coding, body); !bytes.Equal(second, first) {
			t.Fatalf("%s: the second answer is not the kept one", coding)
		}
		c.Wait()
		kept := c.Encode("u1 /m/1 \"1\"", coding, body)
		if best := Encode(coding, body, true); len(best) < len(first) && !bytes.Equal(kept, best) {
			t.Fatalf("%s: after the upgrade %d bytes are served, the strong level makes %d (fast %d)", coding, len(kept), len(best), len(first))
		}
		if !bytes.Equal(unzip(t, coding, kept), body) {
			t.Fatalf("%s: the kept answer does not decode to the body", coding)
		}
		// The cache serves what it holds under the key, not the body given:
		// the key names the representation.
		if again := c.Encode("u1 /m/1 \"1\"", coding, []byte("other")); !bytes.Equal(again, kept) {
			t.Fatalf("%s: a hit compressed again", coding)
		}
	}
	// Another key is another entry.
	other := answer(2, 60_000)
	if got := unzip(t, "gzip", c.Encode("u2 /m/1 \"1\"", "gzip", other)); !bytes.Equal(got, other) {
		t.Fatal("another key served the first key's answer")
	}
}

func TestCacheBudget(t *testing.T) {
	const budget = 64 << 10
	c := NewCache(budget)
	for i := range 200 {
		body := answer(i, 20_000)
		out := c.Encode(fmt.Sprintf("u /m/%d", i), "gzip", body)
		if !bytes.Equal(unzip(t, "gzip", out), body) {
			t.Fatalf("answer %d does not decode", i)
		}
		if c.Size() > budget {
			t.Fatalf("after %d answers the cache holds %d bytes, over its budget %d", i+1, c.Size(), budget)
		}
	}
	c.Wait()
	if c.Size() > budget || c.Size() == 0 {
		t.Fatalf("the cache holds %d bytes (budget %d)", c.Size(), budget)
	}
	// An answer over an eighth of the budget is served but not kept.
	c2 := NewCache(budget)
	big := answer(7, 400_000)
	if out := c2.Encode("u /big", "gzip", big); len(out) <= budget/8 {
		t.Fatalf("the test's big answer compresses to %d bytes, not over an eighth of the budget", len(out))
	}
	c2.Wait()
	if c2.Size() != 0 {
		t.Fatalf("a too large answer was kept: %d bytes", c2.Size())
	}
}

// pendingNone tells that no strong compression is queued or running.
func pendingNone(c *Cache) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.queued) == 0 && !c.working
}

// TestCacheUpgradesWhatIsAskedAgain: an answer asked for once costs no
// strong compression (a caller varying the query string would keep the
// worker busy); the second answer of a key and coding queues it, once; a
// plain body over strongLimit is never compressed strongly.
func TestCacheUpgradesWhatIsAskedAgain(t *testing.T) {
	c := NewCache(64 << 20)
	body := answer(3, 60_000)
	fast, best := Encode("br", body, false), Encode("br", body, true)
	for i := range 20 {
		if out := c.Encode(fmt.Sprintf("u1 /m/1?q=%d", i), "br", body); !bytes.Equal(out, fast) {
			t.Fatalf("answer %d is not the fast level's", i)
		}
	}
	if !pendingNone(c) {
		t.Fatal("answers asked for once were queued for their strong compression")
	}
	if out := c.Encode("u1 /m/1?q=0", "br", body); !bytes.Equal(out, fast) {
		t.Fatal("the second answer is not the kept one")
	}
	c.Wait()
	if out := c.Encode("u1 /m/1?q=0", "br", body); !bytes.Equal(out, best) {
		t.Fatalf("after the second answer %d bytes are served, the strong level makes %d", len(out), len(best))
	}
	if !pendingNone(c) {
		t.Fatal("an upgraded answer was queued again")
	}
	if out := c.Encode("u1 /m/1?q=1", "zstd", body); !pendingNone(c) || len(out) == 0 {
		t.Fatal("another coding's first answer was queued")
	}
	big := answer(4, strongLimit+1000)
	bigFast := Encode("gzip", big, false)
	for range 3 {
		if out := c.Encode("u1 /big", "gzip", big); !bytes.Equal(out, bigFast) {
			t.Fatal("a large answer is not the fast level's")
		}
		if !pendingNone(c) {
			t.Fatal("a plain body over strongLimit was queued for its strong compression")
		}
	}
}

// TestCacheCountsWhatItHolds: the bytes counted for an answer are the
// memory its body keeps, not only its length (the compressors' slices
// have spare capacity).
func TestCacheCountsWhatItHolds(t *testing.T) {
	for _, coding := range Codings {
		c := NewCache(1 << 20)
		k := cacheKey{"u1 /m/1", coding}
		c.Encode(k.key, coding, answer(5, 60_000))
		c.mu.Lock()
		e, ok := c.entries.Get(k)
		c.mu.Unlock()
		if !ok {
			t.Fatalf("%s: the answer was not kept", coding)
		}
		if held := len(k.key) + len(k.coding) + cap(e.body) + entryOverhead; c.Size() < held {
			t.Fatalf("%s: %d bytes counted, the entry holds %d (body %d of capacity %d)", coding, c.Size(), held, len(e.body), cap(e.body))
		}
	}
}

// TestCacheUpgradeIsNoUse: the strong compression replacing an entry
// (upgrade, as the worker calls it) leaves its place among the least
// recently used: an entry asked for before another goes first, upgraded
// or not.
func TestCacheUpgradeIsNoUse(t *testing.T) {
	c := NewCache(64 << 10)
	a, b := answer(10, 20_000), answer(11, 20_000)
	ka, kb := cacheKey{"u /a", "br"}, cacheKey{"u /b", "br"}
	c.Encode(ka.key, "br", a)
	c.Encode(kb.key, "br", b)
	c.mu.Lock()
	c.upgrade(ka, Encode("br", a, true))
	c.mu.Unlock()
	held := func(k cacheKey) bool {
		c.mu.Lock()
		defer c.mu.Unlock()
		_, ok := c.entries.Peek(k)
		return ok
	}
	c.mu.Lock()
	e, _ := c.entries.Peek(ka)
	c.mu.Unlock()
	if !e.upgraded {
		t.Fatal("a was not upgraded")
	}
	for i := 0; held(ka) && held(kb); i++ {
		if i == 1000 {
			t.Fatal("1000 answers evicted neither")
		}
		c.Encode(fmt.Sprintf("u /fill/%d", i), "br", answer(100+i, 20_000))
	}
	if held(ka) {
		t.Fatal("b, asked for after a, was dropped first: a's upgrade counted as a use")
	}
}

// TestCacheClear: a cleared cache holds nothing, serves a kept key's
// answer afresh from the body given, and keeps answers again.
func TestCacheClear(t *testing.T) {
	c := NewCache(1 << 20)
	body := answer(1, 60_000)
	c.Encode("k", "gzip", body)
	c.Encode("k", "gzip", body) // queues the strong compression
	c.Clear()
	if c.Len() != 0 || c.Size() != 0 {
		t.Fatalf("after Clear: %d entries, %d bytes", c.Len(), c.Size())
	}
	c.Wait() // the strong compression ended after the Clear: not kept
	if c.Len() != 0 {
		t.Fatalf("an upgrade ended after Clear kept %d entries", c.Len())
	}
	other := answer(2, 60_000)
	if got := unzip(t, "gzip", c.Encode("k", "gzip", other)); !bytes.Equal(got, other) || c.Len() != 1 {
		t.Fatalf("after Clear the key served the old answer, or nothing is kept (%d)", c.Len())
	}
}
