package store_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"
	"time"

	explorer "explorer"
	"explorer/internal/testkit"
	"explorer/poles"
)

// TestUpdatePoleWritesTheDifference checks that whatever the old and new
// parts, the pole holds exactly the new ones in order afterwards.
func TestUpdatePoleWritesTheDifference(t *testing.T) {
	db := testkit.OpenDB(t)
	ctx := context.Background()
	now := time.UnixMilli(1767000000000).UTC()
	u := &explorer.User{Username: "ann", PasswordHash: "h", Role: "user", Status: "active", Created: now, PasswordChanged: now}
	p := &poles.Pole{Name: "P", Language: "EN", Created: now, Updated: now}
	err := db.InTx(ctx, func(ctx context.Context) error {
		if err := db.CreateUser(ctx, u); err != nil {
			return err
		}
		p.OwnerID = u.ID
		return db.CreatePole(ctx, p)
	})
	if err != nil {
		t.Fatal(err)
	}
	rnd := rand.New(rand.NewPCG(1, 2))
	// Terms come from a small vocabulary so that lists share prefixes.
	randomParts := func(from []poles.PolePart) []poles.PolePart {
		out := append([]poles.PolePart(nil), from...)
		switch rnd.IntN(6) {
		case 0: // append
			out = append(out, poles.PolePart{Term: fmt.Sprintf("t%d", rnd.IntN(1000)), Weight: 1})
		case 1: // change one weight
			if len(out) > 0 {
				out[rnd.IntN(len(out))].Weight = rnd.Float64()
			}
		case 2: // change many weights
			for i := range out {
				out[i].Weight = rnd.Float64()
			}
		case 3: // remove one
			if len(out) > 0 {
				i := rnd.IntN(len(out))
				out = append(out[:i], out[i+1:]...)
			}
		case 4: // shuffle
			rnd.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
		case 5: // replace
			out = nil
			for i := rnd.IntN(60); i > 0; i-- {
				out = append(out, poles.PolePart{Term: fmt.Sprintf("t%d", rnd.IntN(1000)), Weight: float64(i)})
			}
		}
		// Each term once, as the service guarantees.
		seen := map[string]bool{}
		uniq := []poles.PolePart{}
		for _, part := range out {
			if !seen[part.Term] {
				seen[part.Term] = true
				uniq = append(uniq, part)
			}
		}
		return uniq
	}
	current := []poles.PolePart{}
	for step := 0; step < 300; step++ {
		next := randomParts(current)
		err := db.InTx(ctx, func(ctx context.Context) error {
			got, err := db.FindPoleForUpdate(ctx, p.ID)
			if err != nil {
				return err
			}
			got.Parts, got.Name = next, fmt.Sprintf("P%d", step)
			return db.UpdatePole(ctx, got, current)
		})
		if err != nil {
			t.Fatalf("step %d: %v", step, err)
		}
		got, err := db.FindPoleByID(ctx, p.ID)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got.Parts, next) || got.Name != fmt.Sprintf("P%d", step) || got.Owner != "ann" {
			t.Fatalf("step %d: stored %v, want %v", step, got.Parts, next)
		}
		current = next
	}
	// A term twice is refused by the database, too.
	err = db.InTx(ctx, func(ctx context.Context) error {
		return db.CreatePole(ctx, &poles.Pole{OwnerID: u.ID, Name: "D", Language: "EN", Created: now, Updated: now,
			Parts: []poles.PolePart{{Term: "a", Weight: 1}, {Term: " A", Weight: 2}}})
	})
	if explorer.ErrorCode(err) != explorer.EINVALID {
		t.Fatalf("duplicate term: %v", err)
	}
	// Deleting removes the pole and its parts.
	if err := db.InTx(ctx, func(ctx context.Context) error { return db.DeletePole(ctx, p.ID) }); err != nil {
		t.Fatal(err)
	}
	if _, err := db.FindPoleByID(ctx, p.ID); explorer.ErrorCode(err) != explorer.ENOTFOUND {
		t.Fatalf("after delete: %v", err)
	}
	if err := db.DeletePole(ctx, p.ID); explorer.ErrorCode(err) != explorer.ENOTFOUND {
		t.Fatalf("deleting twice: %v", err)
	}
	if list, err := db.FindPoles(ctx, poles.PoleFilter{OwnerIDs: []int64{u.ID}}); err != nil || len(list) != 0 {
		t.Fatalf("list %v %v", list, err)
	}
}
