// Package accounts is the accounts domain: what a person sets (settings)
// and what an account used (usage figures and their history). Its
// Service builds on the root package's kernel (the caller, errors, the
// clock, the settings catalogue and reads every domain shares, the
// credit ledger, the store transaction and the audit record); the
// records it reads (explorer.UsageRecord, UsageSums, UserSetting) and
// their store part stay in the root, which the store and the other
// domains read them from and which never imports this package. Package
// domains wires it beside the root Service for the edges.
package accounts

import "explorer"

// Store is the persistence the accounts domain needs: the kernel's
// store, which still lists the accounts' parts (explorer.SettingStore,
// UsageStore, ...) because the root's credits and notifications read
// them too. Package store implements it.
type Store interface {
	explorer.Store
}

// Service carries out the operations on a person's settings and an
// account's usage.
type Service struct {
	// root is the kernel and the domains still in the root package.
	root  *explorer.Service
	store Store
	clock explorer.Clock
}

// New returns the accounts' Service over store, beside root (made over
// the same store): it takes root's Options (their defaults applied).
func New(root *explorer.Service, store Store) *Service {
	o := root.Options()
	return &Service{root: root, store: store, clock: o.Clock}
}
