package notifications_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	explorer "explorer"
	"explorer/accounts"
	"explorer/internal/smtpmail"
	"explorer/internal/smtptest"
	"explorer/internal/testkit"
	"explorer/models"
	"explorer/notifications"
)

// mailEnv is a test server whose Service sends through a real SMTP server
// started by the test.
func mailEnv(t *testing.T) (*testkit.Env, *smtptest.Server, *smtpmail.Sender) {
	t.Helper()
	srv, sender := testkit.MailServer(t)
	e := testkit.New(t, func(o *explorer.Options) { o.Mailer = sender })
	return e, srv, sender
}

func setSetting(t *testing.T, e *testkit.Env, user, key, value string) {
	t.Helper()
	if _, err := e.Svc.UpdateSettings(e.As(user), []explorer.UserSetting{{Key: key, Value: value}}); err != nil {
		t.Fatal(err)
	}
}

// An invitation e-mails its recipient when the recipient wants e-mail,
// and not when it does not.
func TestInvitationMailFollowsTheRecipientsSetting(t *testing.T) {
	e, srv, _ := mailEnv(t)
	e.AddUser("ann", "")
	e.AddUser("bob@example.com", "") // an address as username: mailed there
	e.AddUser("cid", "")
	setSetting(t, e, "cid", "emailAddress", "cid@example.com")
	setSetting(t, e, "cid", "emailNotifications", "false")

	if _, err := e.Svc.Invite(e.As("ann"), "bob@example.com"); err != nil {
		t.Fatal(err)
	}
	if _, err := e.Svc.Invite(e.As("ann"), "cid"); err != nil {
		t.Fatal(err)
	}
	if n := testkit.SendDue(t, e.Services.Notifications); n != 1 {
		t.Fatalf("%d mails sent, want 1", n)
	}
	msgs := srv.Wait(1, 5*time.Second)
	if len(msgs) != 1 || msgs[0].To[0] != "bob@example.com" || msgs[0].From != "explorer@example.com" {
		t.Fatalf("messages %+v", msgs)
	}
	if !strings.Contains(msgs[0].Subject, "ann invites you") || !strings.Contains(msgs[0].Body, "ann pays for your work") {
		t.Fatalf("message %q: %q", msgs[0].Subject, msgs[0].Body)
	}
	// cid turns e-mail on: the next invitation reaches the address it set.
	setSetting(t, e, "cid", "emailNotifications", "true")
	title := "Menu"
	m, err := e.Svc.UploadModel(e.As("ann"), models.UploadModelInput{Title: &title, File: &testkit.ModelFile{Table: testkit.RowsTable("Index|Label|Terms", "1|A|a")}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.Svc.ShareModel(e.As("ann"), m.ID, "cid", "READ_WRITE"); err != nil {
		t.Fatal(err)
	}
	testkit.SendDue(t, e.Services.Notifications)
	msgs = srv.Wait(2, 5*time.Second)
	if len(msgs) != 2 || msgs[1].To[0] != "cid@example.com" || !strings.Contains(msgs[1].Subject, "“Menu”") || !strings.Contains(msgs[1].Body, "read and change it") {
		t.Fatalf("model invitation %+v", msgs)
	}
}

// A scheduled downgrade e-mails the account's owner with the date in its
// own format and zone.
func TestScheduledDowngradeMail(t *testing.T) {
	e, srv, _ := mailEnv(t)
	e.AddUser("ann", "")
	setSetting(t, e, "ann", "emailAddress", "ann@example.com")
	setSetting(t, e, "ann", "dateFormat", "dd/MM/yyyy")
	e.SetPlan("ann", "professional")
	if _, err := e.Svc.ChangeProduct(e.As("ann"), accounts.PlanChoice{Handle: "basic"}); err != nil {
		t.Fatal(err)
	}
	testkit.SendDue(t, e.Services.Notifications)
	msgs := srv.Wait(1, 5*time.Second)
	if len(msgs) != 1 || !strings.Contains(msgs[0].Subject, "Basic on 10/02/2026 00:00 UTC") || !strings.Contains(msgs[0].Body, "from Professional to Basic") {
		t.Fatalf("messages %+v", msgs)
	}
}

// Without SMTP nothing is queued, whatever the settings say.
func TestNoMailWithoutSMTP(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	e.AddUser("bob@example.com", "")
	if e.Services.Notifications.MailEnabled() {
		t.Fatal("mail enabled without a mailer")
	}
	if _, err := e.Svc.Invite(e.As("ann"), "bob@example.com"); err != nil {
		t.Fatal(err)
	}
	if _, err := e.DB.FindMail(context.Background(), 1); explorer.ErrorCode(err) != explorer.ENOTFOUND {
		t.Fatalf("a mail was queued: %v", err)
	}
}

// A restart between queueing and sending loses no mail: the queue is in
// the database, and a new Service on it sends what the old one queued.
func TestQueuedMailSurvivesARestart(t *testing.T) {
	e, srv, sender := mailEnv(t)
	e.AddUser("ann", "")
	e.AddUser("bob@example.com", "")
	if _, err := e.Svc.Invite(e.As("ann"), "bob@example.com"); err != nil {
		t.Fatal(err)
	}
	// The first instance never sends (its sender is not running).
	if got := srv.Messages(); len(got) != 0 {
		t.Fatalf("sent before the restart: %+v", got)
	}
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	restarted := notifications.New(explorer.NewService(e.DB, explorer.Options{Clock: e.Clock, Mailer: sender, Logger: quiet}), e.DB)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { restarted.RunMail(ctx, 50*time.Millisecond); close(done) }()
	msgs := srv.Wait(1, 10*time.Second)
	cancel()
	<-done
	if len(msgs) != 1 || msgs[0].To[0] != "bob@example.com" {
		t.Fatalf("after the restart: %+v", msgs)
	}
}

// A refused send is tried again after a backoff, and given up after ten
// attempts.
func TestMailRetriesWithBackoff(t *testing.T) {
	e, srv, _ := mailEnv(t)
	e.AddUser("ann", "")
	e.AddUser("bob@example.com", "")
	srv.FailNext(2)
	if _, err := e.Svc.Invite(e.As("ann"), "bob@example.com"); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if testkit.SendDue(t, e.Services.Notifications) != 0 {
		t.Fatal("sent despite the refusal")
	}
	m, _ := e.DB.FindMail(ctx, 1)
	if m.Status != notifications.MailPending || m.Attempts != 1 || !strings.Contains(m.LastError, "try again") {
		t.Fatalf("after a refusal %+v", m)
	}
	// Not due again before a minute; then refused once more, due after two.
	if testkit.SendDue(t, e.Services.Notifications) != 0 {
		t.Fatal("retried at once")
	}
	e.Clock.Advance(time.Minute)
	testkit.SendDue(t, e.Services.Notifications)
	e.Clock.Advance(time.Minute)
	if testkit.SendDue(t, e.Services.Notifications) != 0 {
		t.Fatal("retried before the backoff")
	}
	e.Clock.Advance(time.Minute)
	if testkit.SendDue(t, e.Services.Notifications) != 1 || len(srv.Messages()) != 1 {
		t.Fatalf("not sent after the backoff: %+v", srv.Messages())
	}
	m, _ = e.DB.FindMail(ctx, 1)
	if m.Status != notifications.MailSent || m.Attempts != 3 || m.Sent == nil {
		t.Fatalf("sent mail %+v", m)
	}

	srv.FailNext(100)
	if _, err := e.Svc.ShareModel(e.As("ann"), mustModel(t, e, "ann"), "bob@example.com", ""); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 12; i++ {
		testkit.SendDue(t, e.Services.Notifications)
		e.Clock.Advance(time.Hour)
	}
	m, _ = e.DB.FindMail(ctx, 2)
	if m.Status != notifications.MailFailed || m.Attempts != 10 {
		t.Fatalf("given-up mail %+v", m)
	}
}

func mustModel(t *testing.T, e *testkit.Env, user string) int64 {
	t.Helper()
	m, err := e.Svc.UploadModel(e.As(user), models.UploadModelInput{File: &testkit.ModelFile{Table: testkit.RowsTable("Index|Label|Terms", "1|A|a")}})
	if err != nil {
		t.Fatal(err)
	}
	return m.ID
}

// Several instances sharing the database send each mail once.
func TestMailClaimedOnceByConcurrentSenders(t *testing.T) {
	e, srv, sender := mailEnv(t)
	e.AddUser("ann", "")
	const n = 12
	for i := 0; i < n; i++ {
		e.AddUser(fmt.Sprintf("u%d@example.com", i), "")
		if _, err := e.Svc.Invite(e.As("ann"), fmt.Sprintf("u%d@example.com", i)); err != nil {
			t.Fatal(err)
		}
	}
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	var wg sync.WaitGroup
	for i := 0; i < 3; i++ {
		svc := notifications.New(explorer.NewService(e.DB, explorer.Options{Clock: e.Clock, Mailer: sender, Logger: quiet}), e.DB)
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := svc.SendDueMail(context.Background()); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	msgs := srv.Messages()
	seen := map[string]int{}
	for _, m := range msgs {
		seen[m.To[0]]++
	}
	if len(msgs) != n || len(seen) != n {
		t.Fatalf("%d messages to %d recipients, want %d each once: %v", len(msgs), len(seen), n, seen)
	}
}

// A root Service built without the notifications domain (as the command
// line's user and backup commands build it) has no outbox: it queues
// nothing, whatever its Mailer, and says so.
func TestNoMailWithoutOutbox(t *testing.T) {
	e, _, sender := mailEnv(t)
	e.AddUser("ann", "")
	e.AddUser("bob@example.com", "")
	bare := explorer.NewService(e.DB, explorer.Options{Clock: e.Clock, Mailer: sender})
	inv, err := accounts.New(bare, e.DB).Invite(e.As("ann"), "bob@example.com")
	if err != nil || inv.Delivery != explorer.DeliveryNoMail {
		t.Fatalf("invite without an outbox: %+v %v", inv, err)
	}
	if _, err := e.DB.FindMail(context.Background(), 1); explorer.ErrorCode(err) != explorer.ENOTFOUND {
		t.Fatalf("a mail was queued: %v", err)
	}
}
