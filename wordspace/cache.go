package wordspace

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"sync"
)

// A word space configured as a text file (.vec, GloVe, word2vec) or a
// thesaurus is parsed once: the space, with its approximate index when it
// is large, is written in the own format to the registry's cache folder
// and opened from there on later starts. The cached file is named by the language, a hash of the
// source's absolute path, and the source's (and its counts file's) size
// and modification time, so that a changed source is converted again; the
// older conversions of the same source are removed.

// cacheName returns the cache file name of a source, and the prefix shared
// by every conversion of it.
func cacheName(lang, path string) (name, prefix string, err error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", "", err
	}
	sum := sha256.Sum256([]byte(abs))
	prefix = lang + "-" + hex.EncodeToString(sum[:8]) + "-"
	key := ""
	for _, p := range []string{path, companionCounts(path)} {
		if p == "" {
			continue
		}
		st, err := os.Stat(p)
		if err != nil {
			return "", "", err
		}
		key += fmt.Sprintf("%x.%x.", st.Size(), st.ModTime().UnixNano())
	}
	return prefix + strings.TrimSuffix(key, ".") + ".wordspace", prefix, nil
}

// thesaurusRules names the rules a thesaurus file is read and its space
// built with, in the names of the cached spaces built from one: a
// thesaurus read with other rules is built again ("vulgar": the words
// marked vulgar are left out, issue 33; "graph": the candidate lists are
// marked as a graph's order, which Suggest ranks by, round langs7;
// "senses": a shared synset weighs by its sense's reciprocity, round
// langs11). The
// embedded thesauri are named by a hash of their bytes (written with the
// reading rules of their build) and the rules too, for the building ones.
const thesaurusRules = "vulgar-graph-senses"

// sourceFormat is the format of the file at path (DetectFormat of its
// first bytes): a space in the own format is read in place, any other
// (a text or word2vec source, a thesaurus) is converted once into the
// cache folder. A thesaurus's space is cached too: building Portuguese's
// takes seconds, reading it back 20 ms (issue 33).
func sourceFormat(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	head := make([]byte, 256)
	n, _ := io.ReadFull(f, head)
	return DetectFormat(head[:n]), nil
}

// fromCache is the space of the cache file cached, which build makes and
// writes when the cache holds none (under cached's lock, so that a load and
// WarmCaches never build it twice). With open false the space is only
// built when the file is missing, and answered nil when it was there;
// built tells whether build ran.
func fromCache(cached string, open bool, opt LoadOptions, build func() (*Space, error)) (s *Space, built bool, err error) {
	defer cacheLocks.lock(cached)()
	if !open && exists(cached) {
		return nil, false, nil
	}
	if open {
		if s, err := Open(cached, opt); err == nil {
			return s, false, nil
		}
	}
	s, err = build()
	return s, err == nil, err
}

// openEmbeddedCached opens an embedded space: one in the own format in
// place, a thesaurus's space from its build in cacheDir (made at its first
// use, or before by WarmCaches, named by the language and a hash of the
// embedded bytes, so that a new binary with another thesaurus builds it
// again).
func openEmbeddedCached(ctx context.Context, e embeddedSpace, cacheDir string, opt LoadOptions) (*Space, error) {
	if _, _, inPlace := embeddedCache(e, cacheDir); inPlace {
		return OpenEmbedded(ctx, e, opt)
	}
	opt.Lang = e.Lang
	s, _, err := cachedEmbedded(ctx, e, cacheDir, true, opt)
	return s, err
}

// cachedEmbedded is fromCache for embedded space e, not read in place.
func cachedEmbedded(ctx context.Context, e embeddedSpace, cacheDir string, open bool, opt LoadOptions) (*Space, bool, error) {
	cached, prefix, _ := embeddedCache(e, cacheDir)
	return fromCache(cached, open, opt, func() (*Space, error) {
		s, err := OpenEmbedded(ctx, e, opt)
		if err != nil {
			return nil, err
		}
		if err := writeCache(cacheDir, cached, prefix, s); err != nil {
			return nil, fmt.Errorf("word space cache: %w", err)
		}
		return s, nil
	})
}

// embeddedCache is the cache file of an embedded space and the prefix of
// its builds; inPlace when it is read in place (the own format, or no
// cache folder).
func embeddedCache(e embeddedSpace, cacheDir string) (cached, prefix string, inPlace bool) {
	if cacheDir == "" || strings.HasPrefix(string(e.Data[:min(len(e.Data), len(magic))]), magic) {
		return "", "", true
	}
	sum := sha256.Sum256(e.Data)
	prefix = e.Lang + "-embedded-"
	return filepath.Join(cacheDir, prefix+hex.EncodeToString(sum[:8])+"."+thesaurusRules+".wordspace"), prefix, false
}

// OpenServed opens a space for serving: a text source through its
// conversion in cacheDir (made on the first start), and, for a large space
// without a stored index, with its clustered index built before it is
// returned, so that the space answers at its served speed once loaded.
// An empty cacheDir converts nothing.
func OpenServed(ctx context.Context, path, cacheDir string, opt LoadOptions) (*Space, error) {
	format, err := sourceFormat(path)
	if err != nil {
		return nil, err
	}
	if format == FormatOwn || cacheDir == "" {
		s, err := Open(path, opt)
		if err != nil {
			return nil, err
		}
		return servable(ctx, s)
	}
	s, _, err := cachedFile(ctx, path, format, cacheDir, true, opt)
	return s, err
}

// cachedFile is fromCache for the source at path, of format (not the own
// one), converted by convertToCache.
func cachedFile(ctx context.Context, path, format, cacheDir string, open bool, opt LoadOptions) (*Space, bool, error) {
	name, prefix, err := cacheName(opt.Lang, path)
	if err != nil {
		return nil, false, err
	}
	if format == FormatThesaurus {
		// The thesaurus reader's rules are part of what was built.
		name = strings.TrimSuffix(name, ".wordspace") + "." + thesaurusRules + ".wordspace"
	}
	cached := filepath.Join(cacheDir, name)
	return fromCache(cached, open, opt, func() (*Space, error) {
		return convertToCache(ctx, path, format, cacheDir, cached, prefix, opt)
	})
}

// convertToCache reads the source at path (of format), makes it servable
// and writes it to cached (the caller holds cached's lock). The collector
// runs often (collectOften) while a text or word2vec source is converted,
// whose vectors are read whole; a thesaurus's space is built from its
// entries and does not need it (nor should a build at start, WarmCaches,
// set GOGC for the whole server).
func convertToCache(ctx context.Context, path, format, cacheDir, cached, prefix string, opt LoadOptions) (*Space, error) {
	if format != FormatThesaurus {
		defer collectOften()()
	}
	s, err := Open(path, opt)
	if err != nil {
		return nil, err
	}
	if s, err = servable(ctx, s); err != nil {
		return nil, err
	}
	if err := writeCache(cacheDir, cached, prefix, s); err != nil {
		return nil, fmt.Errorf("word space cache: %w", err)
	}
	return s, nil
}

// servable returns s, just opened and not shared, with a clustered
// approximate index when it is large and has none (its rows reordered in
// place, not copied), its probes tuned to ServedRecall on 200 of its words.
func servable(ctx context.Context, s *Space) (*Space, error) {
	// A thesaurus space answers from its candidate lists (thesaurus.go),
	// which clustering would drop.
	if s.Len() < ApproximateMinWords || s.HasIndex() || s.nbrs != nil {
		return s, nil
	}
	defer collectOften()()
	if err := s.clusterInPlace(ctx); err != nil {
		return nil, err
	}
	if _, _, err := s.TuneProbes(ctx, ServedRecall, 200, 50); err != nil {
		return nil, err
	}
	return s, nil
}

// writeCache writes s to cached (through a temporary file) and removes the
// other conversions of the same source.
func writeCache(dir, cached, prefix string, s *Space) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(dir, ".convert-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if err := WriteSpace(tmp, s, WriteOptions{}); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Rename(tmp.Name(), cached); err != nil {
		return err
	}
	old, _ := filepath.Glob(filepath.Join(dir, prefix+"*.wordspace"))
	for _, o := range old {
		if o != cached {
			os.Remove(o)
		}
	}
	return nil
}

// convertGCPercent is the collector's GOGC while a space is converted or
// clustered. A conversion allocates little beside the vectors, but by
// default the collector lets the heap grow to twice what is live before it
// runs: with the vectors live, that is their size again in garbage, all of
// it resident at the peak. The vectors hold no pointers, so the more
// frequent collections cost little.
const convertGCPercent = 10

var converting struct {
	sync.Mutex
	n   int
	old int
	// began counts the calls of collectOften, for tests.
	began int
}

// Converting is collectOften for a command that converts a space (reads
// a text source, clusters it, writes it) and holds little else: the
// collector runs often until the function it returns is called.
func Converting() (done func()) { return collectOften() }

// collectOften sets GOGC to convertGCPercent (unless it is lower or off)
// until the function it returns is called; conversions at once share it.
func collectOften() (restore func()) {
	converting.Lock()
	if converting.n == 0 {
		converting.old = debug.SetGCPercent(convertGCPercent)
		if converting.old >= 0 && converting.old < convertGCPercent || converting.old < 0 {
			debug.SetGCPercent(converting.old)
		}
	}
	converting.n++
	converting.began++
	converting.Unlock()
	return func() {
		converting.Lock()
		if converting.n--; converting.n == 0 {
			debug.SetGCPercent(converting.old)
		}
		converting.Unlock()
	}
}
