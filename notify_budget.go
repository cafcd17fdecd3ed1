package explorer

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"
	"time"
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

// queueMail queues text to addr, in the caller's transaction, as a mail of
// its own while the recipient's budget allows, else folded into its
// digest.
func (s *Service) queueMail(ctx context.Context, addr string, text mailText) error {
	now := s.clock.Now()
	if err := s.store.LockMailRecipient(ctx, addr, now); err != nil {
		return err
	}
	uses, err := s.store.MailUses(ctx, addr, now.Add(-mailWindow))
	if err != nil {
		return err
	}
	m := &QueuedMail{Mail: Mail{To: addr, Subject: text.subject, Body: text.body}, About: text.about,
		Status: MailPending, Created: now, Due: now, Counted: now}
	if at, fold := mailSlot(uses, now); fold {
		m.Folded, m.Due, m.Counted = true, at, at
	}
	return s.store.EnqueueMail(ctx, m)
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
func composeMail(claimed []*QueuedMail) Mail {
	if len(claimed) == 1 {
		return claimed[0].Mail
	}
	slices.SortFunc(claimed, func(a, b *QueuedMail) int { return cmp.Compare(a.ID, b.ID) })
	var b strings.Builder
	fmt.Fprintf(&b, "explorer sends you at most %d e-mails an hour; these %d notifications came after that and are sent together.\n", mailBudget, len(claimed))
	for i, m := range claimed {
		fmt.Fprintf(&b, "\n%d. %s\n\n%s", i+1, m.Subject, m.Body)
	}
	return Mail{To: claimed[0].To, Subject: fmt.Sprintf("%d notifications from explorer", len(claimed)), Body: b.String()}
}

// withdrawMail keeps the unsent mails about what from being sent, in the
// caller's transaction (also on a server without --smtp: another instance
// may send).
func (s *Service) withdrawMail(ctx context.Context, about string) error {
	return s.store.WithdrawMail(ctx, about, s.clock.Now())
}

// Mails are about invitations: these name them.
func modelInvitationAbout(id int64) string   { return fmt.Sprintf("model-invitation:%d", id) }
func managerInvitationAbout(id int64) string { return fmt.Sprintf("manager-invitation:%d", id) }
