package notifications

import (
	"context"
	"encoding/hex"
	"errors"
	"time"

	"explorer"
)

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

// SendDueMail sends every due mail of the outbox (a digest as one mail)
// and answers how many were sent. A failed send is kept for a later
// attempt.
func (s *Service) SendDueMail(ctx context.Context) (int, error) {
	if s.mailer == nil {
		return 0, nil
	}
	sent := 0
	for ctx.Err() == nil {
		b, err := explorer.RandomBytes(s.random, 16)
		if err != nil {
			return sent, err
		}
		token := hex.EncodeToString(b)
		now := s.clock.Now()
		claimed, err := s.store.ClaimMail(ctx, now, now.Add(mailLease), token)
		if explorer.ErrorCode(err) == explorer.ENOTFOUND {
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
		case <-s.wake:
		}
	}
}
