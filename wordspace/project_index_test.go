package wordspace

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"explorer"
)

// fakeClock is a settable clock for the index's freshness.
type fakeClock struct{ t time.Time }

func (c *fakeClock) now() time.Time { return c.t }

func suggestsZorblax(t *testing.T, ps *ProjectSpaces, account int64) bool {
	t.Helper()
	got, err := ps.SuggestFromProjects(context.Background(), account, "EN", []explorer.WeightedTerm{{Term: "coffee", Weight: 1}}, nil, 5)
	if err != nil {
		t.Fatal(err)
	}
	return slices.ContainsFunc(got, func(sg explorer.PoleSuggestion) bool { return sg.Term == "zorblax" })
}

// A suggestion finds the account's spaces in the index in memory, not in
// a listing of the folder: between two readings of the folder's time
// (ProjectIndexTTL) it reads no file, so the folder moved away does not
// change its answer; once the TTL passed, the folder is looked at again
// and a space gone is no longer suggested from.
func TestProjectSpaceLookupIsInMemory(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "spaces")
	clock := &fakeClock{t: time.Unix(1_000_000, 0)}
	ps := NewProjectSpaces(dir)
	ps.Clock = clock.now
	if _, err := ps.BuildProjectSpace(context.Background(), 7, 70, "EN", eachText(projectTexts(600, 1)), nil); err != nil {
		t.Fatal(err)
	}
	if !suggestsZorblax(t, ps, 7) {
		t.Fatal("the built space is not suggested from")
	}
	if err := os.Rename(dir, dir+".moved"); err != nil {
		t.Fatal(err)
	}
	for range 100 {
		if !suggestsZorblax(t, ps, 7) {
			t.Fatal("a suggestion within the TTL read the folder")
		}
	}
	if has, err := ps.AnyProjectSpaces("en"); err != nil || !has {
		t.Fatalf("any EN spaces: %v %v", has, err)
	}
	clock.t = clock.t.Add(ProjectIndexTTL)
	if suggestsZorblax(t, ps, 7) {
		t.Fatal("the folder gone, its space is still suggested from past the TTL")
	}
	if has, _ := ps.AnyProjectSpaces("EN"); has {
		t.Fatal("any EN spaces, with the folder gone")
	}
}

// Several instances (or the command line) share the folder: a space
// another one built, replaced or removed is seen once the TTL passed
// (by the folder's time), and a replaced file is read again (by its size
// and time), not served from the cache.
func TestProjectSpaceSeesOtherInstances(t *testing.T) {
	dir := t.TempDir()
	clock := &fakeClock{t: time.Unix(1_000_000, 0)}
	a, b := NewProjectSpaces(dir), NewProjectSpaces(dir)
	a.Clock, b.Clock = clock.now, clock.now
	if suggestsZorblax(t, b, 7) {
		t.Fatal("nothing built yet")
	}
	if _, err := a.BuildProjectSpace(context.Background(), 7, 70, "EN", eachText(projectTexts(600, 1)), nil); err != nil {
		t.Fatal(err)
	}
	clock.t = clock.t.Add(ProjectIndexTTL)
	if !suggestsZorblax(t, b, 7) {
		t.Fatal("a space another instance built is not seen past the TTL")
	}
	// Replaced by texts without the made-up word.
	noZ := projectTexts(600, 2)
	for i := range noZ {
		noZ[i] = strings.ReplaceAll(noZ[i], "zorblax", "cocoa")
	}
	if _, err := a.BuildProjectSpace(context.Background(), 7, 70, "EN", eachText(noZ), nil); err != nil {
		t.Fatal(err)
	}
	clock.t = clock.t.Add(ProjectIndexTTL)
	if suggestsZorblax(t, b, 7) {
		t.Fatal("the replaced space is still served from the cache")
	}
	if err := a.RemoveProjectSpace(7, 70); err != nil {
		t.Fatal(err)
	}
	clock.t = clock.t.Add(ProjectIndexTTL)
	if has, _ := b.AnyProjectSpaces("EN"); has {
		t.Fatal("a removed space is still indexed past the TTL")
	}
}

// Hostile files in the folder (names not ACCOUNT-PROJECT, a damaged or
// truncated space, a folder named like a space) are left out of the
// index: the account's good space still answers.
func TestProjectSpaceIndexSkipsHostileFiles(t *testing.T) {
	dir := t.TempDir()
	ps := NewProjectSpaces(dir)
	if _, err := ps.BuildProjectSpace(context.Background(), 7, 70, "EN", eachText(projectTexts(600, 1)), nil); err != nil {
		t.Fatal(err)
	}
	good, err := os.ReadFile(ps.path(7, 70))
	if err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string][]byte{
		"7-71.wordspace":  []byte("not a word space at all"),
		"7-72.wordspace":  good[:headerSize/2],
		"7-x.wordspace":   good,
		"-7-1.wordspace":  good,
		"7-0.wordspace":   good,
		"7-73.wordspace~": good,
	} {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Mkdir(filepath.Join(dir, "7-74.wordspace"), 0o755); err != nil {
		t.Fatal(err)
	}
	ps.invalidate("")
	if !suggestsZorblax(t, ps, 7) {
		t.Fatal("the good space does not answer beside hostile files")
	}
	ps.mu.Lock()
	n := len(ps.index.files)
	ps.mu.Unlock()
	if n != 1 {
		t.Fatalf("%d files indexed, want 1", n)
	}
}

// Loaded spaces are held up to the bound in bytes, the least recently
// used dropped first; a space larger than the bound is used, not kept.
func TestProjectSpaceCacheBoundedInBytes(t *testing.T) {
	dir := t.TempDir()
	probe := NewProjectSpaces(dir)
	if _, err := probe.BuildProjectSpace(context.Background(), 7, 70, "EN", eachText(projectTexts(600, 1)), nil); err != nil {
		t.Fatal(err)
	}
	one, err := Open(probe.path(7, 70), LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	size := one.HeapBytes()
	for i := int64(71); i < 75; i++ {
		if _, err := probe.BuildProjectSpace(context.Background(), 7, i, "EN", eachText(projectTexts(600, uint64(i))), nil); err != nil {
			t.Fatal(err)
		}
	}
	for _, bound := range []int64{size*2 + size/2, size / 2} {
		ps := newProjectSpacesBounded(dir, bound)
		for range 3 {
			if !suggestsZorblax(t, ps, 7) {
				t.Fatal("no suggestion from 5 spaces")
			}
		}
		ps.mu.Lock()
		used, held := ps.cache.used, len(ps.cache.items)
		ps.mu.Unlock()
		if used > bound || held > int(bound/size) {
			t.Errorf("bound %d: %d bytes held in %d spaces (one is %d)", bound, used, held, size)
		}
	}
}

// A space put in the folder in the same tick of the file system's clock
// as the last listing leaves the folder's time as it was: a listing made
// just after the folder changed is not trusted, and the next check lists
// again.
func TestProjectSpaceIndexRacyFolderTime(t *testing.T) {
	dir := t.TempDir()
	clock := &fakeClock{t: time.Unix(1_000_000, 0)}
	ps := NewProjectSpaces(dir)
	ps.Clock = clock.now
	if _, err := ps.BuildProjectSpace(context.Background(), 7, 70, "EN", eachText(projectTexts(600, 1)), nil); err != nil {
		t.Fatal(err)
	}
	if suggestsZorblax(t, ps, 8) {
		t.Fatal("account 8 has no space yet")
	}
	st, err := os.Stat(dir)
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(ps.path(7, 70))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "8-80.wordspace"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(dir, st.ModTime(), st.ModTime()); err != nil {
		t.Fatal(err)
	}
	clock.t = clock.t.Add(ProjectIndexTTL)
	if !suggestsZorblax(t, ps, 8) {
		t.Fatal("a space written in the listing's tick is never seen")
	}
}
