package projects_test

import (
	"context"
	"strings"
	"testing"

	explorer "explorer"
	"explorer/internal/testkit"
	"explorer/wordspace"
)

// A project's space is built once at a time, and the server builds at
// most explorer.ProjectSpaceBuildsAtOnce at once: a build past either is refused
// at once, ETHROTTLED with a Retry-After, not queued; once the running
// build ended, the refused one goes through.
func TestProjectSpaceBuildsAreAdmitted(t *testing.T) {
	held := testkit.NewHeldProjectSpaces()
	e := testkit.New(t, func(o *explorer.Options) { o.ProjectSpaces = held })
	e.AddUser("ann", "")
	e.AddUser("bob", "")
	ann, bob := e.As("ann"), e.As("bob")
	p1 := e.ImportProject("ann", "One", testkit.MadeUpCSV(300))
	p2 := e.ImportProject("bob", "Two", testkit.MadeUpCSV(300))
	for _, x := range []struct {
		ctx context.Context
		id  int64
	}{{ann, p1.ID}, {bob, p2.ID}} {
		if _, err := e.Svc.ExploreProject(x.ctx, x.id, "comment"); err != nil {
			t.Fatal(err)
		}
	}
	done := make(chan error, 1)
	go func() {
		_, err := e.Svc.BuildProjectSpace(ann, p1.ID)
		done <- err
	}()
	<-held.Started
	for _, x := range []struct {
		ctx  context.Context
		id   int64
		want string
	}{{ann, p1.ID, "already being built"}, {bob, p2.ID, "the most this server builds at once"}} {
		_, err := e.Svc.BuildProjectSpace(x.ctx, x.id)
		var ee *explorer.Error
		if explorer.ErrorCode(err) != explorer.ETHROTTLED || !strings.Contains(explorer.ErrorMessage(err), x.want) {
			t.Errorf("project %d while one builds: %v", x.id, err)
		} else if ee = explorer.AsError(err); ee.RetryAfter <= 0 {
			t.Errorf("no Retry-After: %+v", ee)
		}
	}
	close(held.Release)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if _, err := e.Svc.BuildProjectSpace(bob, p2.ID); err != nil {
		t.Fatalf("after the first build ended: %v", err)
	}
}

// storedSpace is the size of the file of ann's one stored EN space, 0
// when she has none.
func storedSpace(t *testing.T, e *testkit.Env) int64 {
	t.Helper()
	ann, err := e.DB.FindUserByName(context.Background(), "ann")
	if err != nil {
		t.Fatal(err)
	}
	var n int64
	for _, account := range []int64{ann.ID} { // her own account pays
		vs, err := e.DB.ProjectSpaceVersions(context.Background(), account, "EN", 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range vs {
			data, err := e.DB.ProjectSpaceData(context.Background(), v.Project, v.Version)
			if err != nil {
				t.Fatal(err)
			}
			n += int64(len(data))
		}
	}
	return n
}

// The file of a project's space counts against its owner's storage
// budget: a build past it is refused ETOOLARGE and keeps no space; one
// within it is charged the file's bytes, which the project's deletion
// gives back. The counter always equals the recount.
func TestProjectSpaceCountsAgainstStorage(t *testing.T) {
	build := func(budget int64) (*testkit.Env, *explorer.Project, error) {
		e := testkit.New(t, func(o *explorer.Options) {
			o.ProjectSpaces = wordspace.NewProjectSpaces()
			o.Budgets.Storage = budget
		})
		e.AddUser("ann", "")
		p := e.ImportProject("ann", "Cafe", testkit.MadeUpCSV(400))
		if _, err := e.Svc.ExploreProject(e.As("ann"), p.ID, "comment"); err != nil {
			t.Fatal(err)
		}
		_, err := e.Svc.BuildProjectSpace(e.As("ann"), p.ID)
		return e, p, err
	}
	used := func(e *testkit.Env) int64 {
		use, err := e.Svc.Storage(e.As("ann"))
		if err != nil {
			t.Fatal(err)
		}
		return use.Used
	}
	e, p, err := build(64 << 20)
	if err != nil {
		t.Fatal(err)
	}
	size := storedSpace(t, e)
	if size == 0 {
		t.Fatal("no space stored")
	}
	withSpace := used(e)
	testkit.CheckStorage(t, e, "a build", "ann")
	if err := e.Svc.DeleteProject(e.As("ann"), p.ID); err != nil {
		t.Fatal(err)
	}
	if got := used(e); got != 0 || storedSpace(t, e) != 0 {
		t.Fatalf("after the deletion: %d bytes used, a space of %d bytes kept", got, storedSpace(t, e))
	}
	testkit.CheckStorage(t, e, "the deletion", "ann")
	project := withSpace - size // what the project stores without its space
	e, _, err = build(project + size/2)
	if explorer.ErrorCode(err) != explorer.ETOOLARGE || !strings.Contains(explorer.ErrorMessage(err), "storage budget") {
		t.Fatalf("a space past the budget: %v", err)
	}
	if n := storedSpace(t, e); n != 0 {
		t.Fatalf("a space of %d bytes kept", n)
	}
	if got := used(e); got != project {
		t.Fatalf("used %d after a refused build, want %d", got, project)
	}
	testkit.CheckStorage(t, e, "a refused build", "ann")
}

// beforeKeep is a ProjectSpaces that runs then once the space is
// trained, before it is kept.
type beforeKeep struct {
	*wordspace.ProjectSpaces
	then func()
}

func (a *beforeKeep) BuildProjectSpace(ctx context.Context, lang string, texts func(func(string)) error, keep func([]byte) error) (explorer.ProjectSpaceInfo, error) {
	return a.ProjectSpaces.BuildProjectSpace(ctx, lang, texts, func(data []byte) error {
		a.then()
		return keep(data)
	})
}

// A project deleted while its words are learnt keeps no space (it would
// be suggested from, charged to nobody): the build is ENOTFOUND.
func TestProjectSpaceOfDeletedProjectIsNotKept(t *testing.T) {
	bk := &beforeKeep{ProjectSpaces: wordspace.NewProjectSpaces()}
	e := testkit.New(t, func(o *explorer.Options) { o.ProjectSpaces = bk })
	e.AddUser("ann", "")
	ann := e.As("ann")
	p := e.ImportProject("ann", "Cafe", testkit.MadeUpCSV(300))
	if _, err := e.Svc.ExploreProject(ann, p.ID, "comment"); err != nil {
		t.Fatal(err)
	}
	bk.then = func() {
		if err := e.Svc.DeleteProject(ann, p.ID); err != nil {
			t.Error(err)
		}
	}
	if _, err := e.Svc.BuildProjectSpace(ann, p.ID); explorer.ErrorCode(err) != explorer.ENOTFOUND {
		t.Errorf("build of a project deleted meanwhile: %v", err)
	}
	if n := storedSpace(t, e); n != 0 {
		t.Fatalf("a space of %d bytes kept", n)
	}
}
