package main

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestParseSourceInfo(t *testing.T) {
	commit := strings.Repeat("ab", 20)
	for _, tt := range []struct {
		in, version string
		ok          bool
	}{
		{"v1.2.0 " + commit + " 1764300000\n", "v1.2.0", true},
		{"v1.2.0-3-gabababa " + commit + " 1764300000", "v1.2.0-3-gabababa", true},
		{commit + " 1764300000", commit[:12], true}, // no tag reachable
		{"$Format:%(describe:tags) %H %ct$\n", "", false},
		{"v1 abc 1764300000", "", false},
		{"v1 " + commit + " yesterday", "", false},
		{"", "", false},
	} {
		in, err := parseSourceInfo(tt.in)
		if (err == nil) != tt.ok || in.Version != tt.version {
			t.Errorf("%q: %+v %v", tt.in, in, err)
		}
		if tt.ok && (in.Commit != commit || !in.Time.Equal(time.Unix(1764300000, 0))) {
			t.Errorf("%q: %+v", tt.in, in)
		}
	}
}

// TestArchivesAreReproducible: the same files, touched at other times,
// make the same bytes; entries are sorted, stamped with the given time,
// owned by root, 0755 for the binary and 0644 for the rest.
func TestArchivesAreReproducible(t *testing.T) {
	dir := t.TempDir()
	write := func(name, content string, at time.Time) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(p, at, at); err != nil {
			t.Fatal(err)
		}
		return p
	}
	stamp := time.Date(2026, 11, 28, 3, 0, 0, 0, time.UTC)
	for _, ext := range []string{".tar.gz", ".zip"} {
		var outs [][]byte
		for i, at := range []time.Time{time.Now(), time.Now().Add(-48 * time.Hour)} {
			entries := []entry{
				{Name: "README.md", Source: write("readme", "read me", at)},
				{Name: "app", Source: write("bin", "\x7fELF", at), Exec: true},
			}
			out := filepath.Join(dir, "a"+string(rune('0'+i))+ext)
			if err := writeArchive(out, "app-v1-linux-amd64", entries, stamp); err != nil {
				t.Fatal(err)
			}
			b, _ := os.ReadFile(out)
			outs = append(outs, b)
		}
		if !bytes.Equal(outs[0], outs[1]) {
			t.Fatalf("%s: two archives of the same files differ", ext)
		}
		checkEntries(t, ext, outs[0], stamp)
	}
}

func checkEntries(t *testing.T, ext string, data []byte, stamp time.Time) {
	t.Helper()
	type file struct {
		name string
		mode os.FileMode
		at   time.Time
	}
	var got []file
	if ext == ".zip" {
		zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range zr.File {
			got = append(got, file{f.Name, f.Mode().Perm(), f.Modified})
		}
	} else {
		gz, err := gzip.NewReader(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		tr := tar.NewReader(gz)
		for {
			h, err := tr.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatal(err)
			}
			if h.Uid != 0 || h.Gid != 0 || h.Uname != "root" {
				t.Fatalf("%s owned by %d/%s", h.Name, h.Uid, h.Uname)
			}
			if h.Typeflag == tar.TypeReg {
				got = append(got, file{h.Name, os.FileMode(h.Mode).Perm(), h.ModTime})
			}
		}
	}
	want := []file{{"app-v1-linux-amd64/README.md", 0o644, stamp}, {"app-v1-linux-amd64/app", 0o755, stamp}}
	if len(got) != len(want) {
		t.Fatalf("%s: entries %+v", ext, got)
	}
	for i := range want {
		if got[i].name != want[i].name || got[i].mode != want[i].mode || !got[i].at.Equal(want[i].at) {
			t.Fatalf("%s: entry %+v, want %+v", ext, got[i], want[i])
		}
	}
}

// TestRebuildIsIdentical: a program's release archive rebuilt with an
// empty build cache (as make release-check does for explorer) has the
// same bytes.
func TestRebuildIsIdentical(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program twice")
	}
	root := t.TempDir()
	files := map[string]string{
		"go.mod":       "module example.com/app\n\ngo 1.26.0\n",
		"app/main.go":  "package main\n\nimport \"os\"\n\nvar version, commit, date string\n\nfunc main() { os.Stdout.WriteString(version + \" \" + commit + \" \" + date) }\n",
		"README.md":    "read me\n",
		"CHANGELOG.md": "# Changelog\n",
	}
	for name, content := range files {
		p := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	in, err := parseSourceInfo("v0.1.0 " + strings.Repeat("cd", 20) + " 1764300000")
	if err != nil {
		t.Fatal(err)
	}
	p := plan{Root: root, Pkg: "./app", Name: "app", Info: in, Docs: []string{"README.md", "CHANGELOG.md"}, Log: io.Discard}
	out := filepath.Join(t.TempDir(), "dist")
	var stdout bytes.Buffer
	if err := p.release(out, []target{{"linux", "amd64"}}, &stdout); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(stdout.String(), "app-v0.1.0-linux-amd64.tar.gz") {
		t.Fatalf("SHA256SUMS: %s", stdout.String())
	}
	stdout.Reset()
	if err := p.check(out, "linux/amd64", true, &stdout); err != nil {
		t.Fatal(err)
	}
	// A changed input is caught: the check is not a formality.
	if err := os.WriteFile(filepath.Join(root, "README.md"), []byte("changed\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := p.check(out, "linux/amd64", false, &stdout); err == nil || !strings.Contains(err.Error(), "differs") {
		t.Fatalf("a changed README passed the check: %v", err)
	}
}
