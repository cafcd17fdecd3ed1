package web_test

import (
	"os"
	"testing"

	"explorer/internal/browser"
)

// TestMain stops the Chromium the browser tests share after they ran.
func TestMain(m *testing.M) {
	code := m.Run()
	browser.Close()
	os.Exit(code)
}
