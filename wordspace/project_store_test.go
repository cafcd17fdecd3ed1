package wordspace

import (
	"context"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"testing"

	"explorer"
)

// memStore keeps built spaces in memory as the Service keeps them in the
// database: by project, with the account and language, a version one
// more at each build.
type memStore struct {
	mu      sync.Mutex
	data    map[int64][]byte
	version map[int64]int64
	owner   map[int64][2]any // account, language
}

func newMemStore() *memStore {
	return &memStore{data: map[int64][]byte{}, version: map[int64]int64{}, owner: map[int64][2]any{}}
}

// keep is the keep function of a build of project's space.
func (m *memStore) keep(account, project int64, lang string) func([]byte) error {
	l, _ := NormalizeLang(lang)
	return func(data []byte) error {
		m.mu.Lock()
		defer m.mu.Unlock()
		m.data[project] = data
		m.version[project]++
		m.owner[project] = [2]any{account, l}
		return nil
	}
}

// remove forgets project's space (the project was deleted).
func (m *memStore) remove(project int64) {
	m.mu.Lock()
	defer m.mu.Unlock()
	delete(m.data, project)
}

// spaces lists account's spaces of lang as the Service passes them.
func (m *memStore) spaces(account int64, lang string) []explorer.StoredProjectSpace {
	l, _ := NormalizeLang(lang)
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []explorer.StoredProjectSpace
	for p := range m.data {
		if m.owner[p] != [2]any{account, l} {
			continue
		}
		v := explorer.ProjectSpaceVersion{Project: p, Version: m.version[p]}
		out = append(out, explorer.StoredProjectSpace{ProjectSpaceVersion: v, Load: func(context.Context) ([]byte, error) {
			m.mu.Lock()
			defer m.mu.Unlock()
			if d, ok := m.data[v.Project]; ok && m.version[v.Project] == v.Version {
				return d, nil
			}
			return nil, explorer.Errorf(explorer.ENOTFOUND, "gone")
		}})
	}
	slices.SortFunc(out, func(a, b explorer.StoredProjectSpace) int { return int(a.Project - b.Project) })
	return out
}

// suggestsZorblax tells whether account's EN spaces suggest the made-up
// word for {coffee}.
func suggestsZorblax(t *testing.T, ps *ProjectSpaces, m *memStore, account int64) bool {
	t.Helper()
	got, err := ps.SuggestFromProjects(context.Background(), m.spaces(account, "EN"), []explorer.WeightedTerm{{Term: "coffee", Weight: 1}}, nil, 5)
	if err != nil {
		t.Fatal(err)
	}
	return slices.ContainsFunc(got, func(sg explorer.PoleSuggestion) bool { return sg.Term == "zorblax" })
}

// Instances share the stored spaces: one built by another instance is
// used, one built again is read again (its version changed), not served
// from the cache, and one deleted is no longer used.
func TestProjectSpaceSeesOtherInstances(t *testing.T) {
	a, b, m := NewProjectSpaces(), NewProjectSpaces(), newMemStore()
	if suggestsZorblax(t, b, m, 7) {
		t.Fatal("nothing built yet")
	}
	if _, err := a.BuildProjectSpace(context.Background(), "EN", eachText(projectTexts(600, 1)), m.keep(7, 70, "EN")); err != nil {
		t.Fatal(err)
	}
	if !suggestsZorblax(t, b, m, 7) {
		t.Fatal("a space another instance built is not used")
	}
	noZ := projectTexts(600, 2)
	for i := range noZ {
		noZ[i] = strings.ReplaceAll(noZ[i], "zorblax", "cocoa")
	}
	if _, err := a.BuildProjectSpace(context.Background(), "EN", eachText(noZ), m.keep(7, 70, "EN")); err != nil {
		t.Fatal(err)
	}
	if suggestsZorblax(t, b, m, 7) {
		t.Fatal("the space built again is still served from the cache")
	}
	if _, err := a.BuildProjectSpace(context.Background(), "EN", eachText(projectTexts(600, 1)), m.keep(7, 70, "EN")); err != nil {
		t.Fatal(err)
	}
	listed := m.spaces(7, "EN")
	m.remove(70)
	got, err := b.SuggestFromProjects(context.Background(), listed, []explorer.WeightedTerm{{Term: "coffee", Weight: 1}}, nil, 5)
	if err != nil || len(got) != 0 {
		t.Fatalf("a space deleted after it was listed: %v %v", got, err)
	}
}

// Loaded spaces are held up to the bound in bytes, the least recently
// used dropped first; a space larger than the bound is used, not kept.
func TestProjectSpaceCacheBoundedInBytes(t *testing.T) {
	probe, m := NewProjectSpaces(), newMemStore()
	for i := int64(70); i < 75; i++ {
		if _, err := probe.BuildProjectSpace(context.Background(), "EN", eachText(projectTexts(600, uint64(i-69))), m.keep(7, i, "EN")); err != nil {
			t.Fatal(err)
		}
	}
	one, err := Embedded(m.data[70], LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	size := one.HeapBytes()
	for _, bound := range []int64{size*2 + size/2, size / 2} {
		ps := newProjectSpacesBounded(bound)
		for range 3 {
			if !suggestsZorblax(t, ps, m, 7) {
				t.Fatal("no suggestion from 5 spaces")
			}
		}
		ps.mu.Lock()
		used, held := ps.cache.spaces.Size(), ps.cache.spaces.Len()
		ps.mu.Unlock()
		if used > bound || held > int(bound/size) {
			t.Errorf("bound %d: %d bytes held in %d spaces (one is %d)", bound, used, held, size)
		}
	}
}

// A stored space that does not parse is left out of the suggestions (the
// account's other spaces still answer), logged once and not read again;
// built again, it is read.
func TestProjectSpaceDamagedIsSkipped(t *testing.T) {
	var logs strings.Builder
	ps, m := NewProjectSpaces().WithLogger(slog.New(slog.NewTextHandler(&logs, nil))), newMemStore()
	if _, err := ps.BuildProjectSpace(context.Background(), "EN", eachText(projectTexts(600, 1)), m.keep(7, 70, "EN")); err != nil {
		t.Fatal(err)
	}
	m.keep(7, 71, "EN")(append([]byte("EXWSPACE"), make([]byte, 100)...)) // a file cut short
	reads := 0
	spaces := m.spaces(7, "EN")
	for i, sp := range spaces {
		if sp.Project == 71 {
			load := sp.Load
			spaces[i].Load = func(ctx context.Context) ([]byte, error) {
				reads++
				return load(ctx)
			}
		}
	}
	for range 3 {
		got, err := ps.SuggestFromProjects(context.Background(), spaces, []explorer.WeightedTerm{{Term: "coffee", Weight: 1}}, nil, 5)
		if err != nil || !slices.ContainsFunc(got, func(sg explorer.PoleSuggestion) bool { return sg.Term == "zorblax" }) {
			t.Fatalf("with a damaged space: %v %v", got, err)
		}
		if _, err := ps.WordCounts(context.Background(), spaces, []string{"zorblax"}); err != nil {
			t.Fatal(err)
		}
	}
	if n := strings.Count(logs.String(), "does not parse"); reads != 1 || n != 1 {
		t.Errorf("the damaged space read %d times, logged %d times: %s", reads, n, logs.String())
	}
	if _, err := ps.BuildProjectSpace(context.Background(), "EN", eachText(projectTexts(600, 2)), m.keep(7, 71, "EN")); err != nil {
		t.Fatal(err)
	}
	if _, err := ps.space(context.Background(), m.spaces(7, "EN")[1]); err != nil {
		t.Fatal(err)
	}
	ps.mu.Lock()
	defer ps.mu.Unlock()
	if len(ps.damaged) != 0 || ps.cache.get(m.spaces(7, "EN")[1].ProjectSpaceVersion) == nil {
		t.Errorf("built again: damaged %v", ps.damaged)
	}
}
