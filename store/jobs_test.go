package store_test

import (
	"context"
	"explorer/projects"
	"fmt"
	"sync"
	"testing"
	"time"

	explorer "explorer"
	"explorer/internal/testkit"
	"explorer/store"
)

func jobUser(t *testing.T, db *store.DB, name string) int64 {
	t.Helper()
	now := time.UnixMilli(1767000000000).UTC()
	u := &explorer.User{Username: name, PasswordHash: "h", Role: explorer.RoleUser, Status: explorer.StatusActive, Created: now, PasswordChanged: now}
	if err := db.CreateUser(context.Background(), u); err != nil {
		t.Fatal(err)
	}
	return u.ID
}

// TestJobsClaimedOnceAcrossInstances: two handles on one database (two
// instances; PostgreSQL with EXPLORER_TEST_POSTGRES) claim jobs at once
// from many goroutines: every job is claimed exactly once, and a user
// never has two jobs running.
func TestJobsClaimedOnceAcrossInstances(t *testing.T) {
	a, b := testkit.OpenSharedDBs(t)
	ctx := context.Background()
	now := time.UnixMilli(1767000000000).UTC()
	users := []int64{jobUser(t, a, "ann-jobs"), jobUser(t, a, "bob-jobs"), jobUser(t, a, "cid-jobs")}
	const perUser = 5
	for i := range perUser {
		for _, u := range users {
			if err := a.CreateJob(ctx, &projects.Job{OwnerID: u, Kind: projects.JobExplore, ProjectID: int64(i + 1), Created: now}, perUser); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := a.CreateJob(ctx, &projects.Job{OwnerID: users[0], Kind: projects.JobExplore, ProjectID: 9, Created: now}, perUser); explorer.ErrorCode(err) != explorer.ETHROTTLED {
		t.Fatalf("a sixth queued job: %v", err)
	}
	var mu sync.Mutex
	claims := map[int64]string{}
	for round := 0; round < perUser; round++ {
		var wg sync.WaitGroup
		var running []*projects.Job
		for i := range 8 {
			db, inst := a, "a"
			if i%2 == 1 {
				db, inst = b, "b"
			}
			wg.Add(1)
			go func() {
				defer wg.Done()
				for {
					j, err := db.ClaimJob(ctx, inst, now)
					if err != nil {
						t.Error(err)
						return
					}
					if j == nil {
						return
					}
					mu.Lock()
					if prev, ok := claims[j.ID]; ok {
						t.Errorf("job %d claimed by %s and %s", j.ID, prev, inst)
					}
					claims[j.ID] = inst
					running = append(running, j)
					mu.Unlock()
				}
			}()
		}
		wg.Wait()
		owners := map[int64]bool{}
		for _, j := range running {
			if owners[j.OwnerID] {
				t.Fatalf("round %d: user %d has two jobs running", round, j.OwnerID)
			}
			owners[j.OwnerID] = true
		}
		if len(running) != len(users) {
			t.Fatalf("round %d: %d jobs claimed, want one per user", round, len(running))
		}
		for _, j := range running {
			if err := b.EndJob(ctx, j.ID, projects.JobEnd{State: projects.JobDone}, now); err != nil {
				t.Fatal(err)
			}
		}
	}
	if len(claims) != perUser*len(users) {
		t.Fatalf("%d jobs claimed, want %d", len(claims), perUser*len(users))
	}
	t.Logf("claims: %s", fmt.Sprint(len(claims)))
}

// TestJobsProgressCancelInterrupt: progress is written and read by the
// other instance, a cancel flags a running job and cancels a queued one,
// and a start marks its own instance's running jobs interrupted.
func TestJobsProgressCancelInterrupt(t *testing.T) {
	a, b := testkit.OpenSharedDBs(t)
	ctx := context.Background()
	now := time.UnixMilli(1767000000000).UTC()
	ann, bob := jobUser(t, a, "ann-jobs2"), jobUser(t, a, "bob-jobs2")
	ja := &projects.Job{OwnerID: ann, Kind: projects.JobExplore, ProjectID: 1, Created: now}
	jb := &projects.Job{OwnerID: bob, Kind: projects.JobImport, ProjectID: 2, Created: now, Pinned: true, Instance: "b", Unit: projects.UnitBytes, Total: 100}
	queued := &projects.Job{OwnerID: ann, Kind: projects.JobApply, ProjectID: 1, ModelID: 7, Created: now}
	for _, j := range []*projects.Job{ja, jb, queued} {
		if err := a.CreateJob(ctx, j, 5); err != nil {
			t.Fatal(err)
		}
	}
	// Instance a may not claim b's pinned import.
	got, err := a.ClaimJob(ctx, "a", now)
	if err != nil || got == nil || got.ID != ja.ID {
		t.Fatalf("a claimed %+v %v", got, err)
	}
	if got, err := a.ClaimJob(ctx, "a", now); err != nil || got != nil {
		t.Fatalf("a claimed a pinned or second job of ann: %+v %v", got, err)
	}
	if got, err := b.ClaimJob(ctx, "b", now); err != nil || got == nil || got.ID != jb.ID || got.Unit != projects.UnitBytes {
		t.Fatalf("b claimed %+v %v", got, err)
	}
	if asked, err := a.SetJobProgress(ctx, ja.ID, 40, 120, now); err != nil || asked {
		t.Fatal(asked, err)
	}
	if j, err := b.FindJob(ctx, ja.ID); err != nil || j.Done != 40 || j.Total != 120 || j.State != projects.JobRunning || j.Instance != "a" {
		t.Fatalf("b reads %+v %v", j, err)
	}
	if cancelled, err := b.AskJobCancel(ctx, ja.ID, now); err != nil || cancelled {
		t.Fatal(cancelled, err)
	}
	if asked, err := a.SetJobProgress(ctx, ja.ID, 50, 120, now); err != nil || !asked {
		t.Fatalf("the running instance was not told of the cancel: %v %v", asked, err)
	}
	if cancelled, err := b.AskJobCancel(ctx, queued.ID, now); err != nil || !cancelled {
		t.Fatal(cancelled, err)
	}
	// A restart of b interrupts b's job only.
	list, err := b.InterruptJobs(ctx, "b", "interrupted", now)
	if err != nil || len(list) != 1 || list[0].ID != jb.ID {
		t.Fatalf("interrupted %+v %v", list, err)
	}
	if j, _ := a.FindJob(ctx, ja.ID); j.State != projects.JobRunning {
		t.Fatalf("a's job %+v", j)
	}
	if err := a.EndJob(ctx, ja.ID, projects.JobEnd{State: projects.JobCancelled, Message: "cancelled"}, now); err != nil {
		t.Fatal(err)
	}
	if err := a.PruneJobs(ctx, ann, 1); err != nil {
		t.Fatal(err)
	}
	if l, _ := a.FindUserJobs(ctx, ann, 10); len(l) != 1 || l[0].ID != queued.ID {
		t.Fatalf("kept %+v", l)
	}
}

// TestJobsClaimUserJobsFirst: a measurement queued before a job its
// owner asked for (by another user's change to a shared model, say) is
// claimed after it.
func TestJobsClaimUserJobsFirst(t *testing.T) {
	a, _ := testkit.OpenSharedDBs(t)
	ctx := context.Background()
	now := time.UnixMilli(1767000000000).UTC()
	ann := jobUser(t, a, "ann-jobs3")
	measure := &projects.Job{OwnerID: ann, Kind: projects.JobMeasure, ProjectID: 1, Created: now}
	explore := &projects.Job{OwnerID: ann, Kind: projects.JobExplore, ProjectID: 2, Created: now}
	for _, j := range []*projects.Job{measure, explore} {
		if err := a.CreateJob(ctx, j, 5); err != nil {
			t.Fatal(err)
		}
	}
	for _, want := range []*projects.Job{explore, measure} {
		got, err := a.ClaimJob(ctx, "a", now)
		if err != nil || got == nil || got.ID != want.ID {
			t.Fatalf("claimed %+v %v, want the %s job", got, err, want.Kind)
		}
		if err := a.EndJob(ctx, got.ID, projects.JobEnd{State: projects.JobDone}, now); err != nil {
			t.Fatal(err)
		}
	}
}
