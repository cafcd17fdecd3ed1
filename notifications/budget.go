package notifications

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"explorer"
)

// The notification budget: at most mailBudget mails to one recipient
// within any mailWindow, counted across instances through the database.
// A notification over it is folded into the recipient's digest, one mail
// sent when the window has room again (so the digest is the budget's last
// mail of its hour); notifications that come while a digest waits join it.
const (
	mailBudget = 10
	mailWindow = time.Hour
)

// Queue queues m, about what, in the caller's transaction, as a mail of
// its own while the recipient's budget allows, else folded into its
// digest, and wakes the sender (explorer.Outbox).
func (s *Service) Queue(ctx context.Context, m explorer.Mail, about string) error {
	now := s.clock.Now()
	if err := s.store.LockMailRecipient(ctx, m.To, now); err != nil {
		return err
	}
	uses, err := s.store.MailUses(ctx, m.To, now.Add(-mailWindow))
	if err != nil {
		return err
	}
	q := &QueuedMail{Mail: m, About: about, Status: MailPending, Created: now, Due: now, Counted: now}
	if at, fold := mailSlot(uses, now); fold {
		q.Folded, q.Due, q.Counted = true, at, at
	}
	if err := s.store.EnqueueMail(ctx, q); err != nil {
		return err
	}
	s.wakeSender()
	return nil
}

// Withdraw keeps the unsent mails about what from being sent, in the
// caller's transaction (also on a server without --smtp: another instance
// may send) (explorer.Outbox).
func (s *Service) Withdraw(ctx context.Context, about string) error {
	return s.store.WithdrawMail(ctx, about, s.clock.Now())
}

// mailSlot decides where a new notification to a recipient goes, given the
// mails counted against its budget in the last window: into the digest
// that waits (its time, true); a mail of its own now (false) while fewer
// than mailBudget were counted; else into a new digest, due when the
// mailBudget-th latest leaves the window.
func mailSlot(uses []MailUse, now time.Time) (time.Time, bool) {
	var times []time.Time
	digests := map[int64]bool{}
	for _, u := range uses {
		if u.Digest {
			if u.At.After(now) {
				return u.At, true
			}
			if digests[u.At.UnixMilli()] {
				continue
			}
			digests[u.At.UnixMilli()] = true
		}
		times = append(times, u.At)
	}
	if len(times) < mailBudget {
		return now, false
	}
	slices.SortFunc(times, func(a, b time.Time) int { return a.Compare(b) })
	return times[len(times)-mailBudget].Add(mailWindow), true
}

// composeMail is the one e-mail of claimed rows: the mail itself, or the
// digest of several folded ones, in the order they were queued.
func composeMail(claimed []*QueuedMail) explorer.Mail {
	if len(claimed) == 1 {
		return claimed[0].Mail
	}
	slices.SortFunc(claimed, func(a, b *QueuedMail) int { return cmp.Compare(a.ID, b.ID) })
	var b strings.Builder
	fmt.Fprintf(&b, "explorer sends you at most %d e-mails an hour; these %d notifications came after that and are sent together.\n", mailBudget, len(claimed))
	for i, m := range claimed {
		fmt.Fprintf(&b, "\n%d. %s\n\n%s", i+1, m.Subject, m.Body)
	}
	return explorer.Mail{To: claimed[0].To, Subject: fmt.Sprintf("%d notifications from explorer", len(claimed)), Body: b.String()}
}
