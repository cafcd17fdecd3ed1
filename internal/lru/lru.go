// Package lru is a least-recently-used cache bounded in bytes: the one
// eviction rule of the caches that hold answers, spaces and versions.
package lru

import "container/list"

// Cache holds values by key up to max bytes (each value's size as Put is
// told), dropping the least recently used first. A value larger than max
// alone is not kept. Not safe for concurrent use: its owner locks it.
type Cache[K comparable, V any] struct {
	max, used int64
	order     list.List // front: most recently used; of *item[K, V]
	items     map[K]*list.Element
}

type item[K comparable, V any] struct {
	k    K
	v    V
	size int64
}

// New returns a cache of at most max bytes.
func New[K comparable, V any](max int64) *Cache[K, V] {
	return &Cache[K, V]{max: max, items: map[K]*list.Element{}}
}

// Get returns the value of k, if held, and makes it the most recent.
func (c *Cache[K, V]) Get(k K) (v V, ok bool) {
	el, ok := c.items[k]
	if !ok {
		return v, false
	}
	c.order.MoveToFront(el)
	return el.Value.(*item[K, V]).v, true
}

// Peek returns the value of k, if held, leaving its place in the order:
// for a look that is no use of the value.
func (c *Cache[K, V]) Peek(k K) (v V, ok bool) {
	el, ok := c.items[k]
	if !ok {
		return v, false
	}
	return el.Value.(*item[K, V]).v, true
}

// Put keeps v under k, replacing what k held, and drops the least
// recently used values while the cache is over max. It tells whether v
// is kept (not when size alone is over max).
func (c *Cache[K, V]) Put(k K, v V, size int64) bool {
	c.Remove(k)
	if size > c.max {
		return false
	}
	c.items[k] = c.order.PushFront(&item[K, V]{k: k, v: v, size: size})
	c.used += size
	for c.used > c.max {
		c.Remove(c.order.Back().Value.(*item[K, V]).k)
	}
	return true
}

// Replace sets k's value to v of size, if k is held, leaving its place in
// the order (a change that is no use of the value), and drops the least
// recently used values while the cache is over max. It tells whether k
// was held.
func (c *Cache[K, V]) Replace(k K, v V, size int64) bool {
	el, ok := c.items[k]
	if !ok {
		return false
	}
	it := el.Value.(*item[K, V])
	c.used += size - it.size
	it.v, it.size = v, size
	for c.used > c.max {
		c.Remove(c.order.Back().Value.(*item[K, V]).k)
	}
	return true
}

// Remove drops k's value, if held.
func (c *Cache[K, V]) Remove(k K) {
	if el, ok := c.items[k]; ok {
		c.used -= el.Value.(*item[K, V]).size
		c.order.Remove(el)
		delete(c.items, k)
	}
}

// Len is the number of values held; Size their bytes.
func (c *Cache[K, V]) Len() int    { return len(c.items) }
func (c *Cache[K, V]) Size() int64 { return c.used }
