package models_test

import (
	"context"
	"maps"
	"reflect"
	"testing"

	explorer "explorer"
	"explorer/internal/testkit"
	"explorer/models"
)

// shareUsers are the users of sharedModel.
var shareUsers = []string{"owner", "rw", "r", "extra", "invited", "pending", "stranger", "newbie"}

// sharedModel sets up a model of "owner" shared with "rw" (READ_WRITE)
// and "r" and "extra" (READ), with pending invitations to "invited" and
// "pending"; the users are created unless they exist. It returns the
// model's id, the access of "extra" and the invitation of "pending".
func sharedModel(t *testing.T, e *testkit.Env) (id, extraAccess, pendingInvitation int64) {
	t.Helper()
	for _, u := range shareUsers {
		if _, err := e.Svc.FindUser(t.Context(), u); err != nil {
			e.AddUser(u, "")
		}
	}
	m, err := e.Svc.UploadModel(e.As("owner"), models.UploadModelInput{File: &testkit.ModelFile{Table: testkit.RowsTable("Index|Label|Terms", "1|A|a")}})
	if err != nil {
		t.Fatal(err)
	}
	invite := func(to, rights string, accept bool) int64 {
		inv, err := e.Svc.ShareModel(e.As("owner"), m.ID, to, rights)
		if err != nil {
			t.Fatal(err)
		}
		if accept {
			if err := e.Svc.AcceptModelInvitation(e.As(to), inv.ID); err != nil {
				t.Fatal(err)
			}
		}
		return inv.ID
	}
	invite("rw", explorer.RightsReadWrite, true)
	invite("r", "", true)
	invite("extra", "read", true)
	invite("invited", "", false)
	pendingInvitation = invite("pending", "", false)
	full, err := e.Svc.Model(e.As("owner"), m.ID)
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range full.UsersAccess {
		if a.User.UserID == "extra" {
			extraAccess = a.ID
		}
	}
	return m.ID, extraAccess, pendingInvitation
}

func TestModelRights(t *testing.T) {
	type op func(ctx context.Context, s *models.Service, id, access, inv int64) error
	ops := map[string]op{
		"get": func(ctx context.Context, s *models.Service, id, _, _ int64) error {
			_, err := s.Model(ctx, id)
			return err
		},
		"versions": func(ctx context.Context, s *models.Service, id, _, _ int64) error {
			_, err := s.ModelVersions(ctx, id)
			return err
		},
		"version": func(ctx context.Context, s *models.Service, id, _, _ int64) error {
			_, err := s.ModelVersion(ctx, id, 1)
			return err
		},
		"projects": func(ctx context.Context, s *models.Service, id, _, _ int64) error {
			_, err := s.ModelProjects(ctx, id)
			return err
		},
		"update": func(ctx context.Context, s *models.Service, id, _, _ int64) error {
			_, err := s.UpdateModel(ctx, id, models.ModelInput{Title: new("New")})
			return err
		},
		"share": func(ctx context.Context, s *models.Service, id, _, _ int64) error {
			_, err := s.ShareModel(ctx, id, "newbie", "")
			return err
		},
		"revoke": func(ctx context.Context, s *models.Service, id, _, inv int64) error {
			return s.RevokeModelInvitation(ctx, id, inv)
		},
		"remove access": func(ctx context.Context, s *models.Service, id, access, _ int64) error {
			return s.RemoveModelAccess(ctx, id, access)
		},
		"delete": func(ctx context.Context, s *models.Service, id, _, _ int64) error { return s.DeleteModel(ctx, id) },
	}
	const ok, forbidden, notFound = "", explorer.EFORBIDDEN, explorer.ENOTFOUND
	// want[op] lists the codes for owner, rw, r, invited, stranger.
	roles := []string{"owner", "rw", "r", "invited", "stranger"}
	want := map[string][5]string{
		"get":           {ok, ok, ok, notFound, notFound},
		"versions":      {ok, ok, ok, notFound, notFound},
		"version":       {ok, ok, ok, notFound, notFound},
		"projects":      {ok, ok, ok, notFound, notFound},
		"update":        {ok, ok, forbidden, notFound, notFound},
		"share":         {ok, ok, forbidden, notFound, notFound},
		"revoke":        {ok, ok, forbidden, notFound, notFound},
		"remove access": {ok, ok, forbidden, notFound, notFound},
		"delete":        {ok, forbidden, forbidden, notFound, notFound},
	}
	// One database; each case has a model of its own.
	e := testkit.New(t)
	for name, f := range ops {
		for i, role := range roles {
			t.Run(name+" by "+role, func(t *testing.T) {
				id, access, inv := sharedModel(t, e)
				before, err := e.Svc.Model(e.As("owner"), id)
				if err != nil {
					t.Fatal(err)
				}
				err = f(e.As(role), e.Services.Models, id, access, inv)
				if got := explorer.ErrorCode(err); got != want[name][i] {
					t.Fatalf("code %q, want %q (%v)", got, want[name][i], err)
				}
				if err == nil {
					return
				}
				// A refused operation changes nothing.
				after, err := e.Svc.Model(e.As("owner"), id)
				if err != nil {
					t.Fatal(err)
				}
				if !reflect.DeepEqual(before, after) {
					t.Fatalf("refused %s changed the model:\n%+v\n%+v", name, before, after)
				}
			})
		}
	}
	// A model that does not exist is ENOTFOUND for everyone.
	for name, f := range ops {
		if err := f(e.As("owner"), e.Services.Models, 4242, 1, 1); explorer.ErrorCode(err) != notFound {
			t.Errorf("%s of a missing model: %v", name, err)
		}
	}
}

func TestModelSharingRules(t *testing.T) {
	e := testkit.New(t)
	id, access, inv := sharedModel(t, e)
	owner := e.As("owner")
	for _, tt := range []struct {
		name, to, rights, code string
	}{
		{"the owner", "owner", "", explorer.ECONFLICT},
		{"a holder", "r", "", explorer.ECONFLICT},
		{"a pending invitation", "invited", "READ_WRITE", explorer.ECONFLICT},
		{"an unknown user", "ghost", "", explorer.ENOTFOUND},
		{"no user", " ", "", explorer.EINVALID},
		{"bad rights", "newbie", "WRITE", explorer.EINVALID},
	} {
		if _, err := e.Svc.ShareModel(owner, id, tt.to, tt.rights); explorer.ErrorCode(err) != tt.code {
			t.Errorf("sharing with %s: %v, want %s", tt.name, err, tt.code)
		}
	}
	// A holder may remove its own access, even with READ.
	if err := e.Svc.RemoveModelAccess(e.As("extra"), id, access); err != nil {
		t.Fatal(err)
	}
	if _, err := e.Svc.Model(e.As("extra"), id); explorer.ErrorCode(err) != explorer.ENOTFOUND {
		t.Fatalf("after removing its access: %v", err)
	}
	// Invitations are answered by their recipient only, once.
	for _, u := range []string{"owner", "rw", "invited"} {
		if err := e.Svc.AcceptModelInvitation(e.As(u), inv); explorer.ErrorCode(err) != explorer.ENOTFOUND {
			t.Errorf("%s accepting another's invitation: %v", u, err)
		}
		if err := e.Svc.RejectModelInvitation(e.As(u), inv); explorer.ErrorCode(err) != explorer.ENOTFOUND {
			t.Errorf("%s rejecting another's invitation: %v", u, err)
		}
	}
	list, _, err := e.Svc.ModelInvitationsPage(e.As("pending"), explorer.Page{})
	if err != nil || len(list) != 1 || list[0].ID != inv || list[0].Model.ID != id || list[0].Rights != explorer.RightsRead || list[0].Recipient.UserID != "pending" {
		t.Fatalf("pending's invitations %+v %v", list, err)
	}
	if err := e.Svc.RejectModelInvitation(e.As("pending"), inv); err != nil {
		t.Fatal(err)
	}
	if err := e.Svc.AcceptModelInvitation(e.As("pending"), inv); explorer.ErrorCode(err) != explorer.ENOTFOUND {
		t.Fatalf("accepting a rejected invitation: %v", err)
	}
	if list, _, _ := e.Svc.ModelInvitationsPage(e.As("pending"), explorer.Page{}); len(list) != 0 {
		t.Fatalf("rejected invitation listed: %+v", list)
	}
	// Accepting gives the invitation's rights.
	invs, _, _ := e.Svc.ModelInvitationsPage(e.As("invited"), explorer.Page{})
	if err := e.Svc.AcceptModelInvitation(e.As("invited"), invs[0].ID); err != nil {
		t.Fatal(err)
	}
	m, err := e.Svc.Model(e.As("invited"), id)
	if err != nil || m.Rights != explorer.RightsRead || m.CanWrite() || m.IsOwner() {
		t.Fatalf("invited after accepting: %+v %v", m, err)
	}
	// Models lists owned and shared models by id.
	mine, _ := e.Svc.UploadModel(e.As("invited"), models.UploadModelInput{File: &testkit.ModelFile{Table: testkit.RowsTable("Index|Label|Terms", "1|A|a")}})
	infos, err := e.Svc.Models(e.As("invited"))
	if err != nil || len(infos) != 2 || infos[0].ID != id || infos[1].ID != mine.ID {
		t.Fatalf("models of invited: %+v %v", infos, err)
	}
}

func TestModelStructureUpdates(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	ctx := e.As("ann")
	m, err := e.Svc.UploadModel(ctx, models.UploadModelInput{File: &testkit.ModelFile{Table: testkit.RowsTable("Index|Label|Terms",
		"1|A|a", "2.1|B|b", "2.2|C|c", "3|D|d")}})
	if err != nil {
		t.Fatal(err)
	}
	id := m.ID
	stored := func(version int) *explorer.Structure {
		t.Helper()
		s, err := e.DB.FindModelVersion(context.Background(), id, version)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	update := func(in models.ModelInput) *models.Model {
		t.Helper()
		m, err := e.Svc.UpdateModel(ctx, id, in)
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	groups := func(gs ...explorer.Group) *[]explorer.Group { return &gs }
	topic := func(id int64, title string, dict map[string]string, terms ...string) explorer.Topic {
		return explorer.Topic{ID: id, Title: title, Terms: terms, Dictionary: dict}
	}

	// Ids of the model are kept; a repeated id, an unknown id and a
	// missing one are assigned anew; a topic keeps its id across groups.
	m = update(models.ModelInput{Groups: groups(
		explorer.Group{ID: 2, Title: "B", Topics: []explorer.Topic{topic(1, "A moved", nil, "a"), topic(3, "C", nil, "c")}},
		explorer.Group{ID: 2, Title: "Again", Topics: []explorer.Topic{topic(1, "A twice", nil, "a")}},
		explorer.Group{ID: 77, Title: "Unknown", Topics: []explorer.Topic{topic(-1, "Neg", nil)}},
		explorer.Group{Title: "None", Topics: []explorer.Topic{topic(0, "Zero", map[string]string{"k": "v"}, "z")}},
	)})
	type ids struct {
		group  int64
		topics []int64
	}
	var got []ids
	for _, g := range m.Groups {
		x := ids{group: g.ID}
		for _, tp := range g.Topics {
			x.topics = append(x.topics, tp.ID)
			if tp.Dictionary == nil || len(tp.Dictionary) != 0 {
				t.Fatalf("answered dictionary %v", tp.Dictionary)
			}
		}
		got = append(got, x)
	}
	want := []ids{{2, []int64{1, 3}}, {4, []int64{5}}, {5, []int64{6}}, {6, []int64{7}}}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("ids %+v, want %+v", got, want)
	}
	if m.Version != 2 {
		t.Fatalf("version %d", m.Version)
	}
	// The dictionary is stored with the version.
	if d := stored(2).Groups[3].Topics[0].Dictionary; !maps.Equal(d, map[string]string{"k": "v"}) {
		t.Fatalf("stored dictionary %v", d)
	}
	// Ids removed are never given again; an empty dictionary keeps the
	// stored one, a new one replaces it.
	m = update(models.ModelInput{Groups: groups(
		explorer.Group{ID: 6, Title: "None", Topics: []explorer.Topic{topic(7, "Zero", map[string]string{}, "z")}},
		explorer.Group{ID: 3, Title: "Old id", Topics: []explorer.Topic{topic(2, "Old topic id", nil)}},
	)})
	if m.Version != 3 || m.Groups[1].ID != 7 || m.Groups[1].Topics[0].ID != 8 {
		t.Fatalf("after removal %+v", m.Groups)
	}
	if d := stored(3).Groups[0].Topics[0].Dictionary; !maps.Equal(d, map[string]string{"k": "v"}) {
		t.Fatalf("kept dictionary %v", d)
	}
	m = update(models.ModelInput{Groups: groups(
		explorer.Group{ID: 6, Title: "None", Topics: []explorer.Topic{topic(7, "Zero", map[string]string{"k": "w"}, "z")}},
		explorer.Group{ID: 7, Title: "Old id", Topics: []explorer.Topic{topic(8, "Old topic id", nil)}},
	)})
	if m.Version != 4 || !maps.Equal(stored(4).Groups[0].Topics[0].Dictionary, map[string]string{"k": "w"}) {
		t.Fatalf("replaced dictionary: version %d %v", m.Version, stored(4).Groups[0].Topics[0].Dictionary)
	}

	// What changes the version: groups, terms (after cleaning), pinned,
	// order, ignore terms and their dictionary; not the title, not an
	// identical structure, not an empty input.
	cur := m.Groups
	for _, tt := range []struct {
		name    string
		in      models.ModelInput
		version bool
	}{
		{"nothing", models.ModelInput{}, false},
		{"title", models.ModelInput{Title: new("T")}, false},
		{"same groups", models.ModelInput{Groups: &cur}, false},
		{"same terms after cleaning", models.ModelInput{Groups: groups(
			explorer.Group{ID: 6, Title: " None ", Topics: []explorer.Topic{topic(7, "Zero", nil, " z", "Z", "")}},
			explorer.Group{ID: 7, Title: "Old id", Topics: []explorer.Topic{topic(8, "Old topic id", nil)}})}, false},
		{"pinned", models.ModelInput{Groups: groups(
			explorer.Group{ID: 6, Title: "None", Pinned: true, Topics: []explorer.Topic{topic(7, "Zero", nil, "z")}},
			explorer.Group{ID: 7, Title: "Old id", Topics: []explorer.Topic{topic(8, "Old topic id", nil)}})}, true},
		{"order", models.ModelInput{Groups: groups(
			explorer.Group{ID: 7, Title: "Old id", Topics: []explorer.Topic{topic(8, "Old topic id", nil)}},
			explorer.Group{ID: 6, Title: "None", Pinned: true, Topics: []explorer.Topic{topic(7, "Zero", nil, "z")}})}, true},
		{"ignore terms", models.ModelInput{IgnoreTerms: &[]string{"the"}}, true},
		{"same ignore terms", models.ModelInput{IgnoreTerms: &[]string{" the", "THE"}}, false},
		{"ignore terms dictionary", models.ModelInput{IgnoreTermsDictionary: map[string]string{"the": "a"}}, true},
		{"same ignore terms dictionary", models.ModelInput{IgnoreTermsDictionary: map[string]string{"the": "a"}}, false},
		{"no groups", models.ModelInput{Groups: groups()}, true},
	} {
		before := m.Version
		m = update(tt.in)
		if (m.Version != before) != tt.version {
			t.Fatalf("%s: version %d → %d", tt.name, before, m.Version)
		}
		if m.Outdated {
			t.Fatalf("%s: a STANDARD model became outdated", tt.name)
		}
	}
	if v, _ := e.Svc.ModelVersions(ctx, id); len(v) != m.Version {
		t.Fatalf("versions %+v, current %d", v, m.Version)
	}

	// Invalid input: nothing changes.
	before := m
	for _, in := range []models.ModelInput{
		{Groups: groups(explorer.Group{Title: " "})},
		{Groups: groups(explorer.Group{Title: "G", Topics: []explorer.Topic{{Title: ""}}})},
		{Title: new("ok"), Groups: groups(explorer.Group{Title: "G", Topics: []explorer.Topic{{Title: "T", Terms: []string{string(make([]byte, 501))}}}})},
	} {
		if _, err := e.Svc.UpdateModel(ctx, id, in); explorer.ErrorCode(err) != explorer.EINVALID {
			t.Fatalf("input %+v: %v", in, err)
		}
	}
	after, _ := e.Svc.Model(ctx, id)
	if !reflect.DeepEqual(before, after) {
		t.Fatal("invalid input changed the model")
	}
}

func TestModelLanguage(t *testing.T) {
	guess := struct {
		code string
		sure bool
	}{}
	e := testkit.New(t, func(o *explorer.Options) {
		o.Detector = explorer.DetectorFunc(func([]string) (string, bool) { return guess.code, guess.sure })
	})
	e.AddUser("ann", "")
	ctx := e.As("ann")
	file := func() *testkit.ModelFile {
		return &testkit.ModelFile{Table: testkit.RowsTable("Index|Label|Terms", "1|A|qqq")}
	}
	guess.code, guess.sure = "sv", true
	m, err := e.Svc.UploadModel(ctx, models.UploadModelInput{Language: " fi ", File: file()})
	if err != nil || m.Language != "FI" {
		t.Fatalf("given: %v %v", m, err)
	}
	// Detected: a confident guess wins over the default.
	m, err = e.Svc.UploadModel(ctx, models.UploadModelInput{File: file()})
	if err != nil || m.Language != "SV" {
		t.Fatalf("detected: %v %v", m, err)
	}
	guess.sure = false
	m, _ = e.Svc.UploadModel(ctx, models.UploadModelInput{File: file()})
	if m.Language != "EN" {
		t.Fatalf("unsure guess: %q, want the default EN", m.Language)
	}
	// A confident guess that is not an ISO 639-1 code is ignored.
	guess.code, guess.sure = "xx", true
	if _, err := e.Svc.UpdateSettings(ctx, []explorer.UserSetting{{Key: explorer.SettingDefaultLanguage, Value: "nl"}}); err != nil {
		t.Fatal(err)
	}
	if m, _ = e.Svc.UploadModel(ctx, models.UploadModelInput{File: file()}); m.Language != "NL" {
		t.Fatalf("default: %q", m.Language)
	}
}

// A Service without a detector detects nothing: the default decides.
func TestModelLanguageWithoutDetector(t *testing.T) {
	e := testkit.New(t, func(o *explorer.Options) { o.Detector = nil })
	e.AddUser("ann", "")
	m, err := e.Svc.UploadModel(e.As("ann"), models.UploadModelInput{File: &testkit.ModelFile{Table: testkit.RowsTable("Index|Label|Terms", "1|A|smörgås, räksmörgås, kaffe, kanelbulle, jättegott, tack så mycket")}})
	if err != nil || m.Language != "EN" {
		t.Fatalf("without a detector: %v %v", m, err)
	}
}
