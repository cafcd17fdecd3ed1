package explorer_test

import (
	"context"
	"testing"

	explorer "explorer"
	"explorer/internal/testkit"
)

// BenchmarkAuditWrite measures what a record costs: a role change's
// transaction without and with its record (the marginal cost of auditing
// an action), a record in a transaction of its own (a sign-in), and a
// refusal folded into the hour's record (a flood of wrong passwords).
func BenchmarkAuditWrite(b *testing.B) {
	e := testkit.New(b)
	e.AddUser("root", explorer.RoleAdmin)
	u := e.AddUser("ann", "")
	ctx := explorer.WithRequest(e.As("root"), explorer.RequestInfo{Addr: "192.0.2.1", ID: "bench-1"})
	roles := []string{explorer.RoleAdmin, explorer.RoleUser}
	ev := &explorer.AuditEvent{Time: testkit.Start, Last: testkit.Start, Count: 1, Actor: "root", Action: explorer.ActionUserRole,
		Target: "ann", Outcome: explorer.OutcomeSuccess, Addr: "192.0.2.1", RequestID: "bench-1", Detail: "user to admin"}
	b.Run("tx-without-record", func(b *testing.B) {
		for i := 0; b.Loop(); i++ {
			err := e.DB.InTx(ctx, func(ctx context.Context) error { return e.DB.UpdateUserRole(ctx, u.ID, roles[i%2]) })
			if err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("tx-with-record", func(b *testing.B) {
		for i := 0; b.Loop(); i++ {
			err := e.DB.InTx(ctx, func(ctx context.Context) error {
				if err := e.DB.UpdateUserRole(ctx, u.ID, roles[i%2]); err != nil {
					return err
				}
				return e.DB.AddAuditEvent(ctx, ev)
			})
			if err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("record-own-tx", func(b *testing.B) {
		for b.Loop() {
			if err := e.Svc.Audit(ctx, explorer.AuditEvent{Action: explorer.ActionSignInToken}); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("refusal-folded", func(b *testing.B) {
		for b.Loop() {
			if err := e.Svc.Audit(ctx, explorer.AuditEvent{Action: explorer.ActionSignInPassword, Actor: "ann", Outcome: explorer.OutcomeFailure}); err != nil {
				b.Fatal(err)
			}
		}
	})
}
