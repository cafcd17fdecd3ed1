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
	os.WriteFile(filepath.Join(dir, "th_sv_SE_v2.dat"), latin1(t, swedishDat()), 0o644)
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
