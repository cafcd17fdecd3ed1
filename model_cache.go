package explorer

import (
	"container/list"
	"context"
	"encoding/json"
	"sync"
)

// versionCacheMax is the most bytes of encoded structure the cache keeps.
const versionCacheMax = 64 << 20

// versionKey names one version of one model.
type versionKey struct {
	model   int64
	version int
}

// answerVersion is a model version ready to answer: its groups (topic
// dictionaries shown empty), ignore terms and dictionary, and their JSON.
// It is shared by every answer and never modified.
type answerVersion struct {
	key                   versionKey
	groups                []Group
	ignoreTerms           []IgnoreTerm
	ignoreTermsDictionary map[string]string
	// json is `"groups":…,"ignoreTerms":…,"ignoreTermsDictionary":…`.
	json []byte
}

// versionCache keeps recently answered versions. A version is immutable
// once committed and model ids are never reused, so an entry never goes
// stale, also when several instances share the database. Only reads
// outside transactions fill it. The zero value is ready to use.
type versionCache struct {
	mu      sync.Mutex
	entries map[versionKey]*list.Element
	order   list.List // front: most recently used
	size    int
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
	if len(v.json) > versionCacheMax/4 {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.entries == nil {
		c.entries = map[versionKey]*list.Element{}
	}
	if _, ok := c.entries[v.key]; ok {
		return
	}
	c.entries[v.key] = c.order.PushFront(v)
	c.size += len(v.json)
	for c.size > versionCacheMax {
		last := c.order.Back()
		old := last.Value.(*answerVersion)
		c.order.Remove(last)
		delete(c.entries, old.key)
		c.size -= len(old.json)
	}
}

// forget drops the versions of a deleted model.
func (c *versionCache) forget(model int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for k, el := range c.entries {
		if k.model == model {
			c.order.Remove(el)
			delete(c.entries, k)
			c.size -= len(el.Value.(*answerVersion).json)
		}
	}
}

// answerVersion returns a version ready to answer, from the cache or the
// store.
func (s *Service) answerVersion(ctx context.Context, model int64, version int) (*answerVersion, error) {
	if v := s.versions.get(versionKey{model, version}); v != nil {
		return v, nil
	}
	st, err := s.store.FindModelVersion(ctx, model, version)
	if err != nil {
		return nil, err
	}
	return s.rememberVersion(model, version, st)
}

// rememberVersion caches a committed version the Service holds (it just
// read or wrote it) and returns it ready to answer.
func (s *Service) rememberVersion(model int64, version int, st *Structure) (*answerVersion, error) {
	v := &answerVersion{
		key:                   versionKey{model, version},
		groups:                answerGroups(st.Groups),
		ignoreTerms:           nonNil(st.IgnoreTerms),
		ignoreTermsDictionary: nonNilMap(st.IgnoreTermsDictionary),
	}
	b, err := json.Marshal(struct {
		Groups                []Group           `json:"groups"`
		IgnoreTerms           []IgnoreTerm      `json:"ignoreTerms"`
		IgnoreTermsDictionary map[string]string `json:"ignoreTermsDictionary"`
	}{v.groups, v.ignoreTerms, v.ignoreTermsDictionary})
	if err != nil {
		return nil, Internal(err)
	}
	v.json = b[1 : len(b)-1]
	s.versions.put(v)
	return v, nil
}
