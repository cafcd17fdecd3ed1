package contentcoding

// The tests' view of a cache (nothing outside the tests needs it).

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
