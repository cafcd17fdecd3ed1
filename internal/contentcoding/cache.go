package contentcoding

import (
	"sync"

	"explorer/internal/lru"
)

// Cache keeps compressed answers, each under a key that names one
// representation (the caller's scope, the request and the answer's entity
// tag) and a coding, so an answer served many times is compressed once per
// coding at the strongest level. The first answer of a key and coding is
// compressed at the fast level and served; its strong compression is made
// afterwards by one background goroutine and replaces it in the cache.
// The cache holds at most budget bytes (bodies and keys), dropping the
// least recently used entries; an answer over an eighth of the budget is
// not kept. Safe for concurrent use.
type Cache struct {
	budget  int
	mu      sync.Mutex
	entries *lru.Cache[cacheKey, []byte]
	// pending are the answers waiting for their strong compression, at
	// most budget/4 plain bytes; working tells that the goroutine runs.
	pending      []upgrade
	pendingBytes int
	queued       map[cacheKey]bool
	working      bool
	idle         *sync.Cond
}

type cacheKey struct{ key, coding string }

type upgrade struct {
	k     cacheKey
	plain []byte
}

// entryOverhead is counted for an entry beside its key and body (the
// list element, the map slot, the headers of the slices).
const entryOverhead = 160

// NewCache returns a cache of at most budget bytes.
func NewCache(budget int) *Cache {
	c := &Cache{budget: budget, entries: lru.New[cacheKey, []byte](int64(budget)), queued: map[cacheKey]bool{}}
	c.idle = sync.NewCond(&c.mu)
	return c
}

// Encode returns body compressed with coding, from the cache when it holds
// key in that coding; else compressed now at the fast level, kept and
// queued for its strong compression. The result may be no smaller than
// body (the caller then sends body as it is). body is not kept: the
// queued copy is the cache's own.
func (c *Cache) Encode(key, coding string, body []byte) []byte {
	k := cacheKey{key, coding}
	if out := c.get(k); out != nil {
		return out
	}
	out := Encode(coding, body, false)
	if len(out) >= len(body) || c.tooLarge(k, out) {
		return out
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.put(k, out)
	if !c.queued[k] && c.pendingBytes+len(body) <= c.budget/4 {
		c.queued[k] = true
		c.pending = append(c.pending, upgrade{k, append([]byte(nil), body...)})
		c.pendingBytes += len(body)
		if !c.working {
			c.working = true
			go c.work()
		}
	}
	return out
}

// Wait blocks until no strong compression is pending.
func (c *Cache) Wait() {
	c.mu.Lock()
	defer c.mu.Unlock()
	for c.working {
		c.idle.Wait()
	}
}

// Len is the number of answers the cache holds (one per key and coding).
func (c *Cache) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.entries.Len()
}

// Size is the bytes the cache holds.
func (c *Cache) Size() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return int(c.entries.Size())
}

func (c *Cache) get(k cacheKey) []byte {
	c.mu.Lock()
	defer c.mu.Unlock()
	body, _ := c.entries.Get(k)
	return body
}

func (c *Cache) tooLarge(k cacheKey, body []byte) bool {
	return entrySize(k, body) > c.budget/8
}

func entrySize(k cacheKey, body []byte) int {
	return len(k.key) + len(k.coding) + len(body) + entryOverhead
}

// work makes the strong compressions pending, one after the other, and
// ends when none is left.
func (c *Cache) work() {
	for {
		c.mu.Lock()
		if len(c.pending) == 0 {
			c.working = false
			c.pending = nil
			c.idle.Broadcast()
			c.mu.Unlock()
			return
		}
		u := c.pending[0]
		c.pending = c.pending[1:]
		c.mu.Unlock()
		out := Encode(u.k.coding, u.plain, true)
		c.mu.Lock()
		c.pendingBytes -= len(u.plain)
		delete(c.queued, u.k)
		if old, ok := c.entries.Get(u.k); ok && len(out) < len(old) {
			c.put(u.k, out)
		}
		c.mu.Unlock()
	}
}

// put keeps body under k, replacing what k held, the least recently
// used entries dropped past the budget; c.mu is held.
func (c *Cache) put(k cacheKey, body []byte) {
	c.entries.Put(k, body, int64(entrySize(k, body)))
}
