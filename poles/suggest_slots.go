package poles

import "sync"

// SuggestSlots counts the heavy reads each user has running (suggestions;
// a project's topic evidence, in a count of its own), in memory (per
// instance).
type SuggestSlots struct {
	mu      sync.Mutex
	running map[int64]int
}

// Take counts one more read of user, or answers false when the user has
// SuggestionsAtOnce running.
func (t *SuggestSlots) Take(user int64) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.running == nil {
		t.running = map[int64]int{}
	}
	if t.running[user] >= SuggestionsAtOnce {
		return false
	}
	t.running[user]++
	return true
}

// Give ends one read of user.
func (t *SuggestSlots) Give(user int64) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.running[user] <= 1 {
		delete(t.running, user)
		return
	}
	t.running[user]--
}
