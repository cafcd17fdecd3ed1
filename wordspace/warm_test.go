package wordspace

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"explorer"
)

// WarmCaches builds the cache of each thesaurus registered for first use
// without loading the space (nothing is kept in memory), and a
// language's first use then reads that cache instead of building it.
func TestWarmCachesBuildsMissingCaches(t *testing.T) {
	dir, cache := t.TempDir(), t.TempDir()
	os.WriteFile(filepath.Join(dir, "th_sv_SE_v2.dat"), swedishDat(t), 0o644)
	os.WriteFile(filepath.Join(dir, "th_da_DK.dat"), []byte("UTF-8\ngod|1\n-|fin|flot\n"), 0o644)
	r := NewRegistry(nil)
	r.CacheDir = cache
	if err := r.LoadMythesDir(dir); err != nil {
		t.Fatal(err)
	}
	r.WarmCaches(context.Background())
	stamps := map[string]os.FileInfo{}
	for _, l := range []string{"SV", "DA"} {
		files, _ := filepath.Glob(filepath.Join(cache, l+"-*.wordspace"))
		if len(files) != 1 {
			t.Fatalf("%s caches: %v", l, files)
		}
		stamps[l], _ = os.Stat(files[0])
		if e := r.langs[l]; e.done() || e.space.Load() != nil {
			t.Fatalf("%s was loaded by the warm-up", l)
		}
	}
	sug, err := r.Suggest(context.Background(), "DA", []explorer.WeightedTerm{{Term: "god", Weight: 1}}, nil, 5)
	if err != nil || len(sug) == 0 {
		t.Fatalf("DA suggestions %+v, %v", sug, err)
	}
	files, _ := filepath.Glob(filepath.Join(cache, "DA-*.wordspace"))
	if st, _ := os.Stat(files[0]); len(files) != 1 || !st.ModTime().Equal(stamps["DA"].ModTime()) {
		t.Fatalf("the first use wrote the cache again: %v", files)
	}
}

// collectOftenCalls is how many times collectOften was called.
func collectOftenCalls() int {
	converting.Lock()
	defer converting.Unlock()
	return converting.began
}

// A thesaurus's space is built into the cache without making the
// collector run often for the whole process (WarmCaches does that at
// every start); a text source's conversion still does.
func TestThesaurusCacheKeepsGOGC(t *testing.T) {
	dir, cache := t.TempDir(), t.TempDir()
	os.WriteFile(filepath.Join(dir, "th_da_DK.dat"), []byte("UTF-8\ngod|1\n-|fin|flot\n"), 0o644)
	r := NewRegistry(nil)
	r.CacheDir = cache
	if err := r.LoadMythesDir(dir); err != nil {
		t.Fatal(err)
	}
	before := collectOftenCalls()
	r.WarmCaches(context.Background())
	if files, _ := filepath.Glob(filepath.Join(cache, "DA-*.wordspace")); len(files) != 1 {
		t.Fatalf("DA caches: %v", files)
	}
	if n := collectOftenCalls() - before; n != 0 {
		t.Errorf("building a thesaurus's cache called collectOften %d times", n)
	}
	vec := filepath.Join(dir, "en.vec")
	os.WriteFile(vec, []byte("3 2\ngood 1 0\nfine 0.9 0.1\nbad -1 0\n"), 0o644)
	before = collectOftenCalls()
	if _, err := OpenServed(context.Background(), vec, cache, LoadOptions{Lang: "EN"}); err != nil {
		t.Fatal(err)
	}
	if collectOftenCalls() == before {
		t.Error("converting a text source did not make the collector run often")
	}
}

// WarmCaches returns the builds' memory to the system once it built a
// cache (no request follows the builds to make the idle server do it),
// and not when there was nothing to build.
func TestWarmCachesReturnsMemory(t *testing.T) {
	calls := 0
	defer func(f func()) { returnMemory = f }(returnMemory)
	returnMemory = func() { calls++ }
	dir, cache := t.TempDir(), t.TempDir()
	os.WriteFile(filepath.Join(dir, "th_da_DK.dat"), []byte("UTF-8\ngod|1\n-|fin|flot\n"), 0o644)
	for round, want := range []int{1, 1} {
		r := NewRegistry(nil)
		r.CacheDir = cache
		if err := r.LoadMythesDir(dir); err != nil {
			t.Fatal(err)
		}
		r.WarmCaches(context.Background())
		if calls != want {
			t.Fatalf("round %d: memory returned %d times, want %d", round, calls, want)
		}
	}
}
