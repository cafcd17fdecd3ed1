package testldap

import (
	"crypto/tls"
	"crypto/x509"
	"os"

	"github.com/go-ldap/ldap/v3"
)

// admin connects as the directory's root, over StartTLS.
func (s *Server) admin() *ldap.Conn {
	s.t.Helper()
	c, err := ldap.DialURL(s.LDAPURL)
	if err != nil {
		s.t.Fatalf("dial slapd: %v", err)
	}
	pem, err := os.ReadFile(s.CAFile)
	if err != nil {
		s.t.Fatal(err)
	}
	pool := x509.NewCertPool()
	pool.AppendCertsFromPEM(pem)
	if err := c.StartTLS(&tls.Config{RootCAs: pool, ServerName: "127.0.0.1"}); err != nil {
		s.t.Fatalf("StartTLS: %v", err)
	}
	if err := c.Bind(rootDN, rootSecret); err != nil {
		s.t.Fatalf("bind as root: %v", err)
	}
	return c
}

func (s *Server) add(c *ldap.Conn, dn string, attrs map[string][]string) {
	s.t.Helper()
	req := ldap.NewAddRequest(dn, nil)
	for k, v := range attrs {
		req.Attribute(k, v)
	}
	if err := c.Add(req); err != nil {
		s.t.Fatalf("add %s: %v", dn, err)
	}
}

// seed makes the base entries, the service account and the admin group.
func (s *Server) seed() {
	c := s.admin()
	defer c.Close()
	s.add(c, Base, map[string][]string{"objectClass": {"dcObject", "organization"}, "dc": {"example"}, "o": {"Example"}})
	s.add(c, People, map[string][]string{"objectClass": {"organizationalUnit"}, "ou": {"people"}})
	s.add(c, Groups, map[string][]string{"objectClass": {"organizationalUnit"}, "ou": {"groups"}})
	s.add(c, ServiceDN, map[string][]string{"objectClass": {"person"}, "cn": {"explorer"}, "sn": {"explorer"}, "userPassword": {ServiceSecret}})
	// groupOfNames needs a member: the service account holds the place.
	s.add(c, AdminGroup, map[string][]string{"objectClass": {"groupOfNames"}, "cn": {"explorer-admins"}, "member": {ServiceDN}})
}

// PersonDN is the DN of the person uid.
func PersonDN(uid string) string { return "uid=" + ldap.EscapeDN(uid) + "," + People }

// AddPerson adds a person with a password and an e-mail address ("" for
// none).
func (s *Server) AddPerson(uid, password, mail string) {
	s.t.Helper()
	c := s.admin()
	defer c.Close()
	attrs := map[string][]string{"objectClass": {"inetOrgPerson"}, "uid": {uid}, "cn": {uid}, "sn": {uid}, "userPassword": {password}}
	if mail != "" {
		attrs["mail"] = []string{mail}
	}
	s.add(c, PersonDN(uid), attrs)
}

// DeletePerson removes a person's entry.
func (s *Server) DeletePerson(uid string) {
	s.t.Helper()
	c := s.admin()
	defer c.Close()
	if err := c.Del(ldap.NewDelRequest(PersonDN(uid), nil)); err != nil {
		s.t.Fatalf("delete %s: %v", uid, err)
	}
}

// SetMail replaces a person's e-mail address.
func (s *Server) SetMail(uid, mail string) { s.modify(PersonDN(uid), "mail", mail, true) }

// JoinAdmins and LeaveAdmins change the admin group's members.
func (s *Server) JoinAdmins(uid string)  { s.modify(AdminGroup, "member", PersonDN(uid), false) }
func (s *Server) LeaveAdmins(uid string) { s.modifyDelete(AdminGroup, "member", PersonDN(uid)) }

func (s *Server) modify(dn, attr, value string, replace bool) {
	s.t.Helper()
	c := s.admin()
	defer c.Close()
	req := ldap.NewModifyRequest(dn, nil)
	if replace {
		req.Replace(attr, []string{value})
	} else {
		req.Add(attr, []string{value})
	}
	if err := c.Modify(req); err != nil {
		s.t.Fatalf("modify %s: %v", dn, err)
	}
}

func (s *Server) modifyDelete(dn, attr, value string) {
	s.t.Helper()
	c := s.admin()
	defer c.Close()
	req := ldap.NewModifyRequest(dn, nil)
	req.Delete(attr, []string{value})
	if err := c.Modify(req); err != nil {
		s.t.Fatalf("modify %s: %v", dn, err)
	}
}
