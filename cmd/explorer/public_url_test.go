package main

import (
	"io"
	"strings"
	"testing"
)

func TestPublicURLFlag(t *testing.T) {
	c, err := parseServe([]string{"--public-url", "https://explorer.example.com/"}, io.Discard)
	if err != nil || c.PublicURL != "https://explorer.example.com" {
		t.Fatalf("--public-url: %q %v", c.PublicURL, err)
	}
	t.Setenv("EXPLORER_PUBLIC_URL", "http://10.1.2.3:8080")
	if c, err = parseServe(nil, io.Discard); err != nil || c.PublicURL != "http://10.1.2.3:8080" {
		t.Fatalf("EXPLORER_PUBLIC_URL: %q %v", c.PublicURL, err)
	}
	for _, bad := range []string{"explorer.example.com", "https://explorer.example.com/?x=1", "https://u:p@explorer.example.com"} {
		if _, err := parseServe([]string{"--public-url", bad}, io.Discard); err == nil || !strings.Contains(err.Error(), "--public-url") {
			t.Fatalf("%q: %v", bad, err)
		}
	}
}
