package explorer_test

import (
	"context"
	"testing"

	explorer "explorer"
	"explorer/internal/testkit"
	"explorer/notifications"
)

func setSetting(t *testing.T, e *testkit.Env, user, key, value string) {
	t.Helper()
	if _, err := e.Svc.UpdateSettings(e.As(user), []explorer.UserSetting{{Key: key, Value: value}}); err != nil {
		t.Fatal(err)
	}
}

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
