package poles_test

import (
	"context"
	"slices"
	"sync"
	"testing"

	explorer "explorer"
	"explorer/internal/testkit"
	"explorer/poles"
	"explorer/wordspace"
)

// countedSpaces is wordspace.ProjectSpaces counting the walks of the
// spaces a suggestion makes and the projects it asks.
type countedSpaces struct {
	*wordspace.ProjectSpaces
	mu       sync.Mutex
	walks    int
	projects map[int64]bool
}

func (c *countedSpaces) saw(spaces []explorer.StoredProjectSpace) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.walks++
	for _, sp := range spaces {
		c.projects[sp.Project] = true
	}
}

func (c *countedSpaces) SuggestFromProjects(ctx context.Context, spaces []explorer.StoredProjectSpace, terms []explorer.WeightedTerm, exclude []string, limit int) ([]explorer.PoleSuggestion, error) {
	c.saw(spaces)
	return c.ProjectSpaces.SuggestFromProjects(ctx, spaces, terms, exclude, limit)
}

func (c *countedSpaces) WordCounts(ctx context.Context, spaces []explorer.StoredProjectSpace, terms []string) ([]int64, error) {
	c.saw(spaces)
	return c.ProjectSpaces.WordCounts(ctx, spaces, terms)
}

// A suggestion walks the account's project spaces twice (its
// suggestions, then the counts of every word it may answer), and reads
// only the spaces of the account's newest SuggestSpacesMost projects.
func TestSuggestReadsBoundedSpacesOnce(t *testing.T) {
	ws := &testkit.FakeWordSpaces{Candidates: map[string][]string{"EN": {"latte", "tea", "espresso"}}}
	ps := &countedSpaces{ProjectSpaces: wordspace.NewProjectSpaces(), projects: map[int64]bool{}}
	e := testkit.New(t, testkit.WithWordSpaces(ws), func(o *explorer.Options) { o.ProjectSpaces = ps })
	annID := e.AddUser("ann", "").ID
	ann := e.As("ann")
	first := e.ImportProject("ann", "Cafe", testkit.MadeUpCSV(400))
	if _, err := e.Svc.ExploreProject(ann, first.ID, "comment"); err != nil {
		t.Fatal(err)
	}
	if _, err := e.Svc.BuildProjectSpace(ann, first.ID); err != nil {
		t.Fatal(err)
	}
	vs, err := e.DB.ProjectSpaceVersions(context.Background(), annID, "EN", 0)
	if err != nil || len(vs) != 1 {
		t.Fatalf("%v %v", vs, err)
	}
	data, err := e.DB.ProjectSpaceData(context.Background(), vs[0].Project, vs[0].Version)
	if err != nil {
		t.Fatal(err)
	}
	var newest []int64
	for range poles.SuggestSpacesMost + 2 {
		p := e.ImportProject("ann", "More", testkit.MadeUpCSV(10))
		if err := e.DB.SaveProjectSpace(context.Background(), p.ID, annID, "EN", data); err != nil {
			t.Fatal(err)
		}
		newest = append(newest, p.ID)
	}
	newest = newest[len(newest)-poles.SuggestSpacesMost:]
	pole := mustCreatePole(t, ann, e, poles.PoleInput{Name: "Drinks", Language: "EN", Parts: partsOf("coffee", nil)})
	if got := suggestedWords(t, e, "ann", pole.ID, 10); !slices.Contains(got, "zorblax") {
		t.Fatalf("suggestions %v", got)
	}
	var read []int64
	for p := range ps.projects {
		read = append(read, p)
	}
	slices.Sort(read)
	if ps.walks != 2 || !slices.Equal(read, newest) {
		t.Errorf("%d walks of projects %v, want 2 of %v", ps.walks, read, newest)
	}
}
