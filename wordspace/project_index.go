package wordspace

import (
	"container/list"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// The project spaces an account has in a language are found in an index
// in memory, not by listing the folder at each suggestion. The index is
// read again (one listing, and the header of each file new or changed
// since) when this process built or removed a space, and, for the spaces
// another process wrote to the same folder (the command line, another
// instance sharing it), when the folder's modification time changed: a
// file created, replaced (renamed over) or removed changes it. That time
// is read at most once per ProjectIndexTTL, so a space built elsewhere
// takes part at most that long after it was written.

// A folder's time has the file system's granularity (a kernel tick, a
// few milliseconds, on Linux; coarser elsewhere): a file renamed into it
// in the same tick as the listing, just after it, leaves the time as it
// was. A listing made less than projectRacyAge after the folder's time
// is therefore not trusted: the next check after the TTL lists again
// (as git does with its racily clean index).
const projectRacyAge = 2 * time.Second

// ProjectIndexTTL is how long the index is trusted before the folder's
// modification time is read again.
const ProjectIndexTTL = 2 * time.Second

// ProjectCacheBytes is the default bound of the memory held by the
// project spaces loaded (LRU): seven of the largest (30,000 words, 36
// MB once read).
const ProjectCacheBytes = 256 << 20

// projectFile is a project space file as the index knows it.
type projectFile struct {
	account, project int64
	lang             string
	path             string
	size             int64
	mtime            int64 // unix nanoseconds
}

// fileStamp tells whether two readings are of the same file contents.
type fileStamp struct{ size, mtime int64 }

func (f projectFile) stamp() fileStamp { return fileStamp{f.size, f.mtime} }

type accountLang struct {
	account int64
	lang    string
}

// projectIndex is the folder as last listed.
type projectIndex struct {
	dirTime time.Time // the folder's modification time when listed
	racy    bool      // listed too soon after dirTime to trust it
	checked time.Time // when it was last compared (the clock's time)
	byKey   map[accountLang][]projectFile
	langs   map[string]int         // files by language
	files   map[string]projectFile // by path
}

// parseProjectName reads ACCOUNT-PROJECT.wordspace.
func parseProjectName(name string) (account, project int64, ok bool) {
	base, found := strings.CutSuffix(name, ".wordspace")
	a, p, cut := strings.Cut(base, "-")
	if !found || !cut {
		return 0, 0, false
	}
	account, err1 := strconv.ParseInt(a, 10, 64)
	project, err2 := strconv.ParseInt(p, 10, 64)
	return account, project, err1 == nil && err2 == nil && account > 0 && project > 0
}

// readProjectIndex lists dir; the languages of files unchanged since old
// are taken from it, the others from their headers. A missing folder is
// an empty index.
func readProjectIndex(dir string, old *projectIndex) (*projectIndex, error) {
	ix := &projectIndex{byKey: map[accountLang][]projectFile{}, langs: map[string]int{}, files: map[string]projectFile{}}
	st, err := os.Stat(dir)
	if errors.Is(err, os.ErrNotExist) {
		return ix, nil
	}
	if err != nil {
		return nil, err
	}
	ix.dirTime = st.ModTime()
	// The file system's clock, not the service's: it is what set dirTime.
	ix.racy = time.Since(ix.dirTime) < projectRacyAge
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	for _, de := range ents {
		a, p, ok := parseProjectName(de.Name())
		if !ok || de.IsDir() {
			continue
		}
		info, err := de.Info()
		if err != nil {
			continue // removed since the listing
		}
		f := projectFile{account: a, project: p, path: filepath.Join(dir, de.Name()), size: info.Size(), mtime: info.ModTime().UnixNano()}
		if prev, ok := old.file(f.path); ok && prev.stamp() == f.stamp() {
			f.lang = prev.lang
		} else if f.lang, err = headerLang(f.path); err != nil {
			continue // damaged or being replaced: not a space to suggest from
		}
		k := accountLang{a, f.lang}
		ix.byKey[k] = append(ix.byKey[k], f)
		ix.files[f.path] = f
		ix.langs[f.lang]++
	}
	return ix, nil
}

func (ix *projectIndex) file(path string) (projectFile, bool) {
	if ix == nil {
		return projectFile{}, false
	}
	f, ok := ix.files[path]
	return f, ok
}

// headerLang reads the language of a space file from its header.
func headerLang(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return "", err
	}
	var h [headerSize]byte
	if _, err := io.ReadFull(f, h[:]); err != nil {
		return "", errors.New("word space file: truncated header")
	}
	L, err := parseOwnHeader(h[:], st.Size())
	if err != nil {
		return "", err
	}
	l, _ := NormalizeLang(L.lang)
	return l, nil
}

// spaceLRU holds loaded spaces up to max bytes (HeapBytes), the least
// recently used dropped first. A space larger than max alone is used
// and not kept. Not safe for concurrent use: ProjectSpaces locks it.
type spaceLRU struct {
	max, used int64
	order     *list.List // front: most recent; of *lruItem
	items     map[string]*list.Element
}

type lruItem struct {
	path  string
	stamp fileStamp
	space *Space
	bytes int64
}

func newSpaceLRU(max int64) *spaceLRU {
	return &spaceLRU{max: max, order: list.New(), items: map[string]*list.Element{}}
}

// get returns the space of path read with stamp, if held.
func (c *spaceLRU) get(path string, stamp fileStamp) *Space {
	el, ok := c.items[path]
	if !ok {
		return nil
	}
	it := el.Value.(*lruItem)
	if it.stamp != stamp {
		c.remove(path)
		return nil
	}
	c.order.MoveToFront(el)
	return it.space
}

// put keeps s (replacing what path held) and drops the least recently
// used spaces past the bound.
func (c *spaceLRU) put(path string, stamp fileStamp, s *Space) {
	c.remove(path)
	n := s.HeapBytes()
	if n > c.max {
		return
	}
	c.items[path] = c.order.PushFront(&lruItem{path: path, stamp: stamp, space: s, bytes: n})
	c.used += n
	for c.used > c.max {
		c.remove(c.order.Back().Value.(*lruItem).path)
	}
}

// keepOnly drops the spaces of files no longer listed.
func (c *spaceLRU) keepOnly(files map[string]projectFile) {
	for path := range c.items {
		if _, ok := files[path]; !ok {
			c.remove(path)
		}
	}
}

func (c *spaceLRU) remove(path string) {
	if el, ok := c.items[path]; ok {
		c.used -= el.Value.(*lruItem).bytes
		c.order.Remove(el)
		delete(c.items, path)
	}
}
