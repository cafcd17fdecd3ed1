package server_test

import (
	"bufio"
	"net"
	"strconv"
	"strings"
	"testing"
	"time"

	"explorer/internal/server"
	"explorer/internal/testkit"
)

// A connection that sends nothing, or trickles its headers, is closed
// after HeaderTimeout; one whose headers arrived may take longer for its
// body (the upload's 5 minutes).
func TestHeaderTimeoutClosesIdleConnections(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	app, err := server.New(e.Services, server.Config{Logger: e.Options.Logger, HeaderTimeout: 400 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	addr := strings.TrimPrefix(serve(t, app), "http://")

	closedWithin := func(send func(net.Conn)) time.Duration {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		start := time.Now()
		go send(c)
		_ = c.SetReadDeadline(time.Now().Add(10 * time.Second))
		_, _ = bufio.NewReader(c).ReadString(0)
		return time.Since(start)
	}
	idle := closedWithin(func(net.Conn) {})
	trickle := closedWithin(func(c net.Conn) {
		for _, b := range []byte("GET /healthz HTTP/1.1\r\nHost: x\r\n") {
			if _, err := c.Write([]byte{b}); err != nil {
				return
			}
			time.Sleep(100 * time.Millisecond)
		}
	})
	for name, d := range map[string]time.Duration{"idle": idle, "trickling": trickle} {
		if d > 5*time.Second {
			t.Errorf("a %s connection was held %v with a header timeout of 400ms", name, d)
		}
	}

	// Headers in time, then a body slower than the header timeout.
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	body := `{"name":"slow","language":"EN","parts":[]}`
	head := "POST /v1/poles HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nAuthorization: " +
		basic("ann", testkit.Password) + "\r\nContent-Length: " + strconv.Itoa(len(body)) + "\r\n\r\n"
	if _, err := c.Write([]byte(head)); err != nil {
		t.Fatal(err)
	}
	time.Sleep(time.Second)
	if _, err := c.Write([]byte(body)); err != nil {
		t.Fatalf("the connection was closed while its body came: %v", err)
	}
	_ = c.SetReadDeadline(time.Now().Add(10 * time.Second))
	status, err := bufio.NewReader(c).ReadString('\n')
	if err != nil || !strings.HasPrefix(status, "HTTP/1.1 201") {
		t.Fatalf("after a slow body: %q, %v (want 201)", status, err)
	}
}
