package explorer_test

import (
	"testing"

	explorer "explorer"
)

func code(err error) string { return explorer.ErrorCode(err) }

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
