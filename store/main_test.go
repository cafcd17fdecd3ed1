package store_test

import (
	"os"
	"testing"
)

// TestMain removes the database the plan tests share after the tests ran.
func TestMain(m *testing.M) {
	code := m.Run()
	closeSeeded()
	os.Exit(code)
}
