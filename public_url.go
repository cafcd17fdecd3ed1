package explorer

import (
	"fmt"
	"net/url"
	"strings"
)

// CleanPublicURL checks the address under which people reach the pages
// (--public-url), used for the links in e-mails: an absolute http or
// https URL with a host, no credentials, query or fragment. It answers it
// without a trailing slash; "" stays "" (no links).
func CleanPublicURL(raw string) (string, error) {
	raw = strings.TrimSpace(raw)
	if raw == "" {
		return "", nil
	}
	u, err := url.Parse(raw)
	switch {
	case err != nil || TextFault(raw) != "":
		return "", fmt.Errorf("must be a URL such as https://explorer.example.com")
	case u.Scheme != "http" && u.Scheme != "https":
		return "", fmt.Errorf("must start with https:// or http://")
	case u.Host == "" || u.Opaque != "":
		return "", fmt.Errorf("must name a host, such as https://explorer.example.com")
	case u.User != nil:
		return "", fmt.Errorf("must not hold a user name or password")
	case u.RawQuery != "" || u.Fragment != "" || strings.ContainsAny(raw, "?#"):
		return "", fmt.Errorf("must not hold a query or fragment")
	}
	return strings.TrimRight(u.String(), "/"), nil
}

// PageLink is the address of a page (path starts with /) for a mail, or
// "" when the server has no public URL.
func (s *Service) PageLink(path string) string {
	if s.publicURL == "" {
		return ""
	}
	return s.publicURL + path
}

// PublicURL is the address of the pages given with --public-url, or "".
func (s *Service) PublicURL() string { return s.publicURL }

// Delivery tells whether a notification reaches its recipient by e-mail.
// Only the person who caused the notification learns it.
type Delivery string

const (
	// DeliveryMailed: queued, with a link to the page where to answer.
	DeliveryMailed Delivery = "mailed"
	// DeliveryNoLink: queued, but the server has no public URL, so the
	// mail names the page without a link.
	DeliveryNoLink Delivery = "no-link"
	// DeliveryNoMail: the server sends no e-mail (no --smtp).
	DeliveryNoMail Delivery = "no-mail"
	// DeliveryNoAddress: the recipient has no e-mail address or turned
	// notifications off.
	DeliveryNoAddress Delivery = "no-address"
)
