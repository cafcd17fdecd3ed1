package wordspace

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// writeVecFile writes s as a .vec file at path.
func writeVecFile(t *testing.T, path string, s *Space) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := WriteText(f, s); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}

// A text space is converted once into the cache folder, with its index
// when large, and opened from there until the source changes.
func TestOpenServedConvertsOnce(t *testing.T) {
	indexFrom(t, 1000)
	dir, cache := t.TempDir(), filepath.Join(t.TempDir(), "wordspaces")
	src := filepath.Join(dir, "sv.vec")
	orig := randomSpace(t, 3000, 16, 10, 5)
	writeVecFile(t, src, orig)
	ctx := context.Background()
	s, err := OpenServed(ctx, src, cache, LoadOptions{Lang: "SV"})
	if err != nil {
		t.Fatal(err)
	}
	if !s.HasIndex() || s.Len() != 3000 {
		t.Fatalf("served space: index %v, %d words", s.HasIndex(), s.Len())
	}
	files, _ := filepath.Glob(filepath.Join(cache, "SV-*.wordspace"))
	if len(files) != 1 {
		t.Fatalf("cache files %v", files)
	}
	// The second open reads the conversion and writes nothing.
	st := mustStat(t, src)
	before := mustStat(t, files[0])
	time.Sleep(10 * time.Millisecond)
	again, err := OpenServed(ctx, src, cache, LoadOptions{Lang: "SV"})
	if err != nil || !again.HasIndex() {
		t.Fatalf("second open: %v", err)
	}
	if after := mustStat(t, files[0]); !after.ModTime().Equal(before.ModTime()) || !os.SameFile(before, after) {
		t.Fatal("the conversion was made again")
	}
	if id, ok := again.Lookup("w42"); !ok || again.Word(id) != "w42" {
		t.Fatal("word lost in the conversion")
	}
	// A changed source is converted again and the old conversion removed.
	writeVecFile(t, src, randomSpace(t, 2000, 16, 10, 6))
	os.Chtimes(src, st.ModTime().Add(time.Minute), st.ModTime().Add(time.Minute))
	third, err := OpenServed(ctx, src, cache, LoadOptions{Lang: "SV"})
	if err != nil || third.Len() != 2000 {
		t.Fatalf("changed source: %v", err)
	}
	files2, _ := filepath.Glob(filepath.Join(cache, "SV-*.wordspace"))
	if len(files2) != 1 || files2[0] == files[0] {
		t.Fatalf("cache files after a change: %v (before %v)", files2, files)
	}
	// A damaged conversion is made again.
	os.WriteFile(files2[0], []byte("EXWSPACE garbage"), 0o644)
	if s, err := OpenServed(ctx, src, cache, LoadOptions{Lang: "SV"}); err != nil || s.Len() != 2000 {
		t.Fatalf("damaged conversion: %v", err)
	}
}

func mustStat(t *testing.T, p string) os.FileInfo {
	t.Helper()
	st, err := os.Stat(p)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// A large space is served only with its index: the registry is not ready
// before.
func TestRegistryReadyWithIndex(t *testing.T) {
	indexFrom(t, 1000)
	src := filepath.Join(t.TempDir(), "de.vec")
	writeVecFile(t, src, randomSpace(t, 2500, 16, 10, 8))
	r := NewRegistry(nil)
	r.CacheDir = filepath.Join(t.TempDir(), "cache")
	if err := r.LoadFile("de", src); err != nil {
		t.Fatal(err)
	}
	if err := r.Wait(context.Background()); err != nil {
		t.Fatal(err)
	}
	s, err := r.Space(context.Background(), "DE")
	if err != nil || !s.HasIndex() || !r.Ready() {
		t.Fatalf("space %v, ready %v", err, r.Ready())
	}
}
