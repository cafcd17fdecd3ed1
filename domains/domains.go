// Package domains wires the domain services for the edges (api, web,
// internal/server) and the command line: the root Service, which holds
// the kernel and the domains not yet in packages of their own, and one
// Service per domain package built beside it over the same store.
package domains

import (
	"explorer"
	"explorer/accounts"
	"explorer/audit"
	"explorer/backups"
	"explorer/identity"
	"explorer/models"
	"explorer/notifications"
	"explorer/poles"
	"explorer/projects"
)

// Store is the persistence of every domain; package store implements it.
type Store interface {
	projects.Store
	poles.Store
	models.Store
	identity.Store
	notifications.Store
	accounts.Store
	audit.Store
	backups.Store
}

// Services are the domain services of one server or command.
type Services struct {
	// Core is the root Service: the kernel (callers, errors, budgets, the
	// audit record, transactions).
	Core *explorer.Service
	// Projects imports, explores and measures projects and runs their
	// jobs.
	Projects *projects.Service
	// Poles keeps poles, suggests terms for them and keeps the terms
	// declined.
	Poles *poles.Service
	// Models keeps topic models, their versions and their sharing.
	Models *models.Service
	// Identity signs people in (passwords, API tokens, sessions, a second
	// factor, a directory, an OpenID provider) and keeps their tokens and
	// second factors.
	Identity *identity.Service
	// Notifications keeps the outbox of notification e-mails: their
	// budget, sending and retries (the root queues them through it).
	Notifications *notifications.Service
	// Accounts keeps plans, seats, credits and billing, managers and
	// their invitations, settings and usage.
	Accounts *accounts.Service
	// Audit lists the audit log for admins and prunes it (the kernel
	// records it).
	Audit *audit.Service
	// Backups copies the database for admins.
	Backups *backups.Service
}

// New builds the services over store with o.
func New(store Store, o explorer.Options) *Services {
	core := explorer.NewService(store, o)
	n := notifications.New(core, store)
	p := poles.New(core, store)
	m := models.New(core, store)
	a := accounts.New(core, store)
	return &Services{Core: core, Projects: projects.New(core, p, m, a, store), Poles: p, Models: m, Identity: identity.New(core, store), Notifications: n, Accounts: a, Audit: audit.New(core, store), Backups: backups.New(core, store)}
}
