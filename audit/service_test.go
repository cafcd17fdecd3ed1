package audit_test

import (
	"context"
	"testing"
	"time"

	"explorer"
	"explorer/audit"
	"explorer/internal/testkit"
)

// TestAuditRetention prunes the records older than the retention.
func TestAuditRetention(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("root", explorer.RoleAdmin) // one record at Start
	e.Clock.Advance(300 * 24 * time.Hour)
	e.AddUser("ann", "") // one record 300 days later
	e.Clock.Advance(150 * 24 * time.Hour)
	n, err := e.Svc.PruneAudit(context.Background(), audit.DefaultRetention)
	if err != nil || n != 1 {
		t.Fatalf("pruned %d, %v", n, err)
	}
	list, _, err := e.Svc.AuditEvents(e.As("root"), explorer.AuditFilter{})
	if err != nil || len(list) != 1 || list[0].Target != "ann" {
		t.Fatalf("left %+v, %v", list, err)
	}
}
