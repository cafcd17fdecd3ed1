package explorer

import "context"

// Store is the persistence the Service needs. Package store implements it
// on SQLite and PostgreSQL.
//
// Every method takes a context. Inside InTx the context passed to fn carries
// the transaction, and store methods called with it join that transaction;
// outside, reads use a pool of read connections.
type Store interface {
	UserStore
	SettingStore
	RelationStore
	ProjectRecords
	BudgetStore
	StorageStore
	AuditStore

	// InTx runs fn in one write transaction: committed when fn returns
	// nil, rolled back otherwise.
	InTx(ctx context.Context, fn func(ctx context.Context) error) error
	// Ping reports whether the database answers.
	Ping(ctx context.Context) error
}
