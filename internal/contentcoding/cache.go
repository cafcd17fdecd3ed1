package contentcoding

import (
	"sync"

	"explorer/internal/lru"
)

// Cache keeps compressed answers, each under a key that names one
// representation (the caller's scope, the request and the answer's entity
// tag) and a coding, so an answer served many times is compressed once per
// coding at the strongest level. The first answer of a key and coding is
// compressed at the fast level, kept and served; at its second answer (the
// first hit) its strong compression is queued, made afterwards by one
// background goroutine, and replaces it in the cache. An answer asked for
// once, as one whose query varies from call to call, costs no strong
// compression; nor does a plain body over strongLimit. The cache holds at
// most budget bytes (bodies and keys), dropping the least recently used
// entries; an answer over an eighth of the budget is not kept. Safe for
// concurrent use.
type Cache struct {
	budget  int
	mu      sync.Mutex
	entries *lru.Cache[cacheKey, entry]
	// pending are the answers waiting for their strong compression, at
	// most budget/4 plain bytes; working tells that the goroutine runs.
	pending      []upgrade
	pendingBytes int
	queued       map[cacheKey]bool
	working      bool
	idle         *sync.Cond
}

type cacheKey struct{ key, coding string }

// entry is a kept answer; upgraded tells that its strong compression was
// queued (or made), so no later hit queues it again.
type entry struct {
	body     []byte
	upgraded bool
}

type upgrade struct {
	k     cacheKey
	plain []byte
}

// entryOverhead is counted for an entry beside its key and body (the
// list element, the map slot, the headers of the slices).
const entryOverhead = 160

// strongLimit is the largest plain body whose strong compression is
// queued (brotli's level 11 takes ~50 ms on 61 KB: seconds past a MiB).
const strongLimit = 1 << 20

// NewCache returns a cache of at most budget bytes.
func NewCache(budget int) *Cache {
	c := &Cache{budget: budget, entries: lru.New[cacheKey, entry](int64(budget)), queued: map[cacheKey]bool{}}
	c.idle = sync.NewCond(&c.mu)
	return c
}

// Encode returns body compressed with coding, from the cache when it holds
// key in that coding (the first such hit queues the strong compression of
// body); else compressed now at the fast level and kept. The result may
// be no smaller than body (the caller then sends body as it is). body is
// not kept: the queued copy is the cache's own.
func (c *Cache) Encode(key, coding string, body []byte) []byte {
	k := cacheKey{key, coding}
	if out := c.hit(k, body); out != nil {
		return out
	}
	out := Encode(coding, body, false)
	if len(out) >= len(body) || c.tooLarge(k, out) {
		return out
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.put(k, entry{body: out})
	return out
}

// hit returns what the cache holds under k, or nil; at the first hit of
// an entry it queues the strong compression of body.
func (c *Cache) hit(k cacheKey, body []byte) []byte {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.entries.Get(k)
	if !ok {
		return nil
	}
	if !e.upgraded && c.queue(k, body) {
		e.upgraded = true
		c.put(k, e)
	}
	return e.body
}

// queue queues the strong compression of body under k unless body is over
// strongLimit, k is queued already or the queue is full; it tells whether
// k is queued. c.mu is held.
func (c *Cache) queue(k cacheKey, body []byte) bool {
	if len(body) > strongLimit || c.pendingBytes+len(body) > c.budget/4 {
		return false
	}
	if c.queued[k] {
		return true
	}
	c.queued[k] = true
	c.pending = append(c.pending, upgrade{k, append([]byte(nil), body...)})
	c.pendingBytes += len(body)
	if !c.working {
		c.working = true
		go c.work()
	}
	return true
}

// Wait blocks until no strong compression is pending.
func (c *Cache) Wait() {
	c.mu.Lock()
	defer c.mu.Unlock()
	for c.working {
		c.idle.Wait()
	}
}

// Clear drops every kept answer (the strong compressions pending are
// then dropped as they end: their entries are gone).
func (c *Cache) Clear() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.entries = lru.New[cacheKey, entry](int64(c.budget))
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

func (c *Cache) tooLarge(k cacheKey, body []byte) bool {
	return entrySize(k, body) > c.budget/8
}

// entrySize counts body's capacity, the memory it keeps (put keeps bodies
// of their exact length).
func entrySize(k cacheKey, body []byte) int {
	return len(k.key) + len(k.coding) + cap(body) + entryOverhead
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
		c.upgrade(u.k, out)
		c.mu.Unlock()
	}
}

// upgrade replaces k's entry, if still held, by its strong compression
// out when smaller. No request asked for it: the entry keeps its place
// among the least recently used. c.mu is held.
func (c *Cache) upgrade(k cacheKey, out []byte) {
	if old, ok := c.entries.Peek(k); ok && len(out) < len(old.body) {
		out = exact(out)
		c.entries.Replace(k, entry{body: out, upgraded: true}, int64(entrySize(k, out)))
	}
}

// put keeps e under k, replacing what k held, the least recently used
// entries dropped past the budget; c.mu is held. A body with spare
// capacity (the compressors append into a growing slice) is kept as a
// copy of its exact length (exact), so that the budget counts what is
// held.
func (c *Cache) put(k cacheKey, e entry) {
	e.body = exact(e.body)
	c.entries.Put(k, e, int64(entrySize(k, e.body)))
}

// exact returns b, or a copy of its exact length when it has spare
// capacity.
func exact(b []byte) []byte {
	if cap(b) == len(b) {
		return b
	}
	out := make([]byte, len(b))
	copy(out, b)
	return out
}
