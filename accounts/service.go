// Package accounts is the accounts domain: plans and seats, credits (the
// ledger, purchases, the gate that charges imports and jobs, the
// low-balance warning), billing cycles and plan migrations, managers and
// their invitations, settings, usage figures and the start page's
// summary. Its Service builds on the root package's kernel (the caller,
// errors, the clock, the settings catalogue and reads every domain
// shares, who pays for a user (Payer), the outbox it mails through
// (Notify), the store transaction and the audit record). The records it
// keeps (AccountState, Plan, CreditEntry, Charge, ManagerInvitation,
// UsageRecord, ...) are its own: package store, above it, persists them
// through Store. The projects domain imports it for the credits its
// imports and jobs use.
// Package domains wires it beside the root Service for the edges.
package accounts

import (
	"log/slog"

	"explorer"
)

// Store is the persistence the accounts domain needs: the kernel's
// store (with the settings and the manager relations, which the kernel
// reads too) and the accounts' own parts: account states, plan
// migrations and manager invitations, the plan catalogue, the credit
// ledger and charges, usage records and the start page's versions.
// Package store implements it.
type Store interface {
	explorer.Store
	AccountStore
	PlanStore
	LedgerStore
	UsageStore
	DashboardStore
}

// Service carries out the operations on accounts: plans, seats,
// credits, billing, managers, settings and usage.
type Service struct {
	// root is the kernel and the domains still in the root package.
	root    *explorer.Service
	store   Store
	clock   explorer.Clock
	log     *slog.Logger
	billing explorer.BillingOptions
	tables  explorer.TableBudgets
}

// New returns the accounts' Service over store, beside root (made over
// the same store): it takes root's Options (their defaults applied).
func New(root *explorer.Service, store Store) *Service {
	o := root.Options()
	return &Service{root: root, store: store, clock: o.Clock, log: o.Logger, billing: o.Billing, tables: o.Tables}
}
