package wordspace

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"explorer"
)

// scanClock is a registry clock the test moves (the rescans' time).
type scanClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *scanClock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *scanClock) add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// spaceErr asks for lang's space and answers the error's message ("" when
// the space is served); any error but ECONFLICT fails the test.
func spaceErr(t *testing.T, r *Registry, lang string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	_, err := r.Space(ctx, lang)
	if err == nil {
		return ""
	}
	if explorer.ErrorCode(err) != explorer.ECONFLICT {
		t.Fatalf("%s: %v", lang, err)
	}
	return explorer.ErrorMessage(err)
}

// TestMythesFailedNotListed: a thesaurus file of the folder that fails to
// load (corrupt) is no longer listed as available once it failed, its own
// 409 says it failed, and the message names the configured folder, never
// its path; the corrected file is read again after the rescan interval.
func TestMythesFailedNotListed(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "th_sv_SE_v2.dat"), swedishDat(t), 0o644)
	os.WriteFile(filepath.Join(dir, "th_de_DE_v2.dat"), []byte("UTF-8\ngut|1\n"), 0o644) // corrupt: no sense line
	clock := &scanClock{t: time.Unix(1e9, 0)}
	r := NewRegistry(nil)
	r.now, r.MythesRescan = clock.now, time.Second
	if err := r.LoadMythesDir(dir); err != nil {
		t.Fatal(err)
	}
	// Before its first use a thesaurus counts as available: it is read then.
	msg := spaceErr(t, r, "FR")
	if !strings.Contains(msg, "put its thesaurus (th_fr_*.dat, as the Debian package mythes-fr installs it) in the configured thesaurus folder") || !strings.HasSuffix(msg, "available: DE, SV") || strings.Contains(msg, dir) {
		t.Fatalf("FR before DE was used: %q", msg)
	}
	msg = spaceErr(t, r, "de")
	if !strings.Contains(msg, "the thesaurus for DE in the configured thesaurus folder failed to load") || !strings.HasSuffix(msg, "available: SV") || strings.Contains(msg, dir) {
		t.Fatalf("DE: %q", msg)
	}
	clock.add(2 * time.Second) // a rescan finds the same broken file: not registered again
	if msg = spaceErr(t, r, "FR"); !strings.HasSuffix(msg, "available: SV") {
		t.Fatalf("FR after DE failed: %q", msg)
	}
	if st := statusOf(r, "DE"); st.Ready || st.Error == "" {
		t.Fatalf("DE status %+v", st)
	}
	// The file corrected: found at the next rescan.
	os.WriteFile(filepath.Join(dir, "th_de_DE_v2.dat"), []byte("UTF-8\ngut|1\n-|fein|schön\n"), 0o644)
	if msg = spaceErr(t, r, "DE"); msg == "" {
		t.Fatal("corrected DE served before the rescan interval passed")
	}
	clock.add(2 * time.Second)
	if msg = spaceErr(t, r, "DE"); msg != "" {
		t.Fatalf("corrected DE: %q", msg)
	}
}

// TestMythesInstalledAfterStart: a thesaurus put in the folder after the
// registry read it is found on the first request after the rescan
// interval, without a restart; within the interval the folder is not read
// again, and the 409 says what was looked for.
func TestMythesInstalledAfterStart(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "th_sv_SE_v2.dat"), swedishDat(t), 0o644)
	clock := &scanClock{t: time.Unix(1e9, 0)}
	r := NewRegistry(nil)
	r.now, r.MythesRescan = clock.now, 50*time.Millisecond
	if err := r.LoadMythesDir(dir); err != nil {
		t.Fatal(err)
	}
	want := "no word space for language DA: put its thesaurus (th_da_*.dat, as the Debian package mythes-da installs it) in the configured thesaurus folder (found within 50ms, no restart needed); available: SV"
	if msg := spaceErr(t, r, "da"); msg != want {
		t.Fatalf("DA before: %q", msg)
	}
	os.WriteFile(filepath.Join(dir, "th_da_DK.dat"), []byte("UTF-8\ngod|1\n-|fin|flot\n"), 0o644)
	clock.add(40 * time.Millisecond)
	if msg := spaceErr(t, r, "DA"); msg != want {
		t.Fatalf("DA within the interval: %q", msg)
	}
	clock.add(20 * time.Millisecond)
	if msg := spaceErr(t, r, "DA"); msg != "" {
		t.Fatalf("DA after the interval: %q", msg)
	}
	sug, err := r.Suggest(context.Background(), "DA", []explorer.WeightedTerm{{Term: "god", Weight: 1}}, nil, 5)
	if err != nil || len(sug) == 0 {
		t.Fatalf("DA suggestions %+v, %v", sug, err)
	}
	// Without a thesaurus folder the 409 says nothing of one.
	bare := NewRegistry(nil)
	if msg := spaceErr(t, bare, "DA"); msg != "no word space for language DA; no language has one" {
		t.Fatalf("no folder: %q", msg)
	}
}

// A word space file put in the word space folder after start is found on
// the first request after the rescan interval, without a restart; the 409
// before names the file to put there (issue 33), and the system thesaurus
// folder's 409 names the Debian package.
func TestWordSpaceDirAddedAfterStart(t *testing.T) {
	dir := t.TempDir()
	clock := &scanClock{t: time.Unix(1e9, 0)}
	r := NewRegistry(nil)
	r.now, r.MythesRescan = clock.now, 50*time.Millisecond
	r.CacheDir = t.TempDir()
	if err := r.LoadDir(dir); err != nil {
		t.Fatal(err)
	}
	want := "no word space for language SV: put a word space file named sv.vec in the configured word space folder (found within 50ms, no restart needed); no language has one"
	if msg := spaceErr(t, r, "SV"); msg != want {
		t.Fatalf("SV before: %q", msg)
	}
	os.WriteFile(filepath.Join(dir, "sv.dat"), swedishDat(t), 0o644)
	clock.add(60 * time.Millisecond)
	if msg := spaceErr(t, r, "SV"); msg != "" {
		t.Fatalf("SV after the interval: %q", msg)
	}
	sys := NewRegistry(nil)
	sys.mythesDir = SystemMythesDir
	if msg := spaceErr(t, sys, "DE"); !strings.Contains(msg, "install the Debian package mythes-de (found within") || strings.Contains(msg, SystemMythesDir) {
		t.Fatalf("system folder: %q", msg)
	}
}
