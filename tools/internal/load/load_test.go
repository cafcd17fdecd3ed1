package load

import (
	"errors"
	"os"
	"strings"
	"testing"
	"time"
)

func TestCheckLoopbackRefusesOtherHosts(t *testing.T) {
	for _, ok := range []string{"http://127.0.0.1:8080", "http://localhost:1/", "http://[::1]:8080"} {
		if _, err := CheckLoopback(ok); err != nil {
			t.Errorf("%s: %v", ok, err)
		}
	}
	for _, bad := range []string{"http://10.0.0.1:8080", "http://192.168.1.1", "ftp://127.0.0.1", "127.0.0.1:8080", ""} {
		if _, err := CheckLoopback(bad); err == nil {
			t.Errorf("%s accepted", bad)
		}
	}
}

func TestRecorderCountsErrorsByStatus(t *testing.T) {
	a, b := NewRecorder(), NewRecorder()
	for i := range 100 {
		a.add("x", time.Duration(i+1)*time.Millisecond, 200, nil)
	}
	b.add("x", time.Second, 503, nil)
	b.add("y", time.Millisecond, 0, errors.New("refused"))
	b.add("y", time.Millisecond, 409, nil)
	a.merge(b)
	tot := a.Totals(time.Second)
	if tot.Requests != 103 || tot.Errors != 3 || tot.ServerErrors != 1 || tot.P50 != 50*time.Millisecond || tot.P99 != 100*time.Millisecond {
		t.Fatalf("%+v", tot)
	}
	var out strings.Builder
	a.Write(&out, time.Second)
	if !strings.Contains(out.String(), "409×1 transport×1") || !strings.Contains(out.String(), "503×1") {
		t.Fatalf("report:\n%s", out.String())
	}
}

func TestRunRefusesUnboundedRuns(t *testing.T) {
	for _, c := range []Config{{Clients: 0, Duration: time.Second, MaxRequests: 1}, {Clients: 1, Duration: 3 * time.Hour, MaxRequests: 1},
		{Clients: 1, Duration: time.Second, MaxRequests: 0}, {URL: "http://10.1.1.1", AdminPassword: "x", Clients: 1, Duration: time.Second, MaxRequests: 1}} {
		if err := Run(c, &strings.Builder{}); err == nil {
			t.Errorf("%+v accepted", c)
		}
	}
}

// TestRSSParts: the idle report tells the anonymous and file-backed parts
// of a process's resident memory (this one's, on Linux), and nothing of
// a process that is not there.
func TestRSSParts(t *testing.T) {
	if _, err := os.Stat("/proc/self/status"); err != nil {
		t.Skip("no /proc:", err) // not Linux
	}
	got := rssParts(os.Getpid())
	if !strings.HasPrefix(got, ", anonymous ") || !strings.Contains(got, " MiB, file ") || strings.Contains(got, " 0.0 MiB") {
		t.Fatalf("rssParts of this process: %q", got)
	}
	if got := rssParts(-1); got != "" {
		t.Fatalf("rssParts of no process: %q", got)
	}
}
