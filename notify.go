package explorer

import (
	"context"
	"encoding/hex"
	"errors"
	"time"
)

// Mail is one e-mail to send.
type Mail struct {
	To      string
	Subject string
	Body    string
}

// Mailer sends e-mail; internal/smtpmail sends it over SMTP.
type Mailer interface {
	Send(ctx context.Context, m Mail) error
}

// Queued mail statuses.
const (
	MailPending = "pending"
	MailSent    = "sent"
	MailFailed  = "failed"
	// MailWithdrawn is a mail never sent because what it was about went
	// away (a revoked invitation).
	MailWithdrawn = "withdrawn"
)

// QueuedMail is a notification in the database's outbox.
type QueuedMail struct {
	ID int64
	Mail
	Status    string
	Attempts  int
	Created   time.Time
	Sent      *time.Time
	LastError string
	// About names what the mail is about (model-invitation:ID,
	// manager-invitation:ID), so that it is withdrawn when that goes away;
	// empty for mails that are never withdrawn.
	About string
	// Due is when it is first due (Created, or its digest's time).
	Due time.Time
	// Counted is when it counts against its recipient's budget; Folded
	// marks a mail held back over the budget, sent in its recipient's
	// digest with the others of the same Counted.
	Counted time.Time
	Folded  bool
}

// MailUse is a mail counted against a recipient's budget: at At, as a
// digest (whose rows share At) or a mail of its own.
type MailUse struct {
	At     time.Time
	Digest bool
}

// MailStore keeps the outbox of notification e-mails.
type MailStore interface {
	EnqueueMail(ctx context.Context, m *QueuedMail) error
	// LockMailRecipient serialises, until the transaction ends, the
	// queuing of mails to recipient across instances.
	LockMailRecipient(ctx context.Context, recipient string, now time.Time) error
	// MailUses lists the mails to recipient counted after since and not
	// withdrawn, one entry per row.
	MailUses(ctx context.Context, recipient string, since time.Time) ([]MailUse, error)
	// ClaimMail leases the oldest due mail, with the other rows of its
	// digest when it is folded, to token until leaseUntil; ENOTFOUND when
	// none is due. One claimant wins across instances.
	ClaimMail(ctx context.Context, now, leaseUntil time.Time, token string) ([]*QueuedMail, error)
	MarkMailSent(ctx context.Context, token string, at time.Time) error
	// RetryMail makes the mails claimed by token due again at next, or
	// failed for good.
	RetryMail(ctx context.Context, token string, next time.Time, lastError string, giveUp bool) error
	// WithdrawMail keeps the unsent mails about what from being sent,
	// except one whose sending lease runs at now.
	WithdrawMail(ctx context.Context, about string, now time.Time) error
	FindMail(ctx context.Context, id int64) (*QueuedMail, error)
}

// The outbox's rules: a sender holds a mail for mailLease (longer than a
// send may take); a failed send is tried again after 1, 2, 4 … minutes
// (at most an hour), mailAttempts times in all.
const (
	mailLease    = 2 * time.Minute
	mailAttempts = 10
)

func mailBackoff(attempts int) time.Duration {
	d := time.Minute << min(max(attempts-1, 0), 6)
	return min(d, time.Hour)
}

// MailEnabled reports whether the server sends e-mail (--smtp is set):
// without it no notification is queued.
func (s *Service) MailEnabled() bool { return s.mailer != nil }

// notify queues an e-mail to a user, in the caller's transaction, when the
// server sends e-mail, the user's emailNotifications is true and the user
// has an address (its emailAddress setting, else its username when that is
// an address). The sender (RunMail) sends it after the commit. Over the
// recipient's budget it is folded into a digest (notify_budget.go). It
// answers whether the mail was queued, and why not.
func (s *Service) notify(ctx context.Context, to *User, text mailText) (Delivery, error) {
	if s.mailer == nil {
		return DeliveryNoMail, nil
	}
	values, err := s.store.FindSettings(ctx, to.ID)
	if err != nil {
		return "", err
	}
	if v, ok := values[SettingEmailNotifications]; ok && v != "true" && !text.security {
		return DeliveryNoAddress, nil
	}
	addr := values[SettingEmailAddress]
	if addr == "" {
		addr, _ = normalizeAddress(to.Username)
	}
	if addr == "" {
		return DeliveryNoAddress, nil
	}
	if err := s.queueMail(ctx, addr, text); err != nil {
		return "", err
	}
	s.wakeMail()
	if s.publicURL == "" {
		return DeliveryNoLink, nil
	}
	return DeliveryMailed, nil
}

// wakeMail asks the sender to look at the outbox now.
func (s *Service) wakeMail() {
	select {
	case s.mailWake <- struct{}{}:
	default:
	}
}

// SendDueMail sends every due mail of the outbox (a digest as one mail)
// and answers how many were sent. A failed send is kept for a later
// attempt.
func (s *Service) SendDueMail(ctx context.Context) (int, error) {
	if s.mailer == nil {
		return 0, nil
	}
	sent := 0
	for ctx.Err() == nil {
		b, err := randomBytes(s.random, 16)
		if err != nil {
			return sent, err
		}
		token := hex.EncodeToString(b)
		now := s.clock.Now()
		claimed, err := s.store.ClaimMail(ctx, now, now.Add(mailLease), token)
		if ErrorCode(err) == ENOTFOUND {
			return sent, nil
		}
		if err != nil {
			return sent, err
		}
		m := composeMail(claimed)
		sendCtx, cancel := context.WithTimeout(ctx, mailLease/2)
		err = s.mailer.Send(sendCtx, m)
		cancel()
		if err != nil {
			attempts := claimed[0].Attempts
			s.log.Warn("sending a notification failed", "mail", claimed[0].ID, "rows", len(claimed), "attempt", attempts, "err", err)
			if err := s.store.RetryMail(ctx, token, s.clock.Now().Add(mailBackoff(attempts)), err.Error(), attempts >= mailAttempts); err != nil {
				return sent, err
			}
			continue
		}
		if err := s.store.MarkMailSent(ctx, token, s.clock.Now()); err != nil {
			return sent, err
		}
		sent++
	}
	return sent, ctx.Err()
}

// RunMail sends due mail every interval and when a notification is
// queued, until ctx ends.
func (s *Service) RunMail(ctx context.Context, every time.Duration) {
	if s.mailer == nil {
		return
	}
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		if _, err := s.SendDueMail(ctx); err != nil && !errors.Is(err, context.Canceled) {
			s.log.Error("mail queue", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		case <-s.mailWake:
		}
	}
}
