package main

import (
	"archive/tar"
	"archive/zip"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"path"
	"slices"
	"strings"
	"time"
)

// entry is one file of an archive: its name inside the archive's folder,
// where its bytes are, and whether it is executable.
type entry struct {
	Name, Source string
	Exec         bool
}

// writeArchive writes the entries under the folder dir, sorted by name,
// every one stamped with mtime, owned by 0:0, mode 0755 or 0644: the
// same inputs make the same bytes on any machine. A name ending in .zip
// makes a zip file, else a gzipped tar.
func writeArchive(out, dir string, entries []entry, mtime time.Time) error {
	entries = slices.Clone(entries)
	slices.SortFunc(entries, func(a, b entry) int { return strings.Compare(a.Name, b.Name) })
	f, err := os.Create(out)
	if err != nil {
		return err
	}
	if strings.HasSuffix(out, ".zip") {
		err = writeZip(f, dir, entries, mtime)
	} else {
		err = writeTarGz(f, dir, entries, mtime)
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(out)
	}
	return err
}

func modeOf(e entry) int64 {
	if e.Exec {
		return 0o755
	}
	return 0o644
}

func writeTarGz(w io.Writer, dir string, entries []entry, mtime time.Time) error {
	gz, err := gzip.NewWriterLevel(w, gzip.BestCompression)
	if err != nil {
		return err
	}
	gz.ModTime = mtime // the header's time, not the build's
	tw := tar.NewWriter(gz)
	hdr := func(name string, mode int64, size int64, typ byte) *tar.Header {
		return &tar.Header{Name: name, Mode: mode, Size: size, Typeflag: typ, ModTime: mtime,
			Uname: "root", Gname: "root", Format: tar.FormatPAX}
	}
	if err := tw.WriteHeader(hdr(dir+"/", 0o755, 0, tar.TypeDir)); err != nil {
		return err
	}
	for _, e := range entries {
		if err := copyInto(e, func(size int64) (io.Writer, error) {
			return tw, tw.WriteHeader(hdr(path.Join(dir, e.Name), modeOf(e), size, tar.TypeReg))
		}); err != nil {
			return err
		}
	}
	if err := tw.Close(); err != nil {
		return err
	}
	return gz.Close()
}

func writeZip(w io.Writer, dir string, entries []entry, mtime time.Time) error {
	zw := zip.NewWriter(w)
	for _, e := range entries {
		h := &zip.FileHeader{Name: path.Join(dir, e.Name), Method: zip.Deflate, Modified: mtime}
		h.SetMode(os.FileMode(modeOf(e)))
		if err := copyInto(e, func(int64) (io.Writer, error) { return zw.CreateHeader(h) }); err != nil {
			return err
		}
	}
	return zw.Close()
}

// copyInto copies the entry's file into the writer open gives for its
// size.
func copyInto(e entry, open func(size int64) (io.Writer, error)) error {
	src, err := os.Open(e.Source)
	if err != nil {
		return err
	}
	defer src.Close()
	st, err := src.Stat()
	if err != nil {
		return err
	}
	w, err := open(st.Size())
	if err != nil {
		return err
	}
	if n, err := io.Copy(w, src); err != nil || n != st.Size() {
		return fmt.Errorf("archiving %s: %d of %d bytes: %v", e.Source, n, st.Size(), err)
	}
	return nil
}
