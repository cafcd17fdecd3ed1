package web

import explorer "explorer"

// mailHint is what the share and invite forms say before sending when
// nobody they invite is e-mailed, or e-mails carry no link; "" when
// invitations are mailed with links to those with an address.
func (s *server) mailHint() string {
	switch {
	case !s.notes.MailEnabled():
		return "This server sends no e-mail (no --smtp): tell the people you invite yourself."
	case s.svc.PublicURL() == "":
		return "Invitations are e-mailed without a link (no --public-url), and only to people with an e-mail address."
	}
	return "Invitations are e-mailed to people who have an e-mail address and notifications on."
}

// deliveryNote tells the sender of an invitation whether who is e-mailed
// about it, and what to do when not; it starts with a space.
func deliveryNote(d explorer.Delivery, who string) string {
	switch d {
	case explorer.DeliveryMailed:
		return " " + who + " is told by e-mail."
	case explorer.DeliveryNoLink:
		return " " + who + " is told by e-mail, but without a link: this server's public address (--public-url) is not set."
	case explorer.DeliveryNoMail:
		return " " + who + " is not told by e-mail: this server sends no e-mail. Tell them yourself."
	case explorer.DeliveryNoAddress:
		return " " + who + " is not told by e-mail: they have no e-mail address or turned notifications off. Tell them yourself."
	}
	return ""
}
