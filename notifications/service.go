// Package notifications is the notifications domain: the outbox of
// notification e-mails in the database, with the budget of mails one
// recipient gets an hour (the rest folded into a digest), their sending
// after the commit that queued them, retries with backoff, and the
// withdrawal of mails about what went away. The root package's
// operations compose the mails and queue them through the kernel's
// explorer.Outbox, which this package's Service implements and hands to
// the root Service when it is built (New); the kernel keeps the mail
// (explorer.Mail) and the Mailer, the outbox's records (QueuedMail,
// MailUse, the statuses) are this package's, which package store reads
// them from. Package domains wires it
// beside the root Service for the edges.
package notifications

import (
	"context"
	"io"
	"log/slog"
	"time"

	"explorer"
)

// Store is the persistence the notifications domain needs: the kernel's
// store and the outbox (MailStore). Package store implements it.
type Store interface {
	explorer.Store
	MailStore
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

// Service keeps the outbox: it queues (explorer.Outbox), budgets, sends
// and retries the notification e-mails.
type Service struct {
	store  Store
	clock  explorer.Clock
	random io.Reader
	log    *slog.Logger
	// mailer sends the mails; nil (no --smtp) sends and queues none.
	mailer explorer.Mailer
	// wake asks the sender (RunMail) to look at the outbox now.
	wake chan struct{}
}

// New returns the notifications' Service over store, beside root (made
// over the same store), and makes it root's outbox: it takes root's
// Options (their defaults applied).
func New(root *explorer.Service, store Store) *Service {
	o := root.Options()
	s := &Service{
		store:  store,
		clock:  o.Clock,
		random: o.Random,
		log:    o.Logger,
		mailer: o.Mailer,
		wake:   make(chan struct{}, 1),
	}
	root.SetOutbox(s)
	return s
}

// MailEnabled reports whether the server sends e-mail (--smtp is set):
// without it no notification is queued.
func (s *Service) MailEnabled() bool { return s.mailer != nil }

// wakeSender asks the sender to look at the outbox now.
func (s *Service) wakeSender() {
	select {
	case s.wake <- struct{}{}:
	default:
	}
}
