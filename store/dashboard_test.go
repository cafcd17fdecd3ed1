package store_test

import (
	"cmp"
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	explorer "explorer"
	"explorer/accounts"
	"explorer/internal/testkit"
	"explorer/models"
)

// TestRecentVersionsAsAWholeSort: the start page's newest versions,
// read through the models' newest version time, are those a sort of
// every version of the models the user owns or shares would give (ties
// on time broken by model id, then version, both descending), with the
// models' titles; another user's unshared models never appear.
func TestRecentVersionsAsAWholeSort(t *testing.T) {
	db := testkit.OpenDB(t)
	ctx := context.Background()
	r := rand.New(rand.NewPCG(3, 4))
	base := time.UnixMilli(1767000000000).UTC()
	users := make([]int64, 3)
	for i := range users {
		u := &explorer.User{Username: fmt.Sprint("rv", i), PasswordHash: "h", Role: explorer.RoleUser, Status: explorer.StatusActive, Created: base, PasswordChanged: base}
		if err := db.CreateUser(ctx, u); err != nil {
			t.Fatal(err)
		}
		users[i] = u.ID
	}
	type version struct {
		v     accounts.RecentVersion
		owner int64
	}
	var all []version
	shared := map[int64]bool{}
	for k := range 30 {
		owner := users[k%3]
		title := fmt.Sprint("model ", k)
		// Few distinct times, so that versions tie on time.
		at := base.Add(time.Duration(r.IntN(20)) * time.Minute)
		m := &models.ModelRecord{Title: &title, Type: models.ModelStandard, Language: "EN", OwnerID: owner, Created: at, Version: 1, NextGroupID: 1, NextTopicID: 1, NextIgnoreTermID: 1}
		s := explorer.Structure{}
		err := db.InTx(ctx, func(ctx context.Context) error {
			if err := db.CreateModel(ctx, m, &s); err != nil {
				return err
			}
			all = append(all, version{accounts.RecentVersion{ModelID: m.ID, Title: title, Version: 1, Created: at}, owner})
			for v := 2; v <= 1+r.IntN(12); v++ {
				at = at.Add(time.Duration(r.IntN(3)) * time.Minute)
				if err := db.CreateModelVersion(ctx, m.ID, v, at, owner, &s); err != nil {
					return err
				}
				all = append(all, version{accounts.RecentVersion{ModelID: m.ID, Title: title, Version: v, Created: at}, owner})
			}
			if owner == users[1] && k%2 == 0 {
				shared[m.ID] = true
				return db.CreateModelAccess(ctx, &models.ModelAccess{ModelID: m.ID, UserID: users[0], Rights: "READ", Created: at})
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	slices.SortFunc(all, func(a, b version) int {
		if c := b.v.Created.Compare(a.v.Created); c != 0 {
			return c
		}
		if c := cmp.Compare(b.v.ModelID, a.v.ModelID); c != 0 {
			return c
		}
		return cmp.Compare(b.v.Version, a.v.Version)
	})
	for _, limit := range []int{1, 5, 9} {
		for i, u := range users {
			var want []string
			for _, v := range all {
				if len(want) < limit && (v.owner == u || (i == 0 && shared[v.v.ModelID])) {
					want = append(want, fmt.Sprintf("%d/%d %s %d", v.v.ModelID, v.v.Version, v.v.Title, v.v.Created.UnixMilli()))
				}
			}
			got, err := db.FindRecentVersions(ctx, u, limit)
			if err != nil {
				t.Fatal(err)
			}
			var have []string
			for _, v := range got {
				if v.CreatedBy == nil {
					t.Fatalf("version %d/%d without its author", v.ModelID, v.Version)
				}
				have = append(have, fmt.Sprintf("%d/%d %s %d", v.ModelID, v.Version, v.Title, v.Created.UnixMilli()))
			}
			if !slices.Equal(have, want) {
				t.Fatalf("user %d, limit %d:\n got %v\nwant %v", i, limit, have, want)
			}
		}
	}
}

// TestRecentVersionsAfterAmendment: a version amended by the editor is
// its model's newest change, so the model comes first among the recent
// versions although its versions were made before the others'.
func TestRecentVersionsAfterAmendment(t *testing.T) {
	db := testkit.OpenDB(t)
	ctx := context.Background()
	base := time.UnixMilli(1767000000000).UTC()
	u := &explorer.User{Username: "amender", PasswordHash: "h", Role: explorer.RoleUser, Status: explorer.StatusActive, Created: base, PasswordChanged: base}
	if err := db.CreateUser(ctx, u); err != nil {
		t.Fatal(err)
	}
	var ids []int64
	var recs []*models.ModelRecord
	for k := range 3 {
		title := fmt.Sprint("model ", k)
		at := base.Add(time.Duration(k) * time.Minute)
		m := &models.ModelRecord{Title: &title, Type: models.ModelStandard, Language: "EN", OwnerID: u.ID, Created: at, Version: 1, NextGroupID: 1, NextTopicID: 1, NextIgnoreTermID: 1}
		err := db.InTx(ctx, func(ctx context.Context) error {
			if err := db.CreateModel(ctx, m, &explorer.Structure{}); err != nil {
				return err
			}
			return db.CreateModelVersion(ctx, m.ID, 2, at.Add(time.Second), u.ID, &explorer.Structure{})
		})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, m.ID)
		recs = append(recs, m)
	}
	amended := base.Add(time.Hour)
	err := db.InTx(ctx, func(ctx context.Context) error {
		m := *recs[0]
		m.Version, m.Revision = 2, 1
		_, err := db.AmendModelVersion(ctx, &m, amended, &explorer.Structure{}, nil)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	got, err := db.FindRecentVersions(ctx, u.ID, 1)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0].ModelID != ids[0] || got[0].Version != 2 || !got[0].Created.Equal(amended) {
		t.Fatalf("recent versions after an amendment: got %+v, want model %d version 2 at %v", got, ids[0], amended)
	}
}
