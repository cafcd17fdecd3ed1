package projects

import (
	"context"
	"strings"
	"testing"
)

// The explore and discover forms say what a blank number means, the
// feedback defaults included, with hints whose ids differ per form.
func TestExploreNumbersSayTheDefaults(t *testing.T) {
	f := ExploreForm{DefaultTopics: 30, FeedbackTopics: 60, MaxTopics: 60, MaxGroups: 30}
	var b strings.Builder
	for _, id := range []string{"explore", "discover"} {
		if err := exploreNumbers(f, id).Render(context.Background(), &b); err != nil {
			t.Fatal(err)
		}
	}
	html := b.String()
	for _, want := range []string{"Blank: 30, or 60 in feedback", "only closely related topics share a group",
		`aria-describedby="explore-topics-help"`, `id="discover-groups-help"`, `placeholder="automatic"`} {
		if !strings.Contains(html, want) {
			t.Errorf("no %q in %s", want, html)
		}
	}
	if strings.Count(html, `id="explore-groups-help"`) != 1 {
		t.Error("a hint id is not unique")
	}
}
