// Package models is the models domain: topic models (groups of topics of
// terms) uploaded, created from projects, edited, updated, restored and
// shared, with their versions, what each version changed and the caches
// that answer them. Its Service builds on the root package's kernel (the
// caller, errors, the clock, budgets, settings, the store transaction and
// the audit record). The records it keeps (Model, ModelRecord,
// VersionTag, ModelEdit, ...) and their store part (ModelStore) are
// here; the parts a project holds (explorer.Structure, Group, Topic,
// IgnoreTerm, ModelInfo) stay in the kernel, which never imports this
// package. Package domains wires it beside the root Service for the
// edges.
package models

import "explorer"

// Store is the persistence the models domain needs: the kernel's store
// and the models' own part (ModelStore). Package store implements it.
type Store interface {
	explorer.Store
	ModelStore
}

// Service carries out the operations on models and their versions.
type Service struct {
	// root is the kernel and the domains still in the root package.
	root     *explorer.Service
	store    Store
	clock    explorer.Clock
	detector explorer.LanguageDetector
	tables   explorer.TableBudgets
	// versions caches model versions ready to answer (model_cache.go).
	versions versionCache
	// summaries caches what each version changed (model_diff_summary.go).
	summaries summaryCache
	// sharing caches the models' sharing by stamp (model_sharing_cache.go).
	sharing sharingCache
	// newest caches the newest versions of models (model_newest_cache.go).
	newest newestCache
}

// New returns the models' Service over store, beside root (made over the
// same store): it takes root's Options (their defaults applied).
func New(root *explorer.Service, store Store) *Service {
	o := root.Options()
	return &Service{
		root:     root,
		store:    store,
		clock:    o.Clock,
		detector: o.Detector,
		tables:   o.Tables,
	}
}
