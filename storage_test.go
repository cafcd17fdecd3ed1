package explorer_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	explorer "explorer"
	"explorer/internal/testkit"
	mdl "explorer/models"
	pls "explorer/poles"
	"explorer/projects"
)

func randomGroups(r *rand.Rand, n int) []explorer.Group {
	groups := make([]explorer.Group, 1+r.IntN(3))
	for gi := range groups {
		groups[gi].Title = fmt.Sprintf("g%d", gi)
		for ti := 0; ti < 1+r.IntN(n); ti++ {
			terms := make([]string, 1+r.IntN(8))
			for i := range terms {
				terms[i] = fmt.Sprintf("wörd%d", r.IntN(200))
			}
			groups[gi].Topics = append(groups[gi].Topics, explorer.Topic{Title: fmt.Sprintf("t%d", ti), Terms: terms})
		}
	}
	return groups
}

func randomParts(r *rand.Rand) []pls.PartInput {
	parts := make([]pls.PartInput, r.IntN(30))
	for i := range parts {
		parts[i] = pls.PartInput{Term: fmt.Sprintf("Térm %d %s", r.IntN(60), strings.Repeat("é", r.IntN(20)))}
	}
	return parts
}

// TestStorageCounterMatchesData runs a random mix of every kind of write
// and delete, by owners and by a user a model is shared with, and checks
// after each that every counter equals the stored bytes recomputed.
func TestStorageCounterMatchesData(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	e.AddUser("bob", "")
	r := rand.New(rand.NewPCG(18, 5))
	csv, _ := testkit.SurveyCSV(40)
	ann, bob := e.As("ann"), e.As("bob")
	var models, poles, projectIDs []int64
	pick := func(ids []int64) int64 { return ids[r.IntN(len(ids))] }
	project := e.ImportProject("ann", "survey", csv)
	projectIDs = append(projectIDs, project.ID)
	steps := []func() (string, error){
		func() (string, error) {
			m, err := e.Svc.UploadModel(ann, mdl.UploadModelInput{File: testkit.CSVFile([]byte("Index,Label,Terms\n1,a,\"b,c\"\n2,d,é\n"))})
			if err == nil {
				models = append(models, m.ID)
			}
			return "upload", err
		},
		func() (string, error) {
			m, err := e.Svc.CreateModelFromProject(ann, pick(projectIDs), mdl.ModelUpdate{Dynamic: r.IntN(2) == 0})
			if err == nil {
				models = append(models, m.ID)
			}
			return "model from project", err
		},
		func() (string, error) {
			if len(models) == 0 {
				return "no model", nil
			}
			groups := randomGroups(r, 6)
			_, err := e.Svc.UpdateModel(ann, pick(models), mdl.ModelInput{Groups: &groups})
			return "model update", err
		},
		func() (string, error) {
			if len(models) == 0 {
				return "no model", nil
			}
			_, _, err := e.Svc.RestoreModelVersion(ann, pick(models), 1)
			return "restore", err
		},
		func() (string, error) {
			p, err := e.Svc.CreatePole(ann, pls.PoleInput{Name: "pöle", Description: strings.Repeat("d", r.IntN(50)), Language: "EN", Parts: randomParts(r)})
			if err == nil {
				poles = append(poles, p.ID)
			}
			return "pole create", err
		},
		func() (string, error) {
			if len(poles) == 0 {
				return "no pole", nil
			}
			_, err := e.Svc.UpdatePole(ann, pick(poles), pls.PoleInput{Name: "n", Description: strings.Repeat("ü", r.IntN(9)), Language: "EN", Parts: randomParts(r)}, r.IntN(2) == 0)
			return "pole update", err
		},
		func() (string, error) {
			if len(poles) == 0 {
				return "no pole", nil
			}
			name := strings.Repeat("N", 1+r.IntN(30))
			_, err := e.Svc.EditPole(ann, pick(poles), pls.PoleEdit{Name: &name, Set: randomParts(r), Remove: []string{"Térm 1", "térm 2"}})
			return "pole edit", err
		},
		func() (string, error) {
			p, err := e.Svc.ImportProject(ann, projects.ImportProjectInput{Title: "p", File: testkit.CSVFile(csv)})
			if err == nil {
				projectIDs = append(projectIDs, p.ID)
			}
			return "import", err
		},
		func() (string, error) {
			_, err := e.Svc.AppendProjectRows(ann, pick(projectIDs), testkit.CSVFile(csv))
			return "append", err
		},
		func() (string, error) {
			_, err := e.Svc.ExploreProject(ann, pick(projectIDs), "")
			return "explore", err
		},
		func() (string, error) {
			if len(models) == 0 {
				return "no model", nil
			}
			return "apply", e.Svc.ApplyModel(ann, pick(projectIDs), pick(models))
		},
		func() (string, error) {
			p, err := e.Svc.CreateProject(bob, projects.NewProject{Title: "bob's", Groups: randomGroups(r, 3), IgnoreTerms: []string{"x"},
				Headers: []explorer.ProjectHeader{{Header: "Text"}, {Header: "Note ünïcode"}}})
			if err == nil {
				return "bob's project", e.Svc.DeleteProject(bob, p.ID)
			}
			return "bob's project", err
		},
	}
	deletes := []func() (string, error){
		func() (string, error) {
			if len(models) < 2 {
				return "keep", nil
			}
			i := r.IntN(len(models))
			id := models[i]
			models = append(models[:i], models[i+1:]...)
			return "model delete", e.Svc.DeleteModel(ann, id)
		},
		func() (string, error) {
			if len(poles) < 2 {
				return "keep", nil
			}
			i := r.IntN(len(poles))
			id := poles[i]
			poles = append(poles[:i], poles[i+1:]...)
			_, err := e.Svc.DeletePole(ann, id)
			return "pole delete", err
		},
		func() (string, error) {
			if len(projectIDs) < 2 {
				return "keep", nil
			}
			i := r.IntN(len(projectIDs))
			id := projectIDs[i]
			projectIDs = append(projectIDs[:i], projectIDs[i+1:]...)
			return "project delete", e.Svc.DeleteProject(ann, id)
		},
	}
	testkit.CheckStorage(t, e, "import", "ann", "bob")
	for i := range 120 {
		step := steps[r.IntN(len(steps))]
		if i%4 == 3 {
			step = deletes[r.IntN(len(deletes))]
		}
		name, err := step()
		if err != nil && explorer.ErrorCode(err) != explorer.ECONFLICT {
			t.Fatalf("step %d %s: %v", i, name, err)
		}
		testkit.CheckStorage(t, e, fmt.Sprintf("step %d %s", i, name), "ann", "bob")
	}
	// A model of ann's that bob edits is charged to ann.
	if len(models) == 0 {
		t.Fatal("no model left")
	}
	m := models[0]
	if _, err := e.Svc.ShareModel(ann, m, "bob", "READ_WRITE"); err != nil {
		t.Fatal(err)
	}
	invs, _, err := e.Svc.ModelInvitationsPage(bob, explorer.Page{})
	if err != nil || len(invs) != 1 {
		t.Fatalf("invitations %v %v", invs, err)
	}
	if err := e.Svc.AcceptModelInvitation(bob, invs[0].ID); err != nil {
		t.Fatal(err)
	}
	groups := randomGroups(r, 20)
	if _, err := e.Svc.UpdateModel(bob, m, mdl.ModelInput{Groups: &groups}); err != nil {
		t.Fatal(err)
	}
	testkit.CheckStorage(t, e, "bob's edit", "ann", "bob")
	if used, _ := e.Svc.Storage(bob); used.Used != 0 {
		t.Fatalf("bob stores %d bytes", used.Used)
	}
	// Every object deleted: nothing is stored.
	for _, id := range models {
		if err := e.Svc.DeleteModel(ann, id); err != nil {
			t.Fatal(err)
		}
	}
	for _, id := range poles {
		if _, err := e.Svc.DeletePole(ann, id); err != nil {
			t.Fatal(err)
		}
	}
	for _, id := range projectIDs {
		if err := e.Svc.DeleteProject(ann, id); err != nil {
			t.Fatal(err)
		}
	}
	if use, err := e.Svc.Storage(ann); err != nil || use.Used != 0 {
		t.Fatalf("after deleting everything: %+v %v", use, err)
	}
}

// A project import that would pass the storage budget stops reading
// when the budget is spent and keeps no row; the message names the
// budget and the use.
func TestStorageBudgetImport(t *testing.T) {
	e := testkit.New(t, func(o *explorer.Options) { o.Budgets.Storage = 200 << 10 })
	e.AddUser("ann", "")
	csv, _ := testkit.SurveyCSV(3000)
	if len(csv) < 200<<10 {
		t.Fatalf("survey of %d bytes", len(csv))
	}
	ctx := e.As("ann")
	_, err := e.Svc.ImportProject(ctx, projects.ImportProjectInput{Title: "big", File: testkit.CSVFile(csv)})
	if explorer.ErrorCode(err) != explorer.ETOOLARGE || !strings.Contains(explorer.ErrorMessage(err), "storage budget (200 KiB allowed,") {
		t.Fatalf("got %v", err)
	}
	list, _ := e.Svc.Projects(ctx)
	if n, _ := e.DB.CountProjectRows(ctx, list[0].ID); len(list) != 1 || n != 0 {
		t.Fatalf("%d projects, %d rows kept", len(list), n)
	}
	testkit.CheckStorage(t, e, "refused import", "ann")
	small, _ := testkit.SurveyCSV(100)
	p := e.ImportProject("ann", "small", small)
	// Appending until the budget is spent: refused, nothing added.
	var refused error
	for range 40 {
		if _, refused = e.Svc.AppendProjectRows(ctx, p.ID, testkit.CSVFile(small)); refused != nil {
			break
		}
	}
	if explorer.ErrorCode(refused) != explorer.ETOOLARGE || !strings.Contains(explorer.ErrorMessage(refused), "storage budget") {
		t.Fatalf("append: %v", refused)
	}
	testkit.CheckStorage(t, e, "refused append", "ann")
	use, _ := e.Svc.Storage(ctx)
	if use.Used > use.Budget || use.Budget != 200<<10 {
		t.Fatalf("use %+v", use)
	}
}

func TestFormatAndParseSize(t *testing.T) {
	for n, want := range map[int64]string{0: "0 bytes", 1: "1 byte", 1023: "1023 bytes", 1024: "1 KiB", 1536: "1.5 KiB",
		312 << 20: "312 MiB", 1<<30 - 1: "1023 MiB", 1 << 30: "1 GiB", 1288490188: "1.1 GiB", 27682406: "26.3 MiB", 150<<20 + 1: "150 MiB"} {
		if got := explorer.FormatBytes(n); got != want {
			t.Errorf("FormatBytes(%d) = %q, want %q", n, got, want)
		}
	}
	for in, want := range map[string]int64{"1": 1, "1GiB": 1 << 30, " 2 mib ": 2 << 20, "1.5KiB": 1536, "10MB": 10e6, "3 B": 3, "1TiB": 1 << 40} {
		if got, err := explorer.ParseSize(in); err != nil || got != want {
			t.Errorf("ParseSize(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	for _, in := range []string{"", "0", "0.5", "-1", "1e3", "0x10", "lots", "GiB", "NaN", "Inf", "2000TiB", "1_000"} {
		if _, err := explorer.ParseSize(in); err == nil {
			t.Errorf("ParseSize(%q) accepted", in)
		}
	}
}

// Concurrent writes of one user never pass its storage budget together
// (on PostgreSQL they serialise on the user's counter).
func TestStorageBudgetConcurrentWrites(t *testing.T) {
	const budget = 64 << 10
	e := testkit.New(t, func(o *explorer.Options) { o.Budgets.Storage = budget })
	e.AddUser("ann", "")
	ctx := e.As("ann")
	parts := func(tag int) []pls.PartInput {
		out := make([]pls.PartInput, 100)
		for i := range out {
			out[i] = pls.PartInput{Term: fmt.Sprintf("%d-%03d-%s", tag, i, strings.Repeat("x", 80))}
		}
		return out
	}
	errs := make(chan error, 8)
	for g := range 8 {
		go func() {
			_, err := e.Svc.CreatePole(ctx, pls.PoleInput{Name: "p", Language: "EN", Parts: parts(g)})
			errs <- err
		}()
	}
	ok := 0
	for range 8 {
		err := <-errs
		switch explorer.ErrorCode(err) {
		case "":
			ok++
		case explorer.ETOOLARGE, explorer.EUNAVAILABLE:
		default:
			t.Fatal(err)
		}
	}
	testkit.CheckStorage(t, e, "concurrent poles", "ann")
	use, err := e.Svc.Storage(ctx)
	if err != nil || use.Used > budget || ok == 0 || ok > 3 { // 3 poles of 18,001 bytes fit in 64 KiB
		t.Fatalf("%d poles stored, %+v %v", ok, use, err)
	}
}
