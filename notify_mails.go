package explorer

import (
	"fmt"
	"strconv"
)

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

func modelInvitationMail(from *User, m ModelInfo, rights, link string) mailText {
	title := "model " + strconv.FormatInt(m.ID, 10)
	if m.Title != nil && *m.Title != "" {
		title = fmt.Sprintf("the model “%s”", *m.Title)
	}
	can := "read it"
	if rights == RightsReadWrite {
		can = "read and change it"
	}
	subject := fmt.Sprintf("%s shared %s with you", from.Username, title)
	body := fmt.Sprintf("%s invited you to %s: once you accept, you can %s.\n\n", from.Username, title, can) +
		wherePage("Accept or reject the invitation", "Models", link)
	return mailText{subject: subject, body: body}
}
