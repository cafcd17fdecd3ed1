package notifications

import (
	"time"

	"explorer"
)

// Queued mail statuses.
const (
	MailPending = "pending"
	MailSent    = "sent"
	MailFailed  = "failed"
	// MailWithdrawn is a mail never sent because what it was about went
	// away (a revoked invitation).
	MailWithdrawn = "withdrawn"
)

// QueuedMail is a notification in the database's outbox (this package
// keeps it; package store stores it).
type QueuedMail struct {
	ID int64
	explorer.Mail
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
