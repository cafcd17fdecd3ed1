package web_test

import (
	"context"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"

	explorer "explorer"
	"explorer/internal/oidclogin"
	"explorer/internal/testkit"

	"github.com/zitadel/oidc/v3/example/server/exampleop"
	"github.com/zitadel/oidc/v3/example/server/storage"
	"github.com/zitadel/oidc/v3/pkg/oidc"
	"github.com/zitadel/oidc/v3/pkg/op"
)

const (
	oidcPublic = "http://explorer.test"
	oidcSecret = "client-secret-7f3a"
)

// opUsers are the OpenID provider's people; groups sends a groups claim.
type opUsers struct {
	mu     sync.Mutex
	users  map[string]*storage.User
	groups map[string][]string
}

func (u *opUsers) GetUserByID(id string) *storage.User {
	u.mu.Lock()
	defer u.mu.Unlock()
	return u.users[id]
}

func (u *opUsers) GetUserByUsername(name string) *storage.User {
	u.mu.Lock()
	defer u.mu.Unlock()
	for _, x := range u.users {
		if x.Username == name {
			return x
		}
	}
	return nil
}

func (u *opUsers) ExampleClientID() string { return "example-unused" }

func (u *opUsers) setGroups(id string, groups ...string) {
	u.mu.Lock()
	defer u.mu.Unlock()
	u.groups[id] = groups
}

// opStorage is zitadel's example storage that also sends groups.
type opStorage struct {
	*storage.Storage
	users *opUsers
}

func (s *opStorage) addGroups(info *oidc.UserInfo, subject string) {
	s.users.mu.Lock()
	defer s.users.mu.Unlock()
	if g := s.users.groups[subject]; g != nil {
		info.AppendClaims("groups", g)
	}
}

func (s *opStorage) SetUserinfoFromToken(ctx context.Context, info *oidc.UserInfo, tokenID, subject, origin string) error {
	if err := s.Storage.SetUserinfoFromToken(ctx, info, tokenID, subject, origin); err != nil {
		return err
	}
	s.addGroups(info, subject)
	return nil
}

func (s *opStorage) SetUserinfoFromRequest(ctx context.Context, info *oidc.UserInfo, req op.IDTokenRequest, scopes []string) error {
	if err := s.Storage.SetUserinfoFromRequest(ctx, info, req, scopes); err != nil {
		return err
	}
	s.addGroups(info, req.GetSubject())
	return nil
}

// startOP runs an OpenID provider (zitadel/oidc's op package with its
// example login) on a loopback port, with the client of oidcPublic.
func startOP(t *testing.T) (string, *opUsers) {
	t.Helper()
	users := &opUsers{users: map[string]*storage.User{
		"sub-olga": {ID: "sub-olga", Username: "olga", Password: "olga-pass-1", Email: "olga@example.org", EmailVerified: true},
	}, groups: map[string][]string{}}
	srv := httptest.NewUnstartedServer(nil)
	issuer := "http://" + srv.Listener.Addr().String()
	storage.RegisterClients(storage.WebClient("explorer", oidcSecret, oidcPublic+"/login/oidc/callback"))
	st := &opStorage{Storage: storage.NewStorage(users), users: users}
	srv.Config.Handler = exampleop.SetupServer(issuer, st, nil, false)
	srv.Start()
	t.Cleanup(srv.Close)
	return issuer, users
}

func oidcEnv(t *testing.T) (*testkit.Env, *opUsers, string) {
	t.Helper()
	issuer, users := startOP(t)
	e := testkit.New(t, func(o *explorer.Options) {
		prov, err := oidclogin.New(oidclogin.Config{Issuer: issuer, ClientID: "explorer", ClientSecret: oidcSecret,
			RedirectURL: oidcPublic + "/login/oidc/callback", AdminGroup: "explorer-admins", Logger: o.Logger})
		if err != nil {
			t.Fatal(err)
		}
		o.OIDC = prov
	})
	e.Secret(oidcSecret)
	e.AddUser("root", explorer.RoleAdmin)
	return e, users, issuer
}

// atProvider starts a sign-in on the page, signs in at the provider as a
// person would, and returns the callback path (with code and state) the
// provider sends the browser back to.
func atProvider(t *testing.T, b *client, user, password string) string {
	t.Helper()
	r := b.do("GET", "/login/oidc?next=/models", nil, nil).Expect(t, http.StatusSeeOther)
	jar, _ := cookiejar.New(nil)
	hc := &http.Client{Jar: jar, CheckRedirect: func(req *http.Request, _ []*http.Request) error {
		if strings.HasPrefix(req.URL.String(), oidcPublic) {
			return http.ErrUseLastResponse
		}
		return nil
	}}
	resp, err := hc.Get(r.Header.Get("Location"))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	id := resp.Request.URL.Query().Get("authRequestID")
	if resp.StatusCode != 200 || id == "" {
		t.Fatalf("provider's sign-in page: %d %s", resp.StatusCode, resp.Request.URL)
	}
	login := *resp.Request.URL
	login.RawQuery = ""
	resp, err = hc.PostForm(login.String(), url.Values{"username": {user}, "password": {password}, "id": {id}})
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	loc := resp.Header.Get("Location")
	if resp.StatusCode != http.StatusFound || !strings.HasPrefix(loc, oidcPublic+"/login/oidc/callback?") {
		t.Fatalf("provider sent back %d to %q", resp.StatusCode, loc)
	}
	if cb, err := url.Parse(loc); err == nil {
		b.e.Secret(cb.Query().Get("code")) // never in the log
	}
	return strings.TrimPrefix(loc, oidcPublic)
}

func TestOIDCSignIn(t *testing.T) {
	e, users, _ := oidcEnv(t)
	b := newBrowser(t, e)
	d := b.doc(b.do("GET", "/login", nil, nil).Expect(t, 200))
	if href, _ := d.Find(`a[href^="/login/oidc"]`).Attr("href"); href == "" {
		t.Fatal("the sign-in page has no Sign in with … link")
	}
	callback := atProvider(t, b, "olga", "olga-pass-1")
	flowCookie := b.cookies["explorer_oidc"]
	r := b.do("GET", callback, nil, nil).Expect(t, http.StatusSeeOther)
	if r.Header.Get("Location") != "/models" {
		t.Fatalf("after sign-in to %q", r.Header.Get("Location"))
	}
	b.do("GET", "/", nil, nil).Expect(t, 200)
	b.do("GET", "/users", nil, nil).Expect(t, http.StatusForbidden)
	u, err := e.Svc.FindUser(context.Background(), "olga")
	if err != nil || u.Source != explorer.SourceOIDC || u.Role != explorer.RoleUser {
		t.Fatalf("olga: %+v, %v", u, err)
	}
	if email, _ := e.Svc.UserEmail(e.As("root"), "olga"); email != "olga@example.org" {
		t.Fatalf("olga's e-mail %q", email)
	}
	// The same code again, even with the flow's cookie, is refused by
	// the provider.
	replay := newBrowser(t, e)
	replay.cookies["explorer_oidc"] = flowCookie
	if r := replay.do("GET", callback, nil, nil); r.Status != http.StatusUnauthorized || !strings.Contains(string(r.Body), "used already") || replay.cookies["explorer_session"] != "" {
		t.Fatalf("replayed code: %d", r.Status)
	}
	// In the admin group she is an admin at her next sign-in, and loses
	// the role with the group.
	users.setGroups("sub-olga", "staff", "explorer-admins")
	b2 := newBrowser(t, e)
	b2.do("GET", atProvider(t, b2, "olga", "olga-pass-1"), nil, nil).Expect(t, http.StatusSeeOther)
	b2.do("GET", "/users", nil, nil).Expect(t, 200)
	users.setGroups("sub-olga", "staff")
	b3 := newBrowser(t, e)
	b3.do("GET", atProvider(t, b3, "olga", "olga-pass-1"), nil, nil).Expect(t, http.StatusSeeOther)
	b3.do("GET", "/users", nil, nil).Expect(t, http.StatusForbidden)
	if n := countUsers(t, e, "olga"); n != 1 {
		t.Fatalf("%d users named olga", n)
	}
}

func countUsers(t *testing.T, e *testkit.Env, name string) int {
	list, err := e.Svc.Users(e.As("root"))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, u := range list {
		if u.Username == name {
			n++
		}
	}
	return n
}

// A callback whose state is not the flow's is refused before the code is
// redeemed; so is one without the flow's cookie (another browser).
func TestOIDCWrongState(t *testing.T) {
	e, _, _ := oidcEnv(t)
	b := newBrowser(t, e)
	callback := atProvider(t, b, "olga", "olga-pass-1")
	u, _ := url.Parse(callback)
	q := u.Query()
	q.Set("state", "not-the-state")
	if r := b.do("GET", u.Path+"?"+q.Encode(), nil, nil); r.Status != http.StatusUnauthorized || !strings.Contains(string(r.Body), "not started here") {
		t.Fatalf("wrong state: %d", r.Status)
	}
	if r := newBrowser(t, e).do("GET", callback, nil, nil); r.Status != http.StatusUnauthorized {
		t.Fatalf("callback in another browser: %d", r.Status)
	}
	if _, err := e.Svc.FindUser(context.Background(), "olga"); explorer.ErrorCode(err) != explorer.ENOTFOUND {
		t.Fatalf("olga exists after refused callbacks: %v", err)
	}
}

// A provider that cannot be reached is reported as such on the sign-in
// page; local users sign in as ever.
func TestOIDCProviderDown(t *testing.T) {
	srv := httptest.NewServer(http.NotFoundHandler())
	issuer := srv.URL
	srv.Close()
	e := testkit.New(t, func(o *explorer.Options) {
		prov, err := oidclogin.New(oidclogin.Config{Issuer: issuer, ClientID: "explorer", ClientSecret: oidcSecret,
			RedirectURL: oidcPublic + "/login/oidc/callback", Logger: o.Logger})
		if err != nil {
			t.Fatal(err)
		}
		o.OIDC = prov
	})
	e.Secret(oidcSecret)
	e.AddUser("root", explorer.RoleAdmin)
	b := newBrowser(t, e)
	r := b.do("GET", "/login/oidc", nil, nil)
	if r.Status != http.StatusServiceUnavailable || !strings.Contains(string(r.Body), "cannot be reached") {
		t.Fatalf("provider down: %d", r.Status)
	}
	b.login("root", testkit.Password)
}
