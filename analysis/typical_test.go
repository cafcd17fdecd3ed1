package analysis

import (
	"slices"
	"testing"
)

// The typical texts of a topic are those that say what its texts usually
// say (the waiter brought, took the order), not those where a member
// stands by chance; ties go to the shorter text; texts outside the topic
// never come.
func TestTypicalTexts(t *testing.T) {
	texts := []string{
		"The waiter brought the wrong order and never came back.",    // 0
		"My cousin works as a waiter in Paris, unrelated to dinner.", // 1: a member by chance
		"Our waiter took the order quickly and brought drinks.",      // 2
		"The pizza was cold.",                // 3: not the topic
		"The server brought our order late.", // 4
		"Server brought order.",              // 5: as typical, shorter
		"The server forgot the order.",       // 6
	}
	got := TypicalTexts(texts, []string{"waiter", "server"}, "en", 3)
	if len(got) != 3 || slices.Contains(got, 1) || slices.Contains(got, 3) {
		t.Fatalf("typical %v", got)
	}
	all := TypicalTexts(texts, []string{"waiter", "server"}, "en", 10)
	if len(all) != 6 || slices.Contains(all, 3) || all[len(all)-1] != 1 {
		t.Fatalf("all %v", all)
	}
	if TypicalTexts(texts, []string{"waiter"}, "en", 0) != nil || len(TypicalTexts(nil, []string{"waiter"}, "en", 3)) != 0 {
		t.Fatal("no texts asked or none given")
	}
	// Ties by shortness: two texts with the same context words.
	tie := TypicalTexts([]string{"The waiter brought the order, really.", "Waiter brought order."}, []string{"waiter"}, "en", 2)
	if !slices.Equal(tie, []int{1, 0}) {
		t.Fatalf("tie %v", tie)
	}
}
