package models

import (
	"reflect"
	"testing"

	explorer "explorer"
)

// TestEditLeavesTheStoredStructureAlone: an edit is made on copyGroups'
// copy, which shares the topics' terms with the stored version (the
// version cache's) until applyEdit changes them; every kind of change
// leaves the structure it was made on as it was.
func TestEditLeavesTheStoredStructureAlone(t *testing.T) {
	stored := func() []explorer.Group {
		return []explorer.Group{
			{ID: 1, Title: "Drinks", Topics: []explorer.Topic{{ID: 1, Title: "Soda", Terms: []string{"soda", "cola", "fanta"}}, {ID: 2, Title: "Tea", Terms: []string{"tea"}}}},
			{ID: 2, Title: "Food", Topics: []explorer.Topic{{ID: 3, Title: "Cake", Terms: []string{"cake"}}}},
		}
	}
	for _, e := range []ModelEdit{
		{Kind: EditRemoveTerm, Topic: 1, Terms: []string{"soda"}},
		{Kind: EditAddTerms, Topic: 1, Terms: []string{"pepsi"}, At: 2},
		{Kind: EditRenameTopic, Topic: 1, Title: "Fizzy"},
		{Kind: EditMoveTopic, Topic: 2, By: -1},
		{Kind: EditRemoveTopic, Topic: 1},
		{Kind: EditAddTopic, Group: 1, Title: "Juice", Terms: []string{"juice"}},
		{Kind: EditSaveGroup, Group: 1, Title: "Drink"},
		{Kind: EditMoveGroup, Group: 2, By: -1},
		{Kind: EditRemoveGroup, Group: 1},
	} {
		cur := stored()
		// Spare capacity, as a slice grown by append has: an append in
		// place would write into the stored array.
		cur[0].Topics[0].Terms = append(make([]string, 0, 8), cur[0].Topics[0].Terms...)
		if _, err := applyEdit(&e, copyGroups(cur), &EditResult{}); err != nil {
			t.Fatalf("%+v: %v", e, err)
		}
		if want := stored(); !reflect.DeepEqual(cur, want) {
			t.Fatalf("%+v changed the stored structure:\n%+v\nwant\n%+v", e, cur, want)
		}
	}
}
