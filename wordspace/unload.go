package wordspace

import (
	"time"
)

// Memory returns (issue 34, item 5): a space loaded at its language's
// first use (the embedded ones, the thesauri of the thesaurus folder) is
// let go once unused for a while, and registered again to be read at its
// next use: from the cache folder for a thesaurus (tens of milliseconds),
// in place for an embedded space in the own format (under a second), whose
// pages of the binary are given back too. A request that holds the space
// keeps it until it ends. Spaces loaded at start (--wordspace,
// the word space folder) stay: their load can take minutes.

// UnloadUnused lets go of every space loaded at first use that no request
// asked for during unused, and returns their languages.
func (r *Registry) UnloadUnused(unused time.Duration) []string {
	now := r.clock()
	r.mu.RLock()
	var idle []*entry
	for _, e := range r.langs {
		if e.open != nil && e.done() && e.space.Load() != nil && now.Sub(time.Unix(0, e.used.Load())) >= unused {
			idle = append(idle, e)
		}
	}
	r.mu.RUnlock()
	var out []string
	for _, e := range idle {
		if r.unload(e) {
			out = append(out, e.lang)
		}
	}
	if len(out) > 0 {
		r.logger.Info("word spaces unused, let go until their next use", "languages", out, "unused", unused)
	}
	return out
}

// unload registers old's space again for its first use, unless old was
// replaced meanwhile (a rescan of the thesaurus folder).
func (r *Registry) unload(old *entry) bool {
	words := old.words
	if s := old.space.Load(); s != nil {
		words = s.Len()
	}
	e := r.lazyEntry(old.lang, old.source, words, old.open, old.warm)
	// scanMu before mu, as the rescans take them.
	r.scanMu.Lock()
	defer r.scanMu.Unlock()
	r.mu.Lock()
	current := r.langs[old.lang] == old
	if current {
		e.mythes = old.mythes
		r.langs[old.lang] = e
	}
	r.mu.Unlock()
	if !current {
		e.cancel()
		return false
	}
	old.cancel()
	if s := old.space.Load(); s != nil && s.whole != nil {
		dropPages(s.whole)
	}
	return true
}
