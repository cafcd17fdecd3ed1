package identity

import (
	"context"
	"fmt"

	"explorer"
)

// notifyFactorChange mails u that its second factor was turned on or off
// (the trace of the change, in its transaction), through the kernel's
// outbox.
func (s *Service) notifyFactorChange(ctx context.Context, u *explorer.User, on bool) error {
	_, err := s.root.Notify(ctx, u, s.factorMail(ctx, on))
	return err
}

// factorMail tells the owner that its second factor was turned on or off,
// when and from where; it is sent even to those who turned notifications
// off, as a security notice.
func (s *Service) factorMail(ctx context.Context, on bool) explorer.Notice {
	what := "off"
	if on {
		what = "on"
	}
	when := s.clock.Now().UTC().Format("2006-01-02 15:04 MST")
	from := ""
	if a := explorer.RequestFromContext(ctx).Addr; a != "" {
		from = " from the address " + a
	}
	body := fmt.Sprintf("The second factor of your explorer account was turned %s on %s%s.\n"+
		"Your other sessions were ended.\n\n"+
		"If you did not do this, change your password at once and ask an administrator to reset your second factor.\n", what, when, from)
	return explorer.Notice{Subject: "Your second factor was turned " + what, Body: body, Security: true}
}
