package explorer

import "fmt"

// mailText is a notification's subject and body, and what it is about
// (see notifications.QueuedMail.About). A security notice is sent also to those who
// turned notifications off.
type mailText struct {
	subject, body, about string
	security             bool
}

// The notification e-mails: plain text saying what happened, who pays
// when it matters, and where to answer: a link to that page when the
// server has a public URL (link), else the page's name.

// wherePage is the closing line of a mail: the link to the page, or its
// name when there is no link.
func wherePage(doWhat, pageName, link string) string {
	if link == "" {
		return fmt.Sprintf("%s on the %s page of explorer.\n", doWhat, pageName)
	}
	return fmt.Sprintf("%s on the %s page of explorer:\n%s\n", doWhat, pageName, link)
}
