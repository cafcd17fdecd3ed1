package explorer_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	explorer "explorer"
	"explorer/internal/testkit"
	"explorer/wordspace"
)

// A project's space is built once at a time, and the server builds at
// most ProjectSpaceBuildsAtOnce at once: a build past either is refused
// at once, ETHROTTLED with a Retry-After, not queued; once the running
// build ended, the refused one goes through.
func TestProjectSpaceBuildsAreAdmitted(t *testing.T) {
	held := testkit.NewHeldProjectSpaces(t.TempDir())
	e := testkit.New(t, func(o *explorer.Options) { o.ProjectSpaces = held })
	e.AddUser("ann", "")
	e.AddUser("bob", "")
	ann, bob := e.As("ann"), e.As("bob")
	p1 := e.ImportProject("ann", "One", madeUpCSV(300))
	p2 := e.ImportProject("bob", "Two", madeUpCSV(300))
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

// The file of a project's space counts against its owner's storage
// budget: a build past it is refused ETOOLARGE and keeps no file; one within it is charged the file's bytes, which the
// project's deletion gives back. The counter always equals the recount.
func TestProjectSpaceCountsAgainstStorage(t *testing.T) {
	build := func(budget int64) (*testkit.Env, string, *explorer.Project, error) {
		dir := t.TempDir()
		e := testkit.New(t, func(o *explorer.Options) {
			o.ProjectSpaces = wordspace.NewProjectSpaces(dir)
			o.Budgets.Storage = budget
		})
		e.AddUser("ann", "")
		p := e.ImportProject("ann", "Cafe", madeUpCSV(400))
		if _, err := e.Svc.ExploreProject(e.As("ann"), p.ID, "comment"); err != nil {
			t.Fatal(err)
		}
		_, err := e.Svc.BuildProjectSpace(e.As("ann"), p.ID)
		return e, dir, p, err
	}
	used := func(e *testkit.Env) int64 {
		use, err := e.Svc.Storage(e.As("ann"))
		if err != nil {
			t.Fatal(err)
		}
		return use.Used
	}
	e, dir, p, err := build(64 << 20)
	if err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.wordspace"))
	if len(files) != 1 {
		t.Fatalf("files: %v", files)
	}
	st, err := os.Stat(files[0])
	if err != nil {
		t.Fatal(err)
	}
	withSpace := used(e)
	checkStorage(t, e, "a build", "ann")
	if err := e.Svc.DeleteProject(e.As("ann"), p.ID); err != nil {
		t.Fatal(err)
	}
	if got := used(e); got != 0 {
		t.Fatalf("after the deletion: %d bytes used", got)
	}
	checkStorage(t, e, "the deletion", "ann")
	project := withSpace - st.Size() // what the project stores without its space
	e, dir, _, err = build(project + st.Size()/2)
	if explorer.ErrorCode(err) != explorer.ETOOLARGE || !strings.Contains(explorer.ErrorMessage(err), "storage budget") {
		t.Fatalf("a space past the budget: %v", err)
	}
	if files, _ := filepath.Glob(filepath.Join(dir, "*")); len(files) != 0 {
		t.Fatalf("files kept: %v", files)
	}
	if got := used(e); got != project {
		t.Fatalf("used %d after a refused build, want %d", got, project)
	}
	checkStorage(t, e, "a refused build", "ann")
}

// afterKeep is a ProjectSpaces that runs then once the file's size was
// accepted, before the file is put in place.
type afterKeep struct {
	*wordspace.ProjectSpaces
	then func()
}

func (a *afterKeep) BuildProjectSpace(ctx context.Context, account, project int64, lang string, texts func(func(string)) error, keep func(int64) error) (explorer.ProjectSpaceInfo, error) {
	return a.ProjectSpaces.BuildProjectSpace(ctx, account, project, lang, texts, func(n int64) error {
		err := keep(n)
		if err == nil {
			a.then()
		}
		return err
	})
}

// A project deleted while its space's file is put in place leaves no
// file behind (it would be suggested from, charged to nobody).
func TestProjectSpaceOfDeletedProjectIsNotKept(t *testing.T) {
	dir := t.TempDir()
	ak := &afterKeep{ProjectSpaces: wordspace.NewProjectSpaces(dir)}
	e := testkit.New(t, func(o *explorer.Options) { o.ProjectSpaces = ak })
	e.AddUser("ann", "")
	ann := e.As("ann")
	p := e.ImportProject("ann", "Cafe", madeUpCSV(300))
	if _, err := e.Svc.ExploreProject(ann, p.ID, "comment"); err != nil {
		t.Fatal(err)
	}
	ak.then = func() {
		if err := e.Svc.DeleteProject(ann, p.ID); err != nil {
			t.Error(err)
		}
	}
	if _, err := e.Svc.BuildProjectSpace(ann, p.ID); explorer.ErrorCode(err) != explorer.ENOTFOUND {
		t.Errorf("build of a project deleted meanwhile: %v", err)
	}
	if files, _ := filepath.Glob(filepath.Join(dir, "*")); len(files) != 0 {
		t.Fatalf("files left: %v", files)
	}
}
