package models

import (
	"context"
	"slices"
	"sync"
	"time"

	"explorer"
)

// newestCache keeps the newest versions (number, time, author) listed
// lately for each model, under the model's tag and sharing stamp as read
// before the list. Versions are only added or amended under the model's
// row lock, and each changes its tag; a version's author leaves the list
// only when the user is deleted, which bumps the stamp of every model the
// user shares (a user whose access ended before could still be named for
// at most newestCacheFor after its deletion). So an entry of the tag and
// stamp a request read holds what the store would list, on every
// instance. The editor's change, which knows what it wrote, moves the
// entry on to its new tag (follow): a burst of edits lists its versions
// without a read.
type newestCache struct {
	mu      sync.Mutex
	entries map[int64]newestEntry
}

type newestEntry struct {
	tag   VersionTag
	stamp int64
	// n is the most lines asked when the list was read, at read.
	n    int
	read time.Time
	list []ModelVersion
}

// newestCacheModels is the most models the cache keeps (then it starts
// again): at most maxNewestVersions short lines each; an entry is read
// again newestCacheFor after it was.
const (
	newestCacheModels = 1024
	newestCacheFor    = time.Minute
)

// newestModelVersions lists m's newest n versions, newest first: from the
// cache when it holds them for m's tag and stamp, else read and kept.
func (s *Service) newestModelVersions(ctx context.Context, m *ModelRecord, n int) ([]ModelVersion, error) {
	c := &s.newest
	c.mu.Lock()
	e, ok := c.entries[m.ID]
	c.mu.Unlock()
	now := s.clock.Now()
	if ok && e.tag == m.Tag() && e.stamp == m.SharingStamp && (n <= e.n || len(e.list) == m.Version) && now.Sub(e.read) < newestCacheFor {
		return slices.Clone(e.list[:min(n, len(e.list))]), nil
	}
	list, err := s.store.FindNewestModelVersions(ctx, m.ID, m.Version, n)
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.entries == nil || len(c.entries) >= newestCacheModels {
		c.entries = map[int64]newestEntry{}
	}
	c.entries[m.ID] = newestEntry{tag: m.Tag(), stamp: m.SharingStamp, n: n, read: now, list: slices.Clone(list)}
	return list, nil
}

// follow moves m's entry from tag before on to m's tag after an editor
// change committed at at by by: the newest version's time changed
// (amended) or a version was added. An entry of another tag or stamp is
// dropped (the model changed elsewhere meanwhile).
func (c *newestCache) follow(before VersionTag, m *ModelRecord, at time.Time, by *explorer.User, amended bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.entries[m.ID]
	if !ok {
		return
	}
	if e.tag != before || e.stamp != m.SharingStamp || len(e.list) == 0 {
		delete(c.entries, m.ID)
		return
	}
	// As the store reads it back: milliseconds, UTC.
	at = time.UnixMilli(at.UnixMilli()).UTC()
	list := slices.Clone(e.list)
	if amended {
		list[0].Created = at
	} else {
		line := ModelVersion{Version: m.Version, Created: at, CreatedBy: &explorer.UserRef{UserID: by.Username}}
		list = slices.Insert(list, 0, line)[:min(len(list)+1, e.n)]
	}
	e.tag, e.list = m.Tag(), list
	c.entries[m.ID] = e
}
