package projects

import (
	"explorer"
	"explorer/poles"
	"testing"
)

// TestProjectTopicsAtOnce: a user with SuggestionsAtOnce readings of all
// the texts of a project running (the topics of a project explored
// before tonality, a texts listing with words) is refused another
// (ETHROTTLED with Retry-After) before any text is read; another user is
// not.
func TestProjectTopicsAtOnce(t *testing.T) {
	s := &Service{}
	for range poles.SuggestionsAtOnce {
		s.readingTopics.Take(1)
	}
	read := false
	err := s.readingAll(&explorer.User{ID: 1, Username: "ann"}, func() error { read = true; return nil }, "project %d: %s", 7)
	if e := explorer.AsError(err); explorer.ErrorCode(err) != explorer.ETHROTTLED || e.RetryAfter == 0 || read {
		t.Fatalf("a third reading: %v (read %v)", err, read)
	}
	if err := s.readingAll(&explorer.User{ID: 2, Username: "bob"}, func() error { read = true; return nil }, "project %d: %s", 7); err != nil || !read {
		t.Fatalf("another user's reading: %v (read %v)", err, read)
	}
	s.readingTopics.Give(1)
	if !s.readingTopics.Take(1) || !s.readingTopics.Take(2) {
		t.Fatal("a slot given back, or another user's, is refused")
	}
}
