package wordspace

import (
	"cmp"
	"context"
	"errors"
	"os"
	"runtime/debug"
	"slices"
	"sync"
	"time"
)

// Built caches at start (issue 33): a thesaurus's space takes seconds to
// build (German 6.7 s, French 7.8 s on 2 cores) and 20 ms to read back
// from the cache folder, so a server builds the missing caches of the
// spaces registered for first use in the background after it starts:
// one at a time, on a thread of the lowest scheduling priority where the
// system allows it, each space dropped once written (the server's idle
// memory returner gives the memory back to the system), so that a
// language's first suggestion reads its cache.
// A request for a language whose cache is being built waits for that
// build (cacheLocks) instead of building it again.

// cacheLocks serialises the builds of one cache file.
var cacheLocks keyedLocks

// keyedLocks is a mutex per key, made on first use and dropped when free.
type keyedLocks struct {
	mu sync.Mutex
	m  map[string]*keyedLock
}

type keyedLock struct {
	sync.Mutex
	users int
}

// lock locks key and answers its unlock.
func (k *keyedLocks) lock(key string) (unlock func()) {
	k.mu.Lock()
	if k.m == nil {
		k.m = map[string]*keyedLock{}
	}
	l := k.m[key]
	if l == nil {
		l = &keyedLock{}
		k.m[key] = l
	}
	l.users++
	k.mu.Unlock()
	l.Lock()
	return func() {
		l.Unlock()
		k.mu.Lock()
		if l.users--; l.users == 0 {
			delete(k.m, key)
		}
		k.mu.Unlock()
	}
}

// warmFunc builds the cache file of a space registered for first use,
// answering whether it built one (false: the cache was there, or the
// space is read in place).
type warmFunc func(ctx context.Context) (bool, error)

// warmEmbedded is the warmFunc of an embedded space.
func (r *Registry) warmEmbedded(e embeddedSpace) warmFunc {
	return func(ctx context.Context) (bool, error) {
		if _, _, inPlace := embeddedCache(e, r.CacheDir); inPlace {
			return false, nil
		}
		_, built, err := cachedEmbedded(ctx, e, r.CacheDir, false, LoadOptions{Lang: e.Lang})
		return built, err
	}
}

// warmFile is the warmFunc of a space file of language l (a thesaurus of
// the thesaurus folder, a text space of the word space folder).
func (r *Registry) warmFile(l, path string) warmFunc {
	return func(ctx context.Context) (bool, error) {
		if r.CacheDir == "" {
			return false, nil
		}
		format, err := sourceFormat(path)
		if err != nil || format == FormatOwn {
			return false, err
		}
		_, built, err := cachedFile(ctx, path, format, r.CacheDir, false, LoadOptions{Lang: l})
		return built, err
	}
}

func exists(path string) bool {
	_, err := os.Stat(path)
	return !errors.Is(err, os.ErrNotExist)
}

// returnMemory returns the heap's free pages to the system (a variable
// for the tests).
var returnMemory = debug.FreeOSMemory

// WarmCaches builds the missing cache files of the spaces registered for
// first use and not loaded yet, one at a time, in the caller's goroutine
// (run it in one of its own), at low priority, until ctx ends; when it
// built any, it returns the memory the builds freed. It logs
// "building word space caches" when it begins and "word space caches
// built" when it ends. Spaces registered later (a thesaurus installed
// since) build their cache at their first use.
func (r *Registry) WarmCaches(ctx context.Context) {
	lowerPriority()
	r.mu.RLock()
	var todo []*entry
	for _, e := range r.langs {
		if e.warm != nil && e.load != nil {
			todo = append(todo, e)
		}
	}
	r.mu.RUnlock()
	slices.SortFunc(todo, func(a, b *entry) int { return cmp.Compare(a.lang, b.lang) })
	began := time.Now()
	r.logger.Info("building word space caches", "spaces", len(todo))
	built := 0
	for _, e := range todo {
		if ctx.Err() != nil {
			return
		}
		if e.done() {
			continue // loaded at a first use, which wrote its cache
		}
		ok, err := e.warm(ctx)
		if err != nil {
			r.logger.Warn("word space cache not built", "language", e.lang, "err", sanitize(err.Error(), e.source))
			continue
		}
		if ok {
			built++
		}
	}
	if built > 0 {
		// The builds' garbage (tens of MB) would otherwise stay resident:
		// no request follows them to start the server's return of memory
		// when idle (internal/server.ReturnMemoryWhenIdle).
		returnMemory()
	}
	r.logger.Info("word space caches built", "built", built, "seconds", time.Since(began).Seconds())
}
