package explorer

import (
	"context"
	"testing"
)

// TestProjectTopicsAtOnce: a user with SuggestionsAtOnce topic readings
// running is refused another (ETHROTTLED with Retry-After) before any
// text is read; another user is not.
func TestProjectTopicsAtOnce(t *testing.T) {
	s := &Service{}
	for range SuggestionsAtOnce {
		s.readingTopics.take(1)
	}
	_, err := s.ProjectTopics(WithUser(context.Background(), &User{ID: 1, Username: "ann"}), 7)
	if e := AsError(err); ErrorCode(err) != ETHROTTLED || e.RetryAfter == 0 {
		t.Fatalf("a third reading: %v", err)
	}
	s.readingTopics.give(1)
	if !s.readingTopics.take(1) || !s.readingTopics.take(2) {
		t.Fatal("a slot given back, or another user's, is refused")
	}
}
