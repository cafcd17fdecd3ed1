package api_test

import (
	"bufio"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"regexp"
	"sort"
	"strings"
	"testing"

	"explorer/api"
	"explorer/internal/testkit"
)

func TestUnauthenticatedIs401WithChallenge(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	for _, r := range []testkit.Request{
		{Method: "GET", Path: "/v1/models"},
		{Method: "GET", Path: "/v1/models", Header: map[string]string{"Authorization": "Basic " + "YW5uOndyb25n"}}, // ann:wrong
		{Method: "GET", Path: "/v1/models", Header: map[string]string{"Authorization": "Bearer nope"}},
		{Method: "GET", Path: "/v1/models", Header: map[string]string{"Authorization": "Basic !!!"}},
	} {
		resp := e.Do(r).Expect(t, http.StatusUnauthorized)
		if got := resp.Header.Get("WWW-Authenticate"); got != `Basic realm="explorer"` {
			t.Fatalf("WWW-Authenticate %q", got)
		}
		if p := resp.Problem(t); p.Status != 401 || p.Type != "about:blank" || p.Title != "Unauthorized" {
			t.Fatalf("problem %+v", p)
		}
	}
}

func TestThrottledIs429WithRetryAfter(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	bad := map[string]string{"Authorization": "Basic YW5uOndyb25n"}
	for i := 0; i < 20; i++ {
		e.Do(testkit.Request{Method: "GET", Path: "/v1/openapi.json/x", Header: bad}).Expect(t, 401)
	}
	resp := e.Do(testkit.Request{Method: "GET", Path: "/v1/models", User: "ann"}).Expect(t, http.StatusTooManyRequests)
	if resp.Header.Get("Retry-After") == "" {
		t.Fatal("no Retry-After")
	}
	resp.Problem(t)
}

func TestUnknownRouteAndMethodAreProblems(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	p := e.Do(testkit.Request{Method: "GET", Path: "/v1/nothing/here", User: "ann"}).Expect(t, 404).Problem(t)
	if !strings.Contains(p.Detail, "/v1/nothing/here") {
		t.Fatalf("detail %q", p.Detail)
	}
	r := e.Do(testkit.Request{Method: "DELETE", Path: "/v1/openapi.json", User: "ann"}).Expect(t, 405)
	r.Problem(t)
	if got := r.Header.Get("Allow"); got != "GET, HEAD" {
		t.Fatalf("Allow %q, want GET, HEAD", got)
	}
}

func TestBearerTokenAuthenticates(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	nt, err := e.Svc.CreateToken(e.As("ann"), "ann", "ci")
	if err != nil {
		t.Fatal(err)
	}
	// Authenticated, the unknown route answers 404 rather than 401.
	e.Do(testkit.Request{Method: "GET", Path: "/v1/nothing", Header: map[string]string{"Authorization": "Bearer " + nt.Secret}}).Expect(t, 404)
}

func TestHealthReadyMetrics(t *testing.T) {
	e := testkit.New(t)
	e.Do(testkit.Request{Method: "GET", Path: "/healthz"}).Expect(t, 200)
	var ready map[string]any
	e.Do(testkit.Request{Method: "GET", Path: "/readyz"}).Expect(t, 200).JSON(t, &ready)
	if ready["database"] != "ok" {
		t.Fatalf("readyz %v", ready)
	}
	m := e.Do(testkit.Request{Method: "GET", Path: "/metrics"}).Expect(t, 200)
	if !strings.Contains(string(m.Body), `explorer_http_requests_total{method="GET",route="/healthz",status="200"} 1`) {
		t.Fatalf("metrics lack the healthz request:\n%s", m.Body)
	}
}

func TestBodyLimits(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	big := strings.Repeat("x", 1<<20+1)
	e.Do(testkit.Request{Method: "PUT", Path: "/v1/anything", User: "ann", Body: big, ContentType: "application/json"}).Expect(t, http.StatusRequestEntityTooLarge).Problem(t)
	// Over the upload limit the server refuses the body after its first
	// 8 KiB (what the server reads ahead), without waiting for the rest.
	base := e.Serve()
	conn, err := net.Dial("tcp", strings.TrimPrefix(base, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	fmt.Fprintf(conn, "POST /v1/anything HTTP/1.1\r\nHost: x\r\nAuthorization: Basic %s\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: %d\r\n\r\n",
		base64.StdEncoding.EncodeToString([]byte("ann:"+testkit.Password)), 21<<20)
	_, _ = conn.Write(make([]byte, 8<<10))
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusRequestEntityTooLarge || resp.Header.Get("Content-Type") != "application/problem+json" {
		t.Fatalf("upload over the limit: %d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
}

// TestOpenAPIMatchesRoutes fails when a /v1 route registered in Fiber is
// missing from the document, or the document names a route the server
// lacks.
func TestOpenAPIMatchesRoutes(t *testing.T) {
	e := testkit.New(t)
	var doc struct {
		OpenAPI string                                `json:"openapi"`
		Paths   map[string]map[string]json.RawMessage `json:"paths"`
	}
	e.Do(testkit.Request{Method: "GET", Path: "/v1/openapi.json"}).Expect(t, 200).JSON(t, &doc)
	if doc.OpenAPI != "3.1.0" {
		t.Fatalf("openapi %q", doc.OpenAPI)
	}
	param := regexp.MustCompile(`\{([^}]+)\}`)
	documented := map[string]bool{}
	for path, ops := range doc.Paths {
		for method := range ops {
			switch method {
			case "get", "post", "put", "delete", "patch":
				documented[strings.ToUpper(method)+" /v1"+param.ReplaceAllString(path, ":$1")] = true
			}
		}
	}
	served := map[string]bool{}
	for _, r := range e.App.GetRoutes(true) {
		if !api.IsAPIPath(r.Path) {
			continue
		}
		switch r.Method {
		case "GET", "POST", "PUT", "DELETE", "PATCH":
			if r.Path != "/v1" && !strings.HasSuffix(r.Path, "/") {
				served[r.Method+" "+r.Path] = true
			}
		}
	}
	var missing, extra []string
	for k := range served {
		if !documented[k] {
			missing = append(missing, k)
		}
	}
	for k := range documented {
		if !served[k] {
			extra = append(extra, k)
		}
	}
	sort.Strings(missing)
	sort.Strings(extra)
	if len(missing) > 0 || len(extra) > 0 {
		t.Fatalf("routes not in the OpenAPI document: %v\ndocumented routes the server lacks: %v", missing, extra)
	}
}
