package api

import (
	"container/list"
	"explorer/models"
	"sync"
)

// structuresMax is the most encoded bytes the cache of structures holds.
// The Service's cache of versions keeps the decoded content beside it.
const structuresMax = 32 << 20

// structureCache keeps the encoded structure (encodeStructure) of the
// models recently answered, by content key (models.ContentKey): the
// content a key names never changes, so an entry never goes stale. A
// large unchanged version is thus encoded once, not per answer. The zero
// value is ready to use.
type structureCache struct {
	mu      sync.Mutex
	entries map[models.ContentKey]*list.Element
	order   list.List // front: most recently used
	size    int
}

// encodedStructure is one entry; the first answer of its content
// encodes it, concurrent ones wait for that encoding.
type encodedStructure struct {
	key  models.ContentKey
	once sync.Once
	json []byte
	err  error
	size int
}

// encoded returns the encoded structure of m, from the cache when it
// holds m's content. A model without a content key is encoded each time.
func (c *structureCache) encoded(m *models.Model) ([]byte, error) {
	key := m.ContentKey()
	if key.IsZero() {
		return encodeStructure(m)
	}
	c.mu.Lock()
	if c.entries == nil {
		c.entries = map[models.ContentKey]*list.Element{}
	}
	el, ok := c.entries[key]
	if ok {
		c.order.MoveToFront(el)
	} else {
		el = c.order.PushFront(&encodedStructure{key: key})
		c.entries[key] = el
	}
	e := el.Value.(*encodedStructure)
	c.mu.Unlock()
	e.once.Do(func() {
		e.json, e.err = encodeStructure(m)
		c.account(el)
	})
	return e.json, e.err
}

// account counts an entry just encoded in the cache's size, dropping it
// when it failed or is over a quarter of the budget, and the least
// recently used entries while the cache is over its budget.
func (c *structureCache) account(el *list.Element) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e := el.Value.(*encodedStructure)
	if c.entries[e.key] != el {
		return // dropped while it was encoded
	}
	if e.err != nil || len(e.json) > structuresMax/4 {
		c.remove(el)
		return
	}
	e.size = len(e.json) + 128
	c.size += e.size
	for c.size > structuresMax {
		c.remove(c.order.Back())
	}
}

// clear drops every entry (one being encoded is dropped when it ends).
func (c *structureCache) clear() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.entries, c.size = nil, 0
	c.order.Init()
}

// remove drops an entry; c.mu is held.
func (c *structureCache) remove(el *list.Element) {
	e := el.Value.(*encodedStructure)
	c.order.Remove(el)
	delete(c.entries, e.key)
	c.size -= e.size
}
