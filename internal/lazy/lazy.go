// Package lazy holds values loaded at their first use that can be let go
// and loaded again at the next one: tables built from embedded data that a
// server needs only while it works, dropped when it is idle so that its
// memory returns (issue 34).
package lazy

import "sync"

// Value is a value that load makes at the first Get after New or Release.
// Safe for concurrent use: concurrent first Gets load once; a Get during
// a load waits for it. What a Get returned stays valid after Release.
type Value[T any] struct {
	load func() T
	mu   sync.Mutex
	v    T
	ok   bool
}

// New returns a Value that load makes.
func New[T any](load func() T) *Value[T] { return &Value[T]{load: load} }

// Get returns the value, made now when it is not held.
func (l *Value[T]) Get() T {
	l.mu.Lock()
	defer l.mu.Unlock()
	if !l.ok {
		l.v, l.ok = l.load(), true
	}
	return l.v
}

// Release lets the value go; the next Get makes it again.
func (l *Value[T]) Release() {
	l.mu.Lock()
	defer l.mu.Unlock()
	var zero T
	l.v, l.ok = zero, false
}
