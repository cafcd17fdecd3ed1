package web

import explorer "explorer"

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
