package web

import (
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	explorer "explorer"

	"github.com/gofiber/fiber/v2"
)

// TestFormIDsBounded: a bulk action's ids are read up to the most a page
// shows and no further; a body holding more is refused (a repeated id
// counts once).
func TestFormIDsBounded(t *testing.T) {
	app := fiber.New()
	var got []int64
	var gotErr error
	app.Post("/", func(c *fiber.Ctx) error {
		got, gotErr = formIDs(c)
		return nil
	})
	post := func(ids []string) {
		t.Helper()
		body := "id=" + strings.Join(ids, "&id=")
		req := httptest.NewRequest("POST", "/", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		if _, err := app.Test(req, -1); err != nil {
			t.Fatal(err)
		}
	}
	ids := make([]string, 0, 5000)
	for i := 1; i <= 5000; i++ {
		ids = append(ids, strconv.Itoa(i))
	}
	ids[3999] = "not-an-id"
	post(ids)
	// Reading stopped at the 101st id: the bad one further on was never
	// looked at.
	if explorer.ErrorCode(gotErr) != explorer.EINVALID || got != nil || !strings.Contains(gotErr.Error(), "at most 100 items") {
		t.Fatalf("5,000 ids: %v, %d kept", gotErr, len(got))
	}
	post(append(ids[:100:100], "1", "2", "100"))
	if gotErr != nil || len(got) != 100 {
		t.Fatalf("100 ids and repeats: %v, %d kept", gotErr, len(got))
	}
}
