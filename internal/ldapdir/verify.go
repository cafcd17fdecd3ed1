package ldapdir

import (
	"context"
	"errors"
	"fmt"

	explorer "explorer"

	"github.com/go-ldap/ldap/v3"
)

// verify finds the person's entry as the service account, reads their
// group membership, then binds as the person.
func (d *Directory) verify(ctx context.Context, conn *ldap.Conn, username, password string) (*explorer.DirectoryPerson, error) {
	if err := d.bindService(conn); err != nil {
		return nil, d.unavailable(ctx, "binding as the service account", err)
	}
	entry, err := d.findPerson(ctx, conn, username)
	if err != nil {
		return nil, err
	}
	admin, err := d.isAdmin(conn, entry.DN, username)
	if err != nil {
		return nil, d.unavailable(ctx, "reading the admin group", err)
	}
	if err := conn.Bind(entry.DN, password); err != nil {
		if refused(err) {
			return nil, explorer.Errorf(explorer.EUNAUTHORIZED, "invalid credentials")
		}
		return nil, d.unavailable(ctx, "binding as the person", err)
	}
	return &explorer.DirectoryPerson{
		Source:   explorer.SourceLDAP,
		ID:       entry.DN,
		Username: username,
		Email:    entry.GetAttributeValue(d.cfg.EmailAttribute),
		Admin:    admin,
	}, nil
}

func (d *Directory) bindService(conn *ldap.Conn) error {
	if d.cfg.BindDN == "" {
		return conn.UnauthenticatedBind("")
	}
	return conn.Bind(d.cfg.BindDN, d.cfg.BindPassword)
}

// findPerson searches the one entry of username; none, or more than one,
// is an unknown person.
func (d *Directory) findPerson(ctx context.Context, conn *ldap.Conn, username string) (*ldap.Entry, error) {
	filter := fmt.Sprintf(d.cfg.UserFilter, ldap.EscapeFilter(username))
	req := ldap.NewSearchRequest(d.cfg.BaseDN, ldap.ScopeWholeSubtree, ldap.NeverDerefAliases, 2, int(d.cfg.Timeout.Seconds()), false,
		filter, []string{d.cfg.EmailAttribute}, nil)
	res, err := conn.Search(req)
	if err != nil && !ldap.IsErrorWithCode(err, ldap.LDAPResultSizeLimitExceeded) {
		if ldap.IsErrorWithCode(err, ldap.LDAPResultNoSuchObject) {
			d.log.Warn("LDAP base DN not found", "base", d.cfg.BaseDN)
		}
		return nil, d.unavailable(ctx, "searching the person", err)
	}
	if res == nil || len(res.Entries) != 1 {
		if res != nil && len(res.Entries) > 1 {
			d.log.Warn("LDAP user filter finds several entries; refused", "user", username)
		}
		return nil, explorer.Errorf(explorer.EUNAUTHORIZED, "invalid credentials")
	}
	return res.Entries[0], nil
}

// isAdmin reports whether the admin group lists the person as a member
// (groupOfNames), uniqueMember (groupOfUniqueNames) or memberUid
// (posixGroup). A group that does not exist makes nobody an admin.
func (d *Directory) isAdmin(conn *ldap.Conn, dn, username string) (bool, error) {
	if d.cfg.AdminGroup == "" {
		return false, nil
	}
	filter := "(|(member=" + ldap.EscapeFilter(dn) + ")(uniqueMember=" + ldap.EscapeFilter(dn) + ")(memberUid=" + ldap.EscapeFilter(username) + "))"
	req := ldap.NewSearchRequest(d.cfg.AdminGroup, ldap.ScopeBaseObject, ldap.NeverDerefAliases, 1, int(d.cfg.Timeout.Seconds()), false,
		filter, []string{"1.1"}, nil)
	res, err := conn.Search(req)
	if ldap.IsErrorWithCode(err, ldap.LDAPResultNoSuchObject) {
		d.log.Warn("LDAP admin group not found; nobody is an admin through it", "group", d.cfg.AdminGroup)
		return false, nil
	}
	if err != nil {
		return false, err
	}
	return len(res.Entries) == 1, nil
}

// refused reports whether the directory answered a bind with a refusal
// (wrong password, locked or expired account) rather than failing to
// answer: network errors, and the directory saying it is busy or
// unavailable, are not refusals.
func refused(err error) bool {
	var le *ldap.Error
	if !errors.As(err, &le) {
		return false
	}
	switch le.ResultCode {
	case ldap.LDAPResultBusy, ldap.LDAPResultUnavailable, ldap.LDAPResultTimeLimitExceeded, ldap.LDAPResultOther:
		return false
	}
	return le.ResultCode < ldap.ErrorNetwork
}
