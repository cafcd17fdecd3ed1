package wordspace

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"explorer"
)

func writeSpaceFile(t *testing.T, path string, s *Space) {
	t.Helper()
	var buf bytes.Buffer
	if err := WriteSpace(&buf, s, WriteOptions{}); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

func waitReady(t *testing.T, r *Registry) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := r.Wait(ctx); err != nil {
		t.Fatal(err)
	}
}

func TestRegistryLoadingIs503ThenReady(t *testing.T) {
	r := NewRegistry(nil)
	release, started := make(chan struct{}), make(chan struct{})
	s := toySpace(t)
	r.start("SV", "test", true, func(_ context.Context, opt LoadOptions) (*Space, error) {
		opt.Progress(30, 100)
		close(started)
		<-release
		return s, nil
	})
	<-started
	_, err := r.Suggest(context.Background(), "sv", []explorer.WeightedTerm{{Term: "good", Weight: 1}}, nil, 5)
	var e *explorer.Error
	if !errors.As(err, &e) || e.Code != explorer.EUNAVAILABLE || e.RetryAfter <= 0 {
		t.Fatalf("while loading: %v", err)
	}
	st := r.Status()
	if len(st) != 1 || st[0].Language != "SV" || st[0].Ready || st[0].Progress < 0.29 || st[0].Progress > 0.31 {
		t.Fatalf("status while loading: %+v", st)
	}
	if r.Ready() {
		t.Fatal("Ready while loading")
	}
	close(release)
	waitReady(t, r)
	got, err := r.Suggest(context.Background(), "SV", []explorer.WeightedTerm{{Term: "good", Weight: 1}}, nil, 5)
	if err != nil || len(got) != 5 {
		t.Fatalf("after loading: %v, %v", got, err)
	}
	st = r.Status()
	if !st[0].Ready || st[0].Progress != 1 || st[0].Words != s.Len() {
		t.Fatalf("status when ready: %+v", st)
	}
	nb, err := r.Neighbours(context.Background(), "SV", "good", 2)
	if err != nil || len(nb) != 2 {
		t.Fatalf("neighbours: %v, %v", nb, err)
	}
}

func TestRegistryUnknownLanguageIs409NamingAvailable(t *testing.T) {
	r := NewRegistry(nil)
	_, err := r.Suggest(context.Background(), "DE", nil, nil, 5)
	if explorer.ErrorCode(err) != explorer.ECONFLICT {
		t.Fatalf("empty registry: %v", err)
	}
	dir := t.TempDir()
	writeSpaceFile(t, filepath.Join(dir, "sv.wordspace"), toySpace(t))
	writeSpaceFile(t, filepath.Join(dir, "FR.wordspace"), toySpace(t))
	if err := r.LoadDir(dir); err != nil {
		t.Fatal(err)
	}
	waitReady(t, r)
	_, err = r.Suggest(context.Background(), "de", nil, nil, 5)
	if explorer.ErrorCode(err) != explorer.ECONFLICT || !strings.Contains(explorer.ErrorMessage(err), "FR, SV") {
		t.Fatalf("unknown language: %v", err)
	}
	_, err = r.Neighbours(context.Background(), "DE", "x", 5)
	if explorer.ErrorCode(err) != explorer.ECONFLICT {
		t.Fatalf("neighbours of unknown language: %v", err)
	}
}

func TestRegistryFailedLoad(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "secret-folder", "en.vec")
	os.MkdirAll(filepath.Dir(bad), 0o755)
	os.WriteFile(bad, []byte("not a vector file\n"), 0o644)
	r := NewRegistry(nil)
	if err := r.LoadFile("en", bad); err != nil {
		t.Fatal(err)
	}
	waitReady(t, r)
	st := r.Status()
	if len(st) != 1 || st[0].Ready || st[0].Error == "" || strings.Contains(st[0].Error, "secret-folder") {
		t.Fatalf("status: %+v", st)
	}
	if _, err := r.Suggest(context.Background(), "EN", nil, nil, 5); explorer.ErrorCode(err) != explorer.ECONFLICT {
		t.Fatalf("failed language: %v", err)
	}
	if err := r.LoadFile("english", bad); err == nil {
		t.Fatal("bad language code accepted")
	}
}

func TestRegistryExplicitFileWinsOverDirAndDefault(t *testing.T) {
	dir := t.TempDir()
	small := mustNew(t, []string{"one", "two", "three"}, [][]float32{{1, 0}, {0, 1}, {1, 1}}, nil)
	explicit := filepath.Join(t.TempDir(), "mine.wordspace")
	writeSpaceFile(t, explicit, small)
	writeSpaceFile(t, filepath.Join(dir, "en.wordspace"), toySpace(t))
	os.WriteFile(filepath.Join(dir, "README.txt"), []byte("not a space"), 0o644)
	os.WriteFile(filepath.Join(dir, "en.counts"), []byte("good 5\n"), 0o644)
	r := NewRegistry(nil)
	r.LoadFile("EN", explicit)
	r.LoadDir(dir)
	r.LoadDefault()
	waitReady(t, r)
	st := statusOf(r, "EN")
	if st.Words != 3 {
		t.Fatalf("status: %+v", st)
	}
}

func TestRegistryDefaultEnglish(t *testing.T) {
	r := NewRegistry(nil)
	r.LoadDefault()
	waitReady(t, r)
	st := statusOf(r, "EN")
	if st.Language != "EN" || !st.Ready || st.Words < 20000 {
		t.Fatalf("status: %+v", st)
	}
}

// statusOf returns the status of lang in r.
func statusOf(r *Registry, lang string) explorer.WordSpaceStatus {
	for _, st := range r.Status() {
		if st.Language == lang {
			return st
		}
	}
	return explorer.WordSpaceStatus{}
}

func TestNormalizeLang(t *testing.T) {
	for in, ok := range map[string]bool{"en": true, " SV ": true, "eng": false, "e1": false, "": false} {
		if _, got := NormalizeLang(in); got != ok {
			t.Errorf("NormalizeLang(%q) ok = %v", in, got)
		}
	}
}

func TestParseSpec(t *testing.T) {
	l, p, err := ParseSpec("sv=/data/sv.vec")
	if err != nil || l != "SV" || p != "/data/sv.vec" {
		t.Fatalf("%q %q %v", l, p, err)
	}
	for _, bad := range []string{"sv", "=x", "swe=/x", "SV="} {
		if _, _, err := ParseSpec(bad); err == nil {
			t.Errorf("ParseSpec(%q) accepted", bad)
		}
	}
}

// Searches beyond the cores wait their turn; one whose request ends while
// waiting answers EUNAVAILABLE.
func TestRegistryAdmitsSearchesInTurn(t *testing.T) {
	r := NewRegistry(nil)
	if err := r.Add(toySpace(t)); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < cap(r.slots); i++ {
		r.slots <- struct{}{}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	_, err := r.Suggest(ctx, toySpace(t).Lang(), []explorer.WeightedTerm{{Term: "good", Weight: 1}}, nil, 5)
	if explorer.ErrorCode(err) != explorer.EUNAVAILABLE {
		t.Fatalf("a search past the slots: %v", err)
	}
	<-r.slots
	if _, err := r.Suggest(context.Background(), toySpace(t).Lang(), []explorer.WeightedTerm{{Term: "good", Weight: 1}}, nil, 5); err != nil {
		t.Fatalf("with a free slot: %v", err)
	}
}

// A search alone uses every core; searches running together share them,
// so that they never ask for more goroutines than there are cores.
func TestRegistrySharesCoresAmongSearches(t *testing.T) {
	r := NewRegistry(nil)
	first, err := r.admit(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if got := searchWorkers(first); got != workers() {
		t.Fatalf("alone: %d goroutines, want %d", got, workers())
	}
	if cap(r.slots) < 2 {
		t.Skip("one core: one search at a time")
	}
	second, err := r.admit(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if got := searchWorkers(second); got != max(1, workers()/2) {
		t.Fatalf("with another running: %d goroutines, want %d", got, workers()/2)
	}
	<-r.slots
	<-r.slots
	if got := searchWorkers(context.Background()); got != workers() {
		t.Fatalf("outside the registry: %d goroutines", got)
	}
}

// An embedded space is registered ready but loaded at its first use; a
// code read as another language (NB as NO) and an unknown one do not load
// it.
func TestRegistryEmbeddedLoadsAtFirstUse(t *testing.T) {
	r := NewRegistry(nil)
	r.LoadDefault()
	if !r.Ready() {
		t.Fatal("not ready before the first use")
	}
	r.mu.RLock()
	e := r.langs["EN"]
	r.mu.RUnlock()
	if e == nil || e.space.Load() != nil {
		t.Fatal("the embedded space loaded before its first use")
	}
	en := func() explorer.WordSpaceStatus {
		for _, st := range r.Status() {
			if st.Language == "EN" {
				return st
			}
		}
		return explorer.WordSpaceStatus{}
	}
	if st := en(); !st.Ready || st.Words < 20000 || st.State() != explorer.SpaceOnFirstUse {
		t.Fatalf("status before use: %+v", r.Status())
	}
	if _, err := r.Space(context.Background(), "qq"); err == nil || e.space.Load() != nil {
		t.Fatalf("an unknown language: %v, loaded %v", err, e.space.Load() != nil)
	}
	s, err := r.Space(context.Background(), "en")
	if err != nil || s.Len() != en().Words || en().State() != explorer.SpaceReady {
		t.Fatalf("first use: %v %+v", err, en())
	}
	if s2, _ := r.Space(context.Background(), "EN"); s2 != s {
		t.Error("loaded twice")
	}
}
