package wordspace

import (
	"container/list"

	"explorer"
)

// ProjectCacheBytes is the default bound of the memory held by the
// project spaces loaded (LRU): seven of the largest (30,000 words, 36
// MB once read).
const ProjectCacheBytes = 256 << 20

// spaceLRU holds loaded project spaces up to max bytes (HeapBytes), the
// least recently used dropped first, by project; a project's space of
// another version is no hit (it was built again). A space larger than max
// alone is used and not kept. Not safe for concurrent use: ProjectSpaces
// locks it.
type spaceLRU struct {
	max, used int64
	order     *list.List // front: most recent; of *lruItem
	items     map[int64]*list.Element
}

type lruItem struct {
	v     explorer.ProjectSpaceVersion
	space *Space
	bytes int64
}

func newSpaceLRU(max int64) *spaceLRU {
	return &spaceLRU{max: max, order: list.New(), items: map[int64]*list.Element{}}
}

// get returns the space of v, if held.
func (c *spaceLRU) get(v explorer.ProjectSpaceVersion) *Space {
	el, ok := c.items[v.Project]
	if !ok {
		return nil
	}
	it := el.Value.(*lruItem)
	if it.v != v {
		c.remove(v.Project)
		return nil
	}
	c.order.MoveToFront(el)
	return it.space
}

// put keeps s as v's (replacing what the project held) and drops the
// least recently used spaces past the bound.
func (c *spaceLRU) put(v explorer.ProjectSpaceVersion, s *Space) {
	c.remove(v.Project)
	n := s.HeapBytes()
	if n > c.max {
		return
	}
	c.items[v.Project] = c.order.PushFront(&lruItem{v: v, space: s, bytes: n})
	c.used += n
	for c.used > c.max {
		c.remove(c.order.Back().Value.(*lruItem).v.Project)
	}
}

func (c *spaceLRU) remove(project int64) {
	if el, ok := c.items[project]; ok {
		c.used -= el.Value.(*lruItem).bytes
		c.order.Remove(el)
		delete(c.items, project)
	}
}
