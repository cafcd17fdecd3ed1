package server

import (
	"net/http"
	"testing"

	explorer "explorer"
)

// Every code has its own status, and Fiber's errors of that status read
// back as the code.
func TestStatusTable(t *testing.T) {
	codes := []string{explorer.EINVALID, explorer.EUNAUTHORIZED, explorer.EFORBIDDEN, explorer.ENOTFOUND, explorer.ECONFLICT,
		explorer.ETOOLARGE, explorer.EUNSUPPORTED, explorer.ETHROTTLED, explorer.EUNAVAILABLE, explorer.EINTERNAL}
	seen := map[int]string{}
	for _, code := range codes {
		status := Status(code)
		if other, ok := seen[status]; ok {
			t.Errorf("%s and %s share the status %d", code, other, status)
		}
		seen[status] = code
		if got := codeForStatus(status); got != code {
			t.Errorf("status %d of %s reads back as %s", status, code, got)
		}
	}
	if Status("ENOSUCH") != http.StatusInternalServerError {
		t.Error("an unknown code is not 500")
	}
}
