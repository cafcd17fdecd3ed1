package wordspace

import (
	"context"
	"slices"
	"sync/atomic"
	"testing"
	"time"
)

// TestUnusedSpacesAreLetGo: a space loaded at first use and unused for the
// time given is let go (shown as loaded at first use again) and read again
// at its next use; one used meanwhile, one not loaded yet and one loaded
// at start stay.
func TestUnusedSpacesAreLetGo(t *testing.T) {
	now := time.Unix(1000, 0)
	r := NewRegistry(nil)
	r.now = func() time.Time { return now }
	var loads atomic.Int32
	sp := randomSpace(t, 50, 8, 4, 3)
	load := func(context.Context, LoadOptions) (*Space, error) { loads.Add(1); return sp, nil }
	r.lazy("DE", "test", sp.Len(), load, nil)
	r.lazy("FR", "test", sp.Len(), load, nil)
	r.lazy("IT", "test", sp.Len(), load, nil)
	started := randomSpace(t, 20, 8, 4, 5)
	started.lang = "ES"
	if err := r.Add(started); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	use := func(lang string) {
		t.Helper()
		if s, err := r.Space(ctx, lang); err != nil || s == nil {
			t.Fatalf("%s: %v", lang, err)
		}
	}
	use("DE")
	use("FR")
	now = now.Add(time.Minute)
	use("FR")
	now = now.Add(30 * time.Second)
	if got := r.UnloadUnused(time.Minute); !slices.Equal(got, []string{"DE"}) {
		t.Fatalf("let go of %v, want DE", got)
	}
	if got := r.UnloadUnused(time.Minute); len(got) != 0 {
		t.Fatalf("let go again of %v", got)
	}
	for _, st := range r.Status() {
		if want := st.Language == "DE" || st.Language == "IT"; st.OnFirstUse != want || !st.Ready {
			t.Fatalf("status after letting DE go: %+v", st)
		}
	}
	if n := loads.Load(); n != 2 {
		t.Fatalf("%d loads before DE's next use, want 2", n)
	}
	use("DE")
	if n := loads.Load(); n != 3 {
		t.Fatalf("%d loads after DE's next use, want 3", n)
	}
	now = now.Add(time.Hour)
	if got := r.UnloadUnused(time.Minute); !slices.Equal(sortedCopy(got), []string{"DE", "FR"}) {
		t.Fatalf("after an hour let go of %v, want DE and FR", got)
	}
}

func sortedCopy(s []string) []string {
	s = slices.Clone(s)
	slices.Sort(s)
	return s
}
