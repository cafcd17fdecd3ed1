package main

import (
	"context"
	"fmt"
	"path/filepath"
	"time"

	explorer "explorer"
	"explorer/models"
	"explorer/poles"
	"explorer/store"
)

// Per 1× of data: models of versionsPerModel versions, poles, projects.
const (
	modelsPerScale   = 10
	versionsPerModel = 50
	polesPerScale    = 10
	projectsPerScale = 10
)

// seed writes k× the data for the admin into the served SQLite database
// of dataDir, and returns the id of its first model (0 for k = 0). The
// versions are a day apart per model and models interleave, as a user
// who saves often leaves them; each version changes one term.
func seed(dataDir string, k int) (int64, error) {
	if k == 0 {
		return 0, nil
	}
	ctx := context.Background()
	db, err := store.OpenSQLite(ctx, filepath.Join(dataDir, "explorer.db"))
	if err != nil {
		return 0, err
	}
	defer db.Close()
	admin, err := db.FindUserByName(ctx, "admin")
	if err != nil {
		return 0, err
	}
	start := time.Now().Add(-time.Duration(versionsPerModel) * 24 * time.Hour).UTC()
	var first int64
	for i := range modelsPerScale * k {
		id, err := seedModel(ctx, db, admin.ID, i, start)
		if err != nil {
			return 0, err
		}
		if first == 0 {
			first = id
		}
	}
	err = db.InTx(ctx, func(ctx context.Context) error {
		for i := range polesPerScale * k {
			p := &poles.Pole{OwnerID: admin.ID, Name: fmt.Sprint("pole ", i), Language: "EN", Created: start, Updated: start,
				Parts: []poles.PolePart{{Term: "good", Weight: 1}, {Term: fmt.Sprint("word", i), Weight: 0.5}}}
			if err := db.CreatePole(ctx, p); err != nil {
				return err
			}
		}
		for i := range projectsPerScale * k {
			p := &explorer.Project{OwnerID: admin.ID, Title: fmt.Sprint("project ", i), Created: start, Encoding: "UTF-8",
				Status: explorer.ProjectReady, Language: "EN", Headers: []explorer.ProjectHeader{{Header: "text"}}}
			if err := db.CreateProject(ctx, p); err != nil {
				return err
			}
		}
		return nil
	})
	return first, err
}

// seedModel stores model i with its versions in one transaction.
func seedModel(ctx context.Context, db *store.DB, owner int64, i int, start time.Time) (int64, error) {
	title := fmt.Sprint("model ", i)
	m := &models.ModelRecord{Title: &title, Type: models.ModelStandard, Language: "EN", OwnerID: owner, Created: start,
		Version: 1, NextGroupID: 2, NextTopicID: 4, NextIgnoreTermID: 1}
	err := db.InTx(ctx, func(ctx context.Context) error {
		if err := db.CreateModel(ctx, m, structure(i, 1)); err != nil {
			return err
		}
		for v := 2; v <= versionsPerModel; v++ {
			at := start.Add(time.Duration(v)*24*time.Hour + time.Duration(i)*time.Second)
			if err := db.CreateModelVersion(ctx, m.ID, v, at, owner, structure(i, v)); err != nil {
				return err
			}
		}
		m.Version = versionsPerModel
		return db.UpdateModel(ctx, m)
	})
	return m.ID, err
}

// structure is version v of model i: one group of three topics, one term
// of which names the version.
func structure(i, v int) *explorer.Structure {
	topic := func(id int64, title string, terms ...string) explorer.Topic {
		return explorer.Topic{ID: id, Title: title, Terms: terms}
	}
	return &explorer.Structure{
		Groups: []explorer.Group{{ID: 1, Title: "Taste", Topics: []explorer.Topic{
			topic(1, "Sweet", "sugar", "honey", fmt.Sprintf("sweet%d", i)),
			topic(2, "Bitter", "coffee", "dark"),
			topic(3, "Edits", fmt.Sprintf("edit%d", v)),
		}}},
		IgnoreTerms:           []explorer.IgnoreTerm{},
		IgnoreTermsDictionary: map[string]string{},
	}
}
