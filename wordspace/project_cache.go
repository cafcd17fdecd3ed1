package wordspace

import (
	"explorer"
	"explorer/internal/lru"
)

// ProjectCacheBytes is the default bound of the memory held by the
// project spaces loaded (LRU): about 25 of the largest (30,000 words,
// about 10 MB once read with int8 vectors).
const ProjectCacheBytes = 256 << 20

// spaceLRU holds loaded project spaces up to max bytes (HeapBytes), the
// least recently used dropped first, by project; a project's space of
// another version is no hit (it was built again). A space larger than max
// alone is used and not kept. Not safe for concurrent use: ProjectSpaces
// locks it.
type spaceLRU struct {
	spaces *lru.Cache[int64, versionedSpace]
}

type versionedSpace struct {
	v     explorer.ProjectSpaceVersion
	space *Space
}

func newSpaceLRU(max int64) *spaceLRU {
	return &spaceLRU{spaces: lru.New[int64, versionedSpace](max)}
}

// get returns the space of v, if held.
func (c *spaceLRU) get(v explorer.ProjectSpaceVersion) *Space {
	held, ok := c.spaces.Get(v.Project)
	if !ok {
		return nil
	}
	if held.v != v {
		c.spaces.Remove(v.Project)
		return nil
	}
	return held.space
}

// put keeps s as v's (replacing what the project held) and drops the
// least recently used spaces past the bound.
func (c *spaceLRU) put(v explorer.ProjectSpaceVersion, s *Space) {
	c.spaces.Put(v.Project, versionedSpace{v, s}, s.HeapBytes())
}
