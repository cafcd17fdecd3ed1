// Package projects is the projects domain: importing tables of texts,
// exploring them into topics, measuring their tonality with poles, and
// the jobs that run these long steps in the background. Its Service
// builds on the root package's kernel (the caller, errors, the clock,
// budgets, the store transaction) and on the models, poles and accounts
// domains (a project's models and poles, the credits its imports and
// jobs use); the root never imports it. Package domains
// wires it beside the root Service for the edges.
package projects

import (
	"log/slog"

	"explorer"
	"explorer/accounts"
	"explorer/models"
	"explorer/poles"
)

// Store is the persistence the projects domain needs: the kernel's store
// and the projects' own part (projects, their tonality, jobs). Package
// store implements it.
type Store interface {
	explorer.Store
	models.ModelStore
	ProjectStore
	TonalityStore
	JobStore
}

// Service carries out the operations on projects and their jobs.
type Service struct {
	// root is the kernel and the domains still in the root package.
	root          *explorer.Service
	poles         *poles.Service    // the poles a project is measured with
	models        *models.Service   // the models a project is explored into
	accounts      *accounts.Service // the credits its imports and jobs use
	store         Store
	clock         explorer.Clock
	log           *slog.Logger
	detector      explorer.LanguageDetector
	tables        explorer.TableBudgets
	wordSpaces    explorer.WordSpaces
	projectSpaces explorer.ProjectSpaces
	spaceBuilds   spaceBuilds
	readingTopics poles.SuggestSlots // ProjectTopics at once, per user
	measuring     measureHold        // held background measurements (tonality_jobs.go)
	jobs          jobRunner          // long steps as jobs (job_runner.go)
	instance      string
	jobSlots      int
	ownJobsOnly   bool
}

// New returns the projects' Service over store, beside root and the
// poles', models' and accounts' Services (made over the same store): it takes root's Options
// (their defaults applied) and becomes root's Measurer, so that a change
// of a model, pole or word correction queues the measurements it makes
// stale.
func New(root *explorer.Service, poleService *poles.Service, modelService *models.Service, accountService *accounts.Service, store Store) *Service {
	o := root.Options()
	s := &Service{
		root:          root,
		poles:         poleService,
		models:        modelService,
		accounts:      accountService,
		store:         store,
		clock:         o.Clock,
		log:           o.Logger,
		detector:      o.Detector,
		tables:        o.Tables,
		wordSpaces:    o.WordSpaces,
		projectSpaces: o.ProjectSpaces,
		instance:      o.Instance,
		jobSlots:      o.JobSlots,
		ownJobsOnly:   o.OwnJobsOnly,
	}
	root.SetMeasurer(s)
	return s
}
