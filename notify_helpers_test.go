package explorer_test

import (
	"context"
	"testing"

	"explorer/notifications"
)

// sendDue sends the due mails of the outbox the root's operations queued
// into, and answers how many went.
func sendDue(t *testing.T, svc *notifications.Service) int {
	t.Helper()
	n, err := svc.SendDueMail(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return n
}
