package store_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"
	"time"

	explorer "explorer"
	"explorer/internal/testkit"
	"explorer/models"
	"explorer/store"
)

// versionWords are the terms random structures are made of: plain,
// unicode, JSON-escaped and HTML-escaped text, and the empty string.
var versionWords = []string{"alpha", "Beta", "gamma ray", "délai", "日本語", "quote\"back\\slash", "<b>&amp;</b>", "tab\tnew\nline", "", "emoji 🎉", "\u2028sep"}

// versionEditor makes random edits of a structure, each giving a new
// structure that shares nothing it changes with the ones before.
type versionEditor struct {
	r      *rand.Rand
	nextID int64
}

func (e *versionEditor) word() string {
	return fmt.Sprintf("%s %d", versionWords[e.r.IntN(len(versionWords))], e.r.IntN(50))
}

func (e *versionEditor) dictionary() map[string]string {
	switch e.r.IntN(4) {
	case 0:
		return nil
	case 1:
		return map[string]string{}
	}
	m := map[string]string{}
	for i := e.r.IntN(4); i >= 0; i-- {
		m[e.word()] = e.word()
	}
	return m
}

func (e *versionEditor) topic() explorer.Topic {
	e.nextID++
	t := explorer.Topic{ID: e.nextID, Title: e.word(), Dictionary: e.dictionary()}
	if e.r.IntN(8) > 0 {
		t.Terms = []string{}
		for i := e.r.IntN(6); i > 0; i-- {
			t.Terms = append(t.Terms, e.word())
		}
	}
	return t
}

// edit returns s with one random change.
func (e *versionEditor) edit(s explorer.Structure) explorer.Structure {
	groups := make([]explorer.Group, len(s.Groups))
	for i, g := range s.Groups {
		g.Topics = append([]explorer.Topic(nil), g.Topics...)
		groups[i] = g
	}
	s.Groups = groups
	if len(s.Groups) == 0 {
		e.nextID++
		s.Groups = append(s.Groups, explorer.Group{ID: e.nextID, Title: e.word()})
	}
	g := &s.Groups[e.r.IntN(len(s.Groups))]
	switch e.r.IntN(10) {
	case 0, 1, 2: // one term
		if len(g.Topics) == 0 {
			g.Topics = append(g.Topics, e.topic())
			break
		}
		t := &g.Topics[e.r.IntN(len(g.Topics))]
		t.Terms = append(append([]string{}, t.Terms...), e.word())
		if len(t.Terms) > 2 {
			t.Terms = append(t.Terms[:0:0], t.Terms[1:]...)
		}
	case 3:
		g.Topics = append(g.Topics, e.topic())
	case 4:
		if len(g.Topics) > 0 {
			i := e.r.IntN(len(g.Topics))
			g.Topics = append(g.Topics[:i:i], g.Topics[i+1:]...)
		}
	case 5:
		e.nextID++
		s.Groups = append(s.Groups, explorer.Group{ID: e.nextID, Title: e.word(), Pinned: e.r.IntN(2) == 0, Topics: []explorer.Topic{e.topic()}})
	case 6:
		g.Title, g.Pinned = e.word(), !g.Pinned
	case 7:
		s.IgnoreTerms = append(append([]explorer.IgnoreTerm{}, s.IgnoreTerms...), explorer.IgnoreTerm{ID: e.nextID, Term: e.word()})
		e.nextID++
	case 9: // only nil against empty
		for i := range g.Topics {
			t := &g.Topics[i]
			switch {
			case t.Terms == nil:
				t.Terms = []string{}
			case len(t.Terms) == 0:
				t.Terms = nil
			case t.Dictionary == nil:
				t.Dictionary = map[string]string{}
			case len(t.Dictionary) == 0:
				t.Dictionary = nil
			}
		}
		if s.IgnoreTerms == nil {
			s.IgnoreTerms = []explorer.IgnoreTerm{}
		}
	case 8:
		s.IgnoreTermsDictionary = e.dictionary()
		if len(s.Groups) > 1 {
			i := e.r.IntN(len(s.Groups))
			s.Groups = append(s.Groups[:i:i], s.Groups[i+1:]...)
		}
	}
	return s
}

// oldRepresentation is a version as whole-model versions stored and read
// it: the JSON of the structure, decoded.
func oldRepresentation(t testing.TB, s *explorer.Structure) []byte {
	t.Helper()
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	var back explorer.Structure
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	out, err := json.Marshal(&back)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// createTestModel creates a user and its model with version 1 holding s,
// and returns the ids of the model and the user.
func createTestModel(t testing.TB, db *store.DB, s *explorer.Structure) (int64, int64) {
	t.Helper()
	ctx := context.Background()
	now := time.UnixMilli(1767000000000).UTC()
	u := &explorer.User{Username: fmt.Sprintf("u%d", time.Now().UnixNano()), PasswordHash: "h", Role: explorer.RoleUser, Status: explorer.StatusActive, Created: now, PasswordChanged: now}
	m := &models.ModelRecord{Type: models.ModelStandard, Language: "EN", Created: now, Version: 1, NextGroupID: 1, NextTopicID: 1, NextIgnoreTermID: 1}
	err := db.InTx(ctx, func(ctx context.Context) error {
		if err := db.CreateUser(ctx, u); err != nil {
			return err
		}
		m.OwnerID = u.ID
		return db.CreateModel(ctx, m, s)
	})
	if err != nil {
		t.Fatal(err)
	}
	return m.ID, u.ID
}

// TestVersionsReadBackExactly stores a random sequence of edits as
// versions (some in transactions that roll back) and reads every version
// back: the same structure, nil and empty kept apart, and byte for byte
// the JSON whole-model versions answered; a second store on the same
// database, with cold caches, reads the same.
func TestVersionsReadBackExactly(t *testing.T) {
	db := testkit.OpenDB(t)
	ctx := context.Background()
	ed := &versionEditor{r: rand.New(rand.NewPCG(7, uint64(time.Now().UnixNano())))}
	cur := explorer.Structure{}
	for i := 0; i < 4; i++ {
		cur = ed.edit(cur)
	}
	id, owner := createTestModel(t, db, &cur)
	versions := []explorer.Structure{cur}
	for v := 2; v <= 150; v++ {
		next := ed.edit(cur)
		if v%10 == 0 {
			// A version that rolls back leaves nothing the next ones use.
			rolled := ed.edit(next)
			err := db.InTx(ctx, func(ctx context.Context) error {
				if err := db.CreateModelVersion(ctx, id, v, time.Now(), owner, &rolled); err != nil {
					return err
				}
				return errors.New("roll back")
			})
			if err == nil || err.Error() != "roll back" {
				t.Fatalf("rolled back version: %v", err)
			}
			if v%20 == 0 {
				next = rolled // the same parts again, stored for good
			}
		}
		if v%25 == 0 {
			next = versions[ed.r.IntN(len(versions))] // an older version again
		}
		if err := db.InTx(ctx, func(ctx context.Context) error { return db.CreateModelVersion(ctx, id, v, time.Now(), owner, &next) }); err != nil {
			t.Fatalf("version %d: %v", v, err)
		}
		versions = append(versions, next)
		cur = next
	}
	checkVersions(t, db, id, versions)
}

// checkVersions reads every version of model id and compares it with
// want.
func checkVersions(t *testing.T, db *store.DB, id int64, want []explorer.Structure) {
	t.Helper()
	ctx := context.Background()
	for i := range want {
		got, err := db.FindModelVersion(ctx, id, i+1)
		if err != nil {
			t.Fatalf("version %d: %v", i+1, err)
		}
		if !reflect.DeepEqual(*got, want[i]) {
			t.Fatalf("version %d reads back as\n%#v\nwant\n%#v", i+1, *got, want[i])
		}
		gotJSON, err := json.Marshal(got)
		if err != nil {
			t.Fatal(err)
		}
		if old := oldRepresentation(t, &want[i]); !bytes.Equal(gotJSON, old) {
			t.Fatalf("version %d: JSON\n%s\nwant\n%s", i+1, gotJSON, old)
		}
	}
}
