package server

import (
	"fmt"
	"io"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	explorer "explorer"

	"github.com/gofiber/fiber/v2"
	"github.com/valyala/fasthttp"
)

// TestCompressedAnswersKeptPerCaller: a tagged GET answer is kept
// compressed under its caller, address and tag, so two callers whose
// answers share a tag (here on purpose) each get their own, compressed
// once; a new tag is a new entry; an untagged answer is not kept.
func TestCompressedAnswersKeptPerCaller(t *testing.T) {
	e, err := newEdge(Config{})
	if err != nil {
		t.Fatal(err)
	}
	bodies := map[string]string{}
	body := func(who, tag string) string {
		k := who + tag
		if bodies[k] == "" {
			bodies[k] = strings.Repeat(fmt.Sprintf(`{"for":%q,"tag":%q},`, who, tag), 200)
		}
		return bodies[k]
	}
	routes := peer(func(r fiber.Router) {
		r.Get("/v1/thing", func(c *fiber.Ctx) error {
			who := c.Get("X-Test-User")
			id, _ := strconv.ParseInt(who, 10, 64)
			c.SetUserContext(explorer.WithUser(c.UserContext(), &explorer.User{ID: id}))
			tag := c.Query("tag")
			if tag != "" {
				c.Set(fiber.HeaderETag, `"same"`)
			}
			c.Set(fiber.HeaderContentType, fiber.MIMEApplicationJSON)
			return c.SendString(body(who, tag))
		})
	})
	if err := e.mount(routes, nil, nil); err != nil {
		t.Fatal(err)
	}
	get := func(who, query string) string {
		t.Helper()
		req := httptest.NewRequest("GET", "/v1/thing"+query, nil)
		req.Header.Set("X-Test-User", who)
		req.Header.Set("Accept-Encoding", "gzip")
		resp, err := e.app.Test(req, -1)
		if err != nil {
			t.Fatal(err)
		}
		raw, _ := io.ReadAll(resp.Body)
		if resp.Header.Get("Content-Encoding") != "gzip" {
			t.Fatalf("%s %s: Content-Encoding %q", who, query, resp.Header.Get("Content-Encoding"))
		}
		plain, err := fasthttp.AppendGunzipBytes(nil, raw)
		if err != nil {
			t.Fatal(err)
		}
		return string(plain)
	}
	for range 3 {
		for _, who := range []string{"1", "2"} {
			for _, q := range []string{"?tag=a", "?tag=b", ""} {
				if got, want := get(who, q), body(who, strings.TrimPrefix(q, "?tag=")); got != want {
					t.Fatalf("user %s%s got %.40q…, want %.40q…", who, q, got, want)
				}
				e.answers.Wait()
			}
		}
	}
	// Two callers × two addresses are kept, the untagged answers are not.
	if n := e.answers.Len(); n != 4 {
		t.Fatalf("%d answers kept, want 4", n)
	}
}
