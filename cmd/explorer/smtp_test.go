package main

import (
	"io"
	"strings"
	"testing"
)

func TestServeSMTPFlag(t *testing.T) {
	c, err := parseServe([]string{"--smtp", "smtp://mail.example.com?from=explorer@example.com"}, io.Discard)
	if err != nil || c.Mailer == nil || !strings.Contains(c.Mailer.String(), "mail.example.com:587") {
		t.Fatalf("--smtp: %+v %v", c.Mailer, err)
	}
	t.Setenv("EXPLORER_SMTP", "smtps://mail.example.com?from=explorer@example.com")
	if c, err = parseServe(nil, io.Discard); err != nil || c.Mailer == nil || !strings.Contains(c.Mailer.String(), "(tls)") {
		t.Fatalf("EXPLORER_SMTP: %+v %v", c.Mailer, err)
	}
	if _, err := parseServe([]string{"--smtp", "http://mail.example.com"}, io.Discard); err == nil || !strings.Contains(err.Error(), "--smtp") {
		t.Fatalf("a bad URL: %v", err)
	}
	t.Setenv("EXPLORER_SMTP", "")
	if c, err = parseServe(nil, io.Discard); err != nil || c.Mailer != nil {
		t.Fatalf("no SMTP: %+v %v", c.Mailer, err)
	}
}
