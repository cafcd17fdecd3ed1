package server

import (
	"bytes"
	"encoding/json"
	"mime/multipart"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/gofiber/fiber/v2"
)

// TestUploadSlotsFull: with every upload slot taken, a further upload
// waits UploadWait, then answers 503 problem+json with Retry-After.
func TestUploadSlotsFull(t *testing.T) {
	e, err := newEdge(Config{Uploads: 1, UploadWait: 100 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	entered, release := make(chan struct{}), make(chan struct{})
	routes := peer(func(r fiber.Router) {
		r.Post("/v1/up", e.readJSONBody, func(c *fiber.Ctx) error {
			if _, err := c.FormFile("file"); err != nil {
				return err
			}
			entered <- struct{}{}
			<-release
			return c.SendStatus(201)
		})
	})
	if err := e.mount(routes, nil, []string{"POST /v1/up"}); err != nil {
		t.Fatal(err)
	}
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	fw, _ := w.CreateFormFile("file", "a.csv")
	fw.Write([]byte("x"))
	w.Close()
	send := func() (int, string, map[string]any) {
		req := httptest.NewRequest("POST", "/v1/up", bytes.NewReader(body.Bytes()))
		req.Header.Set("Content-Type", w.FormDataContentType())
		resp, err := e.app.Test(req, -1)
		if err != nil {
			t.Error(err)
			return 0, "", nil
		}
		var p map[string]any
		_ = json.NewDecoder(resp.Body).Decode(&p)
		return resp.StatusCode, resp.Header.Get("Retry-After"), p
	}
	first := make(chan int, 1)
	go func() { s, _, _ := send(); first <- s }()
	<-entered // the first upload holds the only slot
	status, retry, p := send()
	if status != 503 || retry == "" || p["status"] != float64(503) {
		t.Fatalf("second upload: %d Retry-After %q %v", status, retry, p)
	}
	close(release)
	if s := <-first; s != 201 {
		t.Fatalf("first upload: %d", s)
	}
	// The slot is free again.
	go func() { <-entered }()
	if s, _, _ := send(); s != 201 {
		t.Fatalf("upload after the first: %d", s)
	}
}
