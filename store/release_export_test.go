package store

// PartCacheLen is how many part ids and last versions the part cache
// holds.
func (db *DB) PartCacheLen() (ids, lasts int) {
	db.parts.mu.Lock()
	defer db.parts.mu.Unlock()
	return len(db.parts.ids), len(db.parts.lasts)
}
