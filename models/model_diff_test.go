package models_test

import (
	"reflect"
	"testing"

	"explorer/models"

	explorer "explorer"
)

// menu is the example model with ids as an upload gives them.
func menu() *explorer.Structure {
	return &explorer.Structure{Groups: []explorer.Group{
		{ID: 1, Title: "Burger", Pinned: true, Topics: []explorer.Topic{{ID: 1, Title: "Burger", Terms: []string{"burger", "cheeseburger"}}}},
		{ID: 2, Title: "Fries", Topics: []explorer.Topic{{ID: 2, Title: "Fries", Terms: []string{"fries", "chips"}}}},
		{ID: 3, Title: "Nice", Topics: []explorer.Topic{
			{ID: 3, Title: "Nice", Terms: []string{"nice", "good"}},
			{ID: 4, Title: "Sweet", Terms: []string{"sweet"}},
			{ID: 5, Title: "Tasty", Terms: []string{"tasty"}},
		}},
		{ID: 4, Title: "Soda", Topics: []explorer.Topic{{ID: 6, Title: "Soda", Terms: []string{"soda", "drinks"}}}},
	}, IgnoreTerms: []explorer.IgnoreTerm{{ID: 1, Term: "the"}, {ID: 2, Term: "a"}}}
}

// edit returns a changed deep copy of menu().
func edit(change func(s *explorer.Structure)) *explorer.Structure {
	s := menu()
	change(s)
	return s
}

func TestDiffStructures(t *testing.T) {
	for _, tt := range []struct {
		name string
		b    *explorer.Structure
		want models.StructureDiff
	}{
		{"nothing", menu(), models.StructureDiff{}},
		{"a term added, a spelling changed only in case", edit(func(s *explorer.Structure) {
			s.Groups[3].Topics[0].Terms = []string{"Soda", "drinks", "shake"}
		}), models.StructureDiff{Groups: []models.GroupDiff{{ID: 4, Title: "Soda", Topics: []models.TopicDiff{
			{ID: 6, Title: "Soda", TermsAdded: []string{"shake"}},
		}}}}},
		{"terms removed and ignore terms changed", edit(func(s *explorer.Structure) {
			s.Groups[0].Topics[0].Terms = []string{"cheeseburger"}
			s.IgnoreTerms = []explorer.IgnoreTerm{{ID: 2, Term: "A"}, {ID: 3, Term: "an"}}
		}), models.StructureDiff{
			Groups:             []models.GroupDiff{{ID: 1, Title: "Burger", Pinned: true, Topics: []models.TopicDiff{{ID: 1, Title: "Burger", TermsRemoved: []string{"burger"}}}}},
			IgnoreTermsAdded:   []string{"an"},
			IgnoreTermsRemoved: []string{"the"},
		}},
		{"renamed and unpinned", edit(func(s *explorer.Structure) {
			s.Groups[0].Title, s.Groups[0].Pinned = "Burgers", false
			s.Groups[2].Topics[1].Title = "Sweetness"
		}), models.StructureDiff{Groups: []models.GroupDiff{
			{ID: 1, Title: "Burgers", OldTitle: "Burger", PinnedChanged: true},
			{ID: 3, Title: "Nice", Topics: []models.TopicDiff{{ID: 4, Title: "Sweetness", OldTitle: "Sweet"}}},
		}}},
		{"a group moved to the front: only it moved", edit(func(s *explorer.Structure) {
			s.Groups = []explorer.Group{s.Groups[3], s.Groups[0], s.Groups[1], s.Groups[2]}
		}), models.StructureDiff{Groups: []models.GroupDiff{{ID: 4, Title: "Soda", Moved: true}}}},
		{"a group added in the middle moves nothing", edit(func(s *explorer.Structure) {
			s.Groups = append(s.Groups[:2], append([]explorer.Group{{ID: 9, Title: "Shake", Topics: []explorer.Topic{{ID: 9, Title: "Shake", Terms: []string{"shake"}}}}}, s.Groups[2:]...)...)
		}), models.StructureDiff{Groups: []models.GroupDiff{{ID: 9, Title: "Shake", Change: models.ChangeAdded, Topics: []models.TopicDiff{
			{ID: 9, Title: "Shake", Change: models.ChangeAdded, TermsAdded: []string{"shake"}},
		}}}}},
		{"groups removed stay in their place", edit(func(s *explorer.Structure) {
			s.Groups = []explorer.Group{s.Groups[0], s.Groups[3]}
			s.Groups[1].Title = "Drinks"
		}), models.StructureDiff{Groups: []models.GroupDiff{
			{ID: 2, Title: "Fries", Change: models.ChangeRemoved, Topics: []models.TopicDiff{{ID: 2, Title: "Fries", Change: models.ChangeRemoved, TermsRemoved: []string{"fries", "chips"}}}},
			{ID: 3, Title: "Nice", Change: models.ChangeRemoved, Topics: []models.TopicDiff{
				{ID: 3, Title: "Nice", Change: models.ChangeRemoved, TermsRemoved: []string{"nice", "good"}},
				{ID: 4, Title: "Sweet", Change: models.ChangeRemoved, TermsRemoved: []string{"sweet"}},
				{ID: 5, Title: "Tasty", Change: models.ChangeRemoved, TermsRemoved: []string{"tasty"}},
			}},
			{ID: 4, Title: "Drinks", OldTitle: "Soda"},
		}}},
		{"a topic moved to another group, one reordered, one removed", edit(func(s *explorer.Structure) {
			nice := s.Groups[2].Topics
			s.Groups[2].Topics = []explorer.Topic{nice[2], nice[0]}
			s.Groups[3].Topics = append(s.Groups[3].Topics, nice[1])
		}), models.StructureDiff{Groups: []models.GroupDiff{
			{ID: 3, Title: "Nice", Topics: []models.TopicDiff{{ID: 5, Title: "Tasty", Moved: true}}},
			{ID: 4, Title: "Soda", Topics: []models.TopicDiff{{ID: 4, Title: "Sweet", Moved: true, FromGroup: "Nice"}}},
		}}},
		{"a topic removed between others", edit(func(s *explorer.Structure) {
			s.Groups[2].Topics = []explorer.Topic{s.Groups[2].Topics[0], s.Groups[2].Topics[2], {ID: 7, Title: "Yummy"}}
		}), models.StructureDiff{Groups: []models.GroupDiff{{ID: 3, Title: "Nice", Topics: []models.TopicDiff{
			{ID: 4, Title: "Sweet", Change: models.ChangeRemoved, TermsRemoved: []string{"sweet"}},
			{ID: 7, Title: "Yummy", Change: models.ChangeAdded},
		}}}}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got := models.DiffStructures(menu(), tt.b)
			if !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("diff\n got %+v\nwant %+v", got, tt.want)
			}
			if got.Empty() != (len(tt.want.Groups) == 0) {
				t.Fatalf("Empty() = %v", got.Empty())
			}
		})
	}
}

// TestDiffStructuresBackwards: comparing the newer with the older turns
// additions into removals.
func TestDiffStructuresBackwards(t *testing.T) {
	b := edit(func(s *explorer.Structure) {
		s.Groups[3].Topics[0].Terms = append(s.Groups[3].Topics[0].Terms, "shake")
		s.Groups = append(s.Groups, explorer.Group{ID: 5, Title: "Coffee", Topics: []explorer.Topic{{ID: 8, Title: "Coffee", Terms: []string{"coffee"}}}})
	})
	got := models.DiffStructures(b, menu())
	want := models.StructureDiff{Groups: []models.GroupDiff{
		{ID: 4, Title: "Soda", Topics: []models.TopicDiff{{ID: 6, Title: "Soda", TermsRemoved: []string{"shake"}}}},
		{ID: 5, Title: "Coffee", Change: models.ChangeRemoved, Topics: []models.TopicDiff{{ID: 8, Title: "Coffee", Change: models.ChangeRemoved, TermsRemoved: []string{"coffee"}}}},
	}}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("diff\n got %+v\nwant %+v", got, want)
	}
}
