package explorer

import (
	"context"
	"fmt"
)

// NotifyFactorChange mails u that its second factor was turned on or off
// (the identity domain's trace of the change, in its transaction); the
// outbox is the kernel's.
func (s *Service) NotifyFactorChange(ctx context.Context, u *User, on bool) error {
	_, err := s.notify(ctx, u, s.factorMail(ctx, on))
	return err
}

// factorMail tells the owner that its second factor was turned on or off,
// when and from where; it is sent even to those who turned notifications
// off, as a security notice.
func (s *Service) factorMail(ctx context.Context, on bool) mailText {
	what := "off"
	if on {
		what = "on"
	}
	when := s.clock.Now().UTC().Format("2006-01-02 15:04 MST")
	from := ""
	if a := RequestFromContext(ctx).Addr; a != "" {
		from = " from the address " + a
	}
	body := fmt.Sprintf("The second factor of your explorer account was turned %s on %s%s.\n"+
		"Your other sessions were ended.\n\n"+
		"If you did not do this, change your password at once and ask an administrator to reset your second factor.\n", what, when, from)
	return mailText{subject: "Your second factor was turned " + what, body: body, security: true}
}
