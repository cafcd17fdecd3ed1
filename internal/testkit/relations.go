package testkit

import "context"

// SetManager records that manager manages managed, as an accepted manager
// invitation does, without the invitation and its seat rule.
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
	if err := e.DB.CreateManagerRelation(ctx, m.ID, u.ID, e.Clock.Now()); err != nil {
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
