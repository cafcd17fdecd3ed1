package testkit

import (
	"context"

	explorer "explorer"
)

// SetManager records that manager manages managed, as an accepted manager
// invitation does.
func (e *Env) SetManager(manager, managed string) {
	e.T.Helper()
	ctx := context.Background()
	m, err := e.Svc.FindUser(ctx, manager)
	if err != nil {
		e.T.Fatalf("find user %s: %v", manager, err)
	}
	u, err := e.Svc.FindUser(ctx, managed)
	if err != nil {
		e.T.Fatalf("find user %s: %v", managed, err)
	}
	err = e.DB.ExecForTest(ctx, `INSERT INTO managers (managed_id, manager_id, created_at) VALUES (?, ?, ?)`, u.ID, m.ID, explorer.Millis(e.Clock.Now()))
	if err != nil {
		e.T.Fatalf("set manager of %s: %v", managed, err)
	}
}

// SetStatus sets a user's account status (explorer.StatusCancelled, …).
func (e *Env) SetStatus(username, status string) {
	e.T.Helper()
	ctx := context.Background()
	u, err := e.Svc.FindUser(ctx, username)
	if err != nil {
		e.T.Fatalf("find user %s: %v", username, err)
	}
	if err := e.DB.UpdateUserStatus(ctx, u.ID, status); err != nil {
		e.T.Fatalf("set status of %s: %v", username, err)
	}
}
