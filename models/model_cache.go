package models

import (
	"container/list"
	"context"
	"sync"

	"explorer"
)

// versionCacheMax is the most memory the cache's versions hold (by
// answerSize's estimate); api keeps the versions' encoded answers beside,
// within a budget of its own (32 MiB): 64 MiB in all, as when one cache
// held both.
const versionCacheMax = 32 << 20

// versionKey names the content of one version of one model: revision is
// the amendment of the model's current version (see EditModel), and
// finalRevision for a version that is no longer the newest, whose content
// no longer changes.
type versionKey struct {
	model    int64
	version  int
	revision int
}

// finalRevision is the revision of the key of a version that is not the
// newest: its last one.
const finalRevision = -1

// keyAt is the key of version of m as it is now.
func keyAt(m *ModelRecord, version int) versionKey {
	if version == m.Version {
		return versionKey{m.ID, version, m.Revision}
	}
	return versionKey{m.ID, version, finalRevision}
}

// currentKey is the key of m's current version.
func currentKey(m *ModelRecord) versionKey { return keyAt(m, m.Version) }

// answerVersion is a model version ready to answer: its structure as
// stored, and its groups (topic dictionaries shown empty), ignore terms
// and dictionary as answered. It is shared by every answer and never
// modified.
type answerVersion struct {
	key versionKey
	// stored is the structure as stored, topic dictionaries included.
	stored                *explorer.Structure
	groups                []explorer.Group
	ignoreTerms           []explorer.IgnoreTerm
	ignoreTermsDictionary map[string]string
	// size estimates the memory the version holds, for the cache's budget.
	size int
}

// answerSize estimates the memory a cached version holds: the stored
// structure (topic dictionaries included) and the answer's groups, which
// share the stored titles and terms (a term is counted once: its bytes and
// a string header, with size-class rounding). Shared topics of
// neighbouring versions are counted in each, so the estimate errs on the
// high side.
func answerSize(st *explorer.Structure) int {
	n := 256
	for _, g := range st.Groups {
		n += len(g.Title) + 96
		for _, t := range g.Topics {
			n += len(t.Title) + 320 // two Topic values, an empty dictionary, slice headers
			for _, term := range t.Terms {
				n += len(term) + 24
			}
			for k, v := range t.Dictionary {
				n += len(k) + len(v) + 48
			}
		}
	}
	for _, t := range st.IgnoreTerms {
		n += len(t.Term) + 40
	}
	for k, v := range st.IgnoreTermsDictionary {
		n += len(k) + len(v) + 48
	}
	return n
}

// versionCache keeps recently answered versions. The content a key names
// never changes once committed (an amendment is a new revision, hence a
// new key) and model ids are never reused, so an entry never goes stale,
// also when several instances share the database. Only reads
// outside transactions fill it. The zero value is ready to use.
type versionCache struct {
	mu      sync.Mutex
	entries map[versionKey]*list.Element
	order   list.List // front: most recently used
	size    int
	// latest is the key of the highest version of each model the cache
	// holds.
	latest map[int64]versionKey
}

// latestGroups returns the groups of the highest version of model the
// cache holds, or nil. It does not count as a use of the entry.
func (c *versionCache) latestGroups(model int64) []explorer.Group {
	c.mu.Lock()
	defer c.mu.Unlock()
	k, ok := c.latest[model]
	if !ok {
		return nil
	}
	return c.entries[k].Value.(*answerVersion).stored.Groups
}

// ReleaseCaches drops the versions and summaries kept to answer faster
// (the server does when idle, to return memory); they are read again at
// their next use.
func (s *Service) ReleaseCaches() {
	s.versions.clear()
	s.summaries.clear()
}

// clear drops every entry.
func (c *versionCache) clear() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.entries, c.latest, c.size = nil, nil, 0
	c.order.Init()
}

// remove drops an entry; c.mu is held.
func (c *versionCache) remove(el *list.Element) {
	v := el.Value.(*answerVersion)
	c.order.Remove(el)
	delete(c.entries, v.key)
	c.size -= v.size
	if c.latest[v.key.model] == v.key {
		delete(c.latest, v.key.model)
	}
}

func (c *versionCache) get(k versionKey) *answerVersion {
	c.mu.Lock()
	defer c.mu.Unlock()
	el, ok := c.entries[k]
	if !ok {
		return nil
	}
	c.order.MoveToFront(el)
	return el.Value.(*answerVersion)
}

func (c *versionCache) put(v *answerVersion) {
	if v.size > versionCacheMax/4 {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.entries == nil {
		c.entries = map[versionKey]*list.Element{}
		c.latest = map[int64]versionKey{}
	}
	if _, ok := c.entries[v.key]; ok {
		return
	}
	c.entries[v.key] = c.order.PushFront(v)
	c.size += v.size
	if latest, ok := c.latest[v.key.model]; !ok || v.key.version > latest.version ||
		(v.key.version == latest.version && v.key.revision > latest.revision) {
		c.latest[v.key.model] = v.key
	}
	for c.size > versionCacheMax {
		c.remove(c.order.Back())
	}
}

// forget drops the versions of a deleted model.
func (c *versionCache) forget(model int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for k, el := range c.entries {
		if k.model == model {
			c.remove(el)
		}
	}
}

// answerVersion returns a version ready to answer, from the cache or the
// store.
func (s *Service) answerVersion(ctx context.Context, m *ModelRecord, version int) (*answerVersion, error) {
	key := keyAt(m, version)
	if v := s.versions.get(key); v != nil {
		return v, nil
	}
	st, err := s.store.FindModelVersion(ctx, m.ID, version)
	if err != nil {
		return nil, err
	}
	return s.rememberVersion(key, st), nil
}

// StoredVersion returns a committed version's structure as stored, from
// the cache when it holds it. It may run in a transaction: it never fills
// the cache. Callers must not modify the structure.
func (s *Service) StoredVersion(ctx context.Context, m *ModelRecord, version int) (*explorer.Structure, error) {
	if v := s.versions.get(keyAt(m, version)); v != nil {
		return v.stored, nil
	}
	return s.store.FindModelVersion(ctx, m.ID, version)
}

// rememberVersion caches a committed version the Service holds (it just
// read or wrote it) and returns it ready to answer.
func (s *Service) rememberVersion(key versionKey, st *explorer.Structure) *answerVersion {
	v := &answerVersion{
		key:                   key,
		stored:                st,
		groups:                answerGroups(st.Groups),
		ignoreTerms:           explorer.NonNil(st.IgnoreTerms),
		ignoreTermsDictionary: nonNilMap(st.IgnoreTermsDictionary),
		size:                  answerSize(st),
	}
	s.versions.put(v)
	return v
}
