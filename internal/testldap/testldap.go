// Package testldap starts a throwaway OpenLDAP server (Debian's slapd) for
// one test, with a small directory made by the test: people under
// ou=people, groups under ou=groups, a read-only service account. Tests
// skip when slapd is not installed, except under CI=true (where .ci/run
// installs it).
package testldap

import (
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"explorer/internal/testcert"

	"github.com/go-ldap/ldap/v3"
)

// The directory's names.
const (
	Base          = "dc=example,dc=org"
	People        = "ou=people," + Base
	Groups        = "ou=groups," + Base
	AdminGroup    = "cn=explorer-admins," + Groups
	ServiceDN     = "cn=explorer," + Base
	ServiceSecret = "service-secret-1"
	rootDN        = "cn=root," + Base
	rootSecret    = "root-secret-1"
)

// Server is a running slapd.
type Server struct {
	t testing.TB
	// LDAPURL takes StartTLS; LDAPSURL is TLS from the start.
	LDAPURL, LDAPSURL string
	// CAFile is the PEM certificate the server presents (self-signed).
	CAFile string
	cmd    *exec.Cmd
}

// Binary returns slapd's path; the test skips when it is missing, or
// fails under CI=true.
func Binary(t testing.TB) string {
	t.Helper()
	for _, p := range []string{"/usr/sbin/slapd", "/usr/local/libexec/slapd"} {
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	if p, err := exec.LookPath("slapd"); err == nil {
		return p
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("slapd is not installed (apt-get install slapd)")
	}
	t.Skip("slapd is not installed (apt-get install slapd); LDAP tests skipped")
	return ""
}

// Start starts slapd on two free ports of 127.0.0.1 with the directory's
// base entries, the service account and an empty admin group; it stops
// when the test ends.
func Start(t testing.TB) *Server {
	t.Helper()
	bin := Binary(t)
	dir := t.TempDir()
	certFile, keyFile, _ := testcert.SelfSigned(t, dir)
	if err := os.Mkdir(filepath.Join(dir, "db"), 0o700); err != nil {
		t.Fatal(err)
	}
	conf := filepath.Join(dir, "slapd.conf")
	if err := os.WriteFile(conf, []byte(config(dir, certFile, keyFile)), 0o600); err != nil {
		t.Fatal(err)
	}
	p1, p2 := freePort(t), freePort(t)
	s := &Server{t: t, CAFile: certFile,
		LDAPURL:  "ldap://127.0.0.1:" + strconv.Itoa(p1),
		LDAPSURL: "ldaps://127.0.0.1:" + strconv.Itoa(p2)}
	s.cmd = exec.Command(bin, "-f", conf, "-h", s.LDAPURL+"/ "+s.LDAPSURL+"/", "-d", "0")
	log, err := os.Create(filepath.Join(dir, "slapd.log"))
	if err != nil {
		t.Fatal(err)
	}
	s.cmd.Stdout, s.cmd.Stderr = log, log
	if err := s.cmd.Start(); err != nil {
		t.Fatalf("start slapd: %v", err)
	}
	t.Cleanup(s.Stop)
	s.waitReady(filepath.Join(dir, "slapd.log"))
	s.seed()
	return s
}

func config(dir, certFile, keyFile string) string {
	return fmt.Sprintf(`include /etc/ldap/schema/core.schema
include /etc/ldap/schema/cosine.schema
include /etc/ldap/schema/inetorgperson.schema
include /etc/ldap/schema/nis.schema
modulepath /usr/lib/ldap
moduleload back_mdb
pidfile %[1]s/slapd.pid
TLSCertificateFile %[2]s
TLSCertificateKeyFile %[3]s
database mdb
maxsize 10485760
suffix "%[4]s"
rootdn "%[5]s"
rootpw %[6]s
directory %[1]s/db
access to attrs=userPassword by anonymous auth by * none
access to * by * read
`, dir, certFile, keyFile, Base, rootDN, rootSecret)
}

func freePort(t testing.TB) int {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// waitReady waits until slapd accepts connections.
func (s *Server) waitReady(logFile string) {
	deadline := time.Now().Add(15 * time.Second)
	for time.Now().Before(deadline) {
		if c, err := ldap.DialURL(s.LDAPURL); err == nil {
			c.Close()
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	b, _ := os.ReadFile(logFile)
	s.t.Fatalf("slapd did not start:\n%s", b)
}

// Stop ends slapd (a directory that is down).
func (s *Server) Stop() {
	if s.cmd.Process == nil || s.cmd.ProcessState != nil {
		return
	}
	_ = s.cmd.Process.Kill()
	_ = s.cmd.Wait()
}
