package store

import (
	"maps"
	"slices"
	"sync"

	explorer "explorer"
)

// partKey names a part in the cache of part ids.
type partKey struct {
	model int64
	hash  partHash
}

// Bounds of the part cache: part ids by content (about 60 bytes each) and
// the models whose last stored version is remembered. A full map starts
// over.
const (
	partCacheMax = 200_000
	lastModelMax = 256
)

// partCache remembers committed parts: their ids by content, and per
// model the topics and ignore terms of the version stored last with their
// part ids, so that a new version encodes and hashes only what changed. A
// part is never changed and only deleted with its model, whose id is
// never used again, so an entry stays true also while other instances
// write. Entries are added only after the transaction that read or wrote
// them commits.
type partCache struct {
	mu    sync.Mutex
	ids   map[partKey]int64
	lasts map[int64]*lastVersion
}

// lastVersion is the content of a model's last stored version with the
// ids of its parts: its runs of topics by the id of their first topic. It
// is never modified once cached.
type lastVersion struct {
	ignore   explorer.Structure
	ignoreID int64
	runs     map[int64]lastRun
}

type lastRun struct {
	topics []*explorer.Topic
	id     int64
}

func (c *partCache) get(k partKey) (int64, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	id, ok := c.ids[k]
	return id, ok
}

func (c *partCache) put(model int64, hashes []partHash, ids []int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.ids == nil || len(c.ids)+len(hashes) > partCacheMax {
		c.ids = make(map[partKey]int64, len(hashes))
	}
	for i, h := range hashes {
		c.ids[partKey{model, h}] = ids[i]
	}
}

// clear forgets every entry (ReleaseIdle); the next versions stored
// learn them again.
func (c *partCache) clear() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.ids, c.lasts = nil, nil
}

// last returns what the model stored last, or nil.
func (c *partCache) last(model int64) *lastVersion {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.lasts[model]
}

// remember records s, stored as runs with the part ids ids (as
// storeParts orders them), as the model's last version. s must not change
// afterwards.
func (c *partCache) remember(model int64, s *explorer.Structure, runs [][]*explorer.Topic, ids []int64) {
	l := &lastVersion{
		ignore:   explorer.Structure{IgnoreTerms: s.IgnoreTerms, IgnoreTermsDictionary: s.IgnoreTermsDictionary},
		ignoreID: ids[0],
		runs:     make(map[int64]lastRun, len(runs)),
	}
	for i, run := range runs {
		l.runs[run[0].ID] = lastRun{topics: run, id: ids[i+1]}
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.lasts == nil || len(c.lasts) >= lastModelMax {
		c.lasts = map[int64]*lastVersion{}
	}
	c.lasts[model] = l
}

// run returns the part id of run when the last version holds a run of
// topics that encodes exactly as it does.
func (l *lastVersion) run(run []*explorer.Topic) (int64, bool) {
	if l == nil {
		return 0, false
	}
	prev, ok := l.runs[run[0].ID]
	if !ok || len(prev.topics) != len(run) {
		return 0, false
	}
	for i, t := range run {
		if !sameTopic(prev.topics[i], t) {
			return 0, false
		}
	}
	return prev.id, true
}

// sameTopic reports whether p and t encode alike.
func sameTopic(p, t *explorer.Topic) bool {
	return p.ID == t.ID && p.Title == t.Title && (p.Terms == nil) == (t.Terms == nil) && slices.Equal(p.Terms, t.Terms) &&
		(p.Dictionary == nil) == (t.Dictionary == nil) && maps.Equal(p.Dictionary, t.Dictionary)
}

// sameIgnore reports whether s has the ignore terms and dictionary of
// prev, as the encoding tells them apart.
func sameIgnore(prev, s *explorer.Structure) bool {
	return (prev.IgnoreTerms == nil) == (s.IgnoreTerms == nil) && slices.Equal(prev.IgnoreTerms, s.IgnoreTerms) &&
		(prev.IgnoreTermsDictionary == nil) == (s.IgnoreTermsDictionary == nil) && maps.Equal(prev.IgnoreTermsDictionary, s.IgnoreTermsDictionary)
}
