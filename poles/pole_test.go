package poles_test

import (
	"context"
	"math"
	"reflect"
	"strconv"
	"strings"
	"testing"

	explorer "explorer"
	"explorer/internal/testkit"
	"explorer/poles"
)

func weightOf(f float64) *float64 { return &f }

func partsOf(pairs ...any) []poles.PartInput {
	var out []poles.PartInput
	for i := 0; i < len(pairs); i += 2 {
		p := poles.PartInput{Term: pairs[i].(string)}
		if pairs[i+1] != nil {
			p.Weight = weightOf(pairs[i+1].(float64))
		}
		out = append(out, p)
	}
	return out
}

func mustCreatePole(t *testing.T, ctx context.Context, e *testkit.Env, in poles.PoleInput) *poles.Pole {
	t.Helper()
	p, err := e.Svc.CreatePole(ctx, in)
	if err != nil {
		t.Fatalf("create pole: %v", err)
	}
	return p
}

func wantPoleCode(t *testing.T, err error, code string) *explorer.Error {
	t.Helper()
	if explorer.ErrorCode(err) != code {
		t.Fatalf("error %v, want code %s", err, code)
	}
	return explorer.AsError(err)
}

func poleFields(err error) []string {
	var out []string
	for _, f := range explorer.AsError(err).Fields {
		out = append(out, f.Field)
	}
	return out
}

func TestCreatePoleNormalisesAndKeepsEachTermOnce(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	ann := e.As("ann")
	p := mustCreatePole(t, ann, e, poles.PoleInput{
		Name: "  Warm  ", Description: " cosy things ", Language: " sv ",
		Parts: partsOf(" sun ", nil, "Fire", 2.5, "SUN", 0.5, "tea", -1.0),
	})
	if p.ID < 1 || p.Name != "Warm" || p.Description != "cosy things" || p.Language != "SV" {
		t.Fatalf("pole %+v", p)
	}
	want := []poles.PolePart{{Term: "sun", Weight: 0.5}, {Term: "Fire", Weight: 2.5}, {Term: "tea", Weight: -1}}
	if !reflect.DeepEqual(p.Parts, want) {
		t.Fatalf("parts %+v, want %+v", p.Parts, want)
	}
	got, err := e.Svc.Pole(ann, p.ID)
	if err != nil || !reflect.DeepEqual(got.Parts, want) || got.Language != "SV" || got.Owner != "ann" {
		t.Fatalf("stored %+v %v", got, err)
	}
	// A pole without parts has an empty list, not nil.
	empty := mustCreatePole(t, ann, e, poles.PoleInput{Name: "Empty", Language: "en"})
	if got, _ := e.Svc.Pole(ann, empty.ID); got.Parts == nil || len(got.Parts) != 0 || got.Description != "" {
		t.Fatalf("empty pole %+v", got)
	}
}

func TestCreatePoleValidation(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	ann := e.As("ann")
	long := func(n int) string { return strings.Repeat("é", n) }
	for _, c := range []struct {
		name   string
		in     poles.PoleInput
		fields []string
	}{
		{"empty name", poles.PoleInput{Name: "", Language: "EN"}, []string{"name"}},
		{"blank name", poles.PoleInput{Name: "   ", Language: "EN"}, []string{"name"}},
		{"long name", poles.PoleInput{Name: long(201), Language: "EN"}, []string{"name"}},
		{"no language", poles.PoleInput{Name: "x"}, []string{"language"}},
		{"unknown language", poles.PoleInput{Name: "x", Language: "xx"}, []string{"language"}},
		{"three letters", poles.PoleInput{Name: "x", Language: "swe"}, []string{"language"}},
		{"long description", poles.PoleInput{Name: "x", Language: "EN", Description: long(5001)}, []string{"description"}},
		{"bad parts", poles.PoleInput{Name: "x", Language: "EN", Parts: partsOf("ok", nil, "a", 1.0, "  ", 1.0, long(101), 1.0, "nan", math.NaN(), "inf", math.Inf(-1))},
			[]string{"parts[2].term", "parts[3].term", "parts[4].weight", "parts[5].weight"}},
		{"all at once", poles.PoleInput{Parts: partsOf("", nil)}, []string{"name", "language", "parts[0].term"}},
	} {
		_, err := e.Svc.CreatePole(ann, c.in)
		wantPoleCode(t, err, explorer.EINVALID)
		if got := poleFields(err); !reflect.DeepEqual(got, c.fields) {
			t.Errorf("%s: fields %v, want %v", c.name, got, c.fields)
		}
	}
	// Limits are inclusive.
	mustCreatePole(t, ann, e, poles.PoleInput{Name: long(200), Language: "EN", Description: long(5000), Parts: partsOf(long(100), 1.0)})
	if res, _ := e.Svc.Poles(ann); len(res) != 1 {
		t.Fatalf("%d poles after refused creations, want 1", len(res))
	}
}

func TestPoleTermLimit(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	ann := e.As("ann")
	const limit = 30
	poles.SetPolePartsMaxForTest(t, limit)
	many := make([]poles.PartInput, limit)
	for i := range many {
		many[i] = poles.PartInput{Term: "t" + strconv.Itoa(i)}
	}
	_, err := e.Svc.CreatePole(ann, poles.PoleInput{Name: "x", Language: "EN", Parts: append(many, poles.PartInput{Term: "one more"})})
	if !reflect.DeepEqual(poleFields(wantPoleInvalid(t, err)), []string{"parts"}) {
		t.Fatalf("fields %v", poleFields(err))
	}
	// A term given twice counts once.
	p := mustCreatePole(t, ann, e, poles.PoleInput{Name: "x", Language: "EN", Parts: append(many, poles.PartInput{Term: "T0"})})
	if len(p.Parts) != limit {
		t.Fatalf("%d parts", len(p.Parts))
	}
	// Appending past the limit is refused and changes nothing; a known
	// term does not count twice.
	_, err = e.Svc.UpdatePole(ann, p.ID, poles.PoleInput{Name: "y", Language: "EN", Parts: partsOf("new", nil)}, false)
	wantPoleInvalid(t, err)
	_, err = e.Svc.EditPole(ann, p.ID, poles.PoleEdit{Set: partsOf("new", nil)})
	wantPoleInvalid(t, err)
	if _, err := e.Svc.UpdatePole(ann, p.ID, poles.PoleInput{Name: "x", Language: "EN", Parts: partsOf("T5", 3.0)}, false); err != nil {
		t.Fatal(err)
	}
	got, _ := e.Svc.Pole(ann, p.ID)
	if len(got.Parts) != limit || got.Parts[5] != (poles.PolePart{Term: "t5", Weight: 3}) || got.Parts[limit-1].Term != "t29" || got.Name != "x" {
		t.Fatalf("after appends: %+v", got)
	}
	// Removing one makes room for one.
	if _, err := e.Svc.EditPole(ann, p.ID, poles.PoleEdit{Remove: []string{"t0"}, Set: partsOf("new", nil)}); err != nil {
		t.Fatal(err)
	}
}

func wantPoleInvalid(t *testing.T, err error) error {
	t.Helper()
	wantPoleCode(t, err, explorer.EINVALID)
	return err
}

func TestUpdatePoleReplacesOrAppends(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	ann := e.As("ann")
	p := mustCreatePole(t, ann, e, poles.PoleInput{Name: "P", Description: "d", Language: "EN", Parts: partsOf("a", 1.0, "b", 2.0)})

	// Appending: new terms go last, a known term (any case) takes the new
	// weight in its place; name, description and language are replaced.
	got, err := e.Svc.UpdatePole(ann, p.ID, poles.PoleInput{Name: "Q", Language: "de", Parts: partsOf("c", nil, " B ", 5.0)}, false)
	if err != nil {
		t.Fatal(err)
	}
	want := []poles.PolePart{{Term: "a", Weight: 1}, {Term: "b", Weight: 5}, {Term: "c", Weight: 1}}
	if !reflect.DeepEqual(got.Parts, want) || got.Name != "Q" || got.Description != "" || got.Language != "DE" {
		t.Fatalf("after append %+v", got)
	}
	stored, _ := e.Svc.Pole(ann, p.ID)
	if !reflect.DeepEqual(stored, got) {
		t.Fatalf("stored %+v, answered %+v", stored, got)
	}

	// Replacing (the default): the parts are the body's.
	got, err = e.Svc.UpdatePole(ann, p.ID, poles.PoleInput{Name: "R", Description: "new", Language: "sv", Parts: partsOf("x", 0.5, "X", 0.25)}, true)
	if err != nil {
		t.Fatal(err)
	}
	if want := []poles.PolePart{{Term: "x", Weight: 0.25}}; !reflect.DeepEqual(got.Parts, want) || got.Name != "R" || got.Description != "new" || got.Language != "SV" {
		t.Fatalf("after replace %+v", got)
	}
	// Replacing with no parts clears them.
	got, err = e.Svc.UpdatePole(ann, p.ID, poles.PoleInput{Name: "R", Language: "sv"}, true)
	if err != nil || len(got.Parts) != 0 {
		t.Fatalf("after clearing %+v %v", got, err)
	}

	// A refused update changes nothing.
	before, _ := e.Svc.Pole(ann, p.ID)
	for _, in := range []poles.PoleInput{
		{Name: "", Language: "EN", Parts: partsOf("z", nil)},
		{Name: "S", Language: "xx", Parts: partsOf("z", nil)},
		{Name: "S", Language: "EN", Parts: partsOf("z", nil, "", 1.0)},
	} {
		_, err := e.Svc.UpdatePole(ann, p.ID, in, false)
		wantPoleCode(t, err, explorer.EINVALID)
	}
	if after, _ := e.Svc.Pole(ann, p.ID); !reflect.DeepEqual(before, after) {
		t.Fatalf("refused updates changed the pole: %+v -> %+v", before, after)
	}
	_, err = e.Svc.UpdatePole(ann, p.ID+100, poles.PoleInput{Name: "S", Language: "EN"}, true)
	wantPoleCode(t, err, explorer.ENOTFOUND)
}

func TestEditPole(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	ann := e.As("ann")
	p := mustCreatePole(t, ann, e, poles.PoleInput{Name: "P", Description: "d", Language: "EN", Parts: partsOf("a", 1.0, "b", 2.0, "c", 3.0)})
	name := "Renamed"
	got, err := e.Svc.EditPole(ann, p.ID, poles.PoleEdit{Name: &name, Set: partsOf("A", 4.0, "d", nil), Remove: []string{" B ", "unknown"}})
	if err != nil {
		t.Fatal(err)
	}
	want := []poles.PolePart{{Term: "a", Weight: 4}, {Term: "c", Weight: 3}, {Term: "d", Weight: 1}}
	if !reflect.DeepEqual(got.Parts, want) || got.Name != "Renamed" || got.Description != "d" || got.Language != "EN" {
		t.Fatalf("edited %+v", got)
	}
	bad := "zz"
	_, err = e.Svc.EditPole(ann, p.ID, poles.PoleEdit{Language: &bad, Remove: []string{"a"}})
	if !reflect.DeepEqual(poleFields(wantPoleInvalid(t, err)), []string{"language"}) {
		t.Fatalf("fields %v", poleFields(err))
	}
	if after, _ := e.Svc.Pole(ann, p.ID); !reflect.DeepEqual(after.Parts, want) {
		t.Fatalf("refused edit changed parts: %+v", after.Parts)
	}
}

func TestPoleRights(t *testing.T) {
	ws := &testkit.FakeWordSpaces{Candidates: map[string][]string{"EN": {"x", "y"}}}
	e := testkit.New(t, testkit.WithWordSpaces(ws))
	for _, n := range []string{"ann", "max", "eve", "bob"} {
		e.AddUser(n, "")
	}
	e.AddUser("root", "admin")
	e.SetManager("max", "ann") // max manages ann
	e.SetManager("max", "bob") // and bob
	ann, max, eve, root := e.As("ann"), e.As("max"), e.As("eve"), e.As("root")
	p := mustCreatePole(t, ann, e, poles.PoleInput{Name: "Ann's", Language: "EN", Parts: partsOf("a", 1.0)})
	pb := mustCreatePole(t, e.As("bob"), e, poles.PoleInput{Name: "Bob's", Language: "EN"})
	pm := mustCreatePole(t, max, e, poles.PoleInput{Name: "Max's", Language: "EN"})
	pe := mustCreatePole(t, eve, e, poles.PoleInput{Name: "Eve's", Language: "EN"})

	// Lists: own poles and the managed users' poles, by id.
	ids := func(ctx context.Context) []int64 {
		res, err := e.Svc.Poles(ctx)
		if err != nil {
			t.Fatal(err)
		}
		var out []int64
		for _, p := range res {
			out = append(out, p.ID)
		}
		return out
	}
	if got := ids(max); !reflect.DeepEqual(got, []int64{p.ID, pb.ID, pm.ID}) {
		t.Fatalf("max lists %v", got)
	}
	if got := ids(ann); !reflect.DeepEqual(got, []int64{p.ID}) {
		t.Fatalf("ann lists %v", got)
	}
	if got := ids(root); len(got) != 0 {
		t.Fatalf("an admin lists others' poles: %v", got)
	}

	// The manager reads, updates and asks for suggestions, but may not
	// delete.
	if _, err := e.Svc.Pole(max, p.ID); err != nil {
		t.Fatalf("manager get: %v", err)
	}
	if _, err := e.Svc.UpdatePole(max, p.ID, poles.PoleInput{Name: "By max", Language: "EN", Parts: partsOf("b", nil)}, false); err != nil {
		t.Fatalf("manager update: %v", err)
	}
	if _, err := e.Svc.SuggestPoleTerms(max, p.ID, nil); err != nil {
		t.Fatalf("manager suggest: %v", err)
	}
	_, err := e.Svc.DeletePole(max, p.ID)
	wantPoleCode(t, err, explorer.EFORBIDDEN)
	// A managed user does not see its manager's poles.
	_, err = e.Svc.Pole(ann, pm.ID)
	wantPoleCode(t, err, explorer.ENOTFOUND)

	// Strangers (an admin too) get 404 for everything and change nothing.
	before, _ := e.Svc.Pole(ann, p.ID)
	for _, ctx := range []context.Context{eve, root} {
		_, err := e.Svc.Pole(ctx, p.ID)
		wantPoleCode(t, err, explorer.ENOTFOUND)
		_, err = e.Svc.UpdatePole(ctx, p.ID, poles.PoleInput{Name: "Stolen", Language: "EN"}, true)
		wantPoleCode(t, err, explorer.ENOTFOUND)
		_, err = e.Svc.EditPole(ctx, p.ID, poles.PoleEdit{Remove: []string{"a"}})
		wantPoleCode(t, err, explorer.ENOTFOUND)
		_, err = e.Svc.SuggestPoleTerms(ctx, p.ID, nil)
		wantPoleCode(t, err, explorer.ENOTFOUND)
		_, err = e.Svc.DeletePole(ctx, p.ID)
		wantPoleCode(t, err, explorer.ENOTFOUND)
	}
	if after, _ := e.Svc.Pole(ann, p.ID); !reflect.DeepEqual(before, after) {
		t.Fatalf("refused requests changed the pole: %+v -> %+v", before, after)
	}
	// A missing pole reads like a hidden one.
	_, err = e.Svc.Pole(ann, pe.ID+1000)
	if m := wantPoleCode(t, err, explorer.ENOTFOUND).Message; m != "pole "+strconv.FormatInt(pe.ID+1000, 10)+" not found" {
		t.Fatalf("message %q", m)
	}

	// The owner deletes and gets the deleted pole back.
	del, err := e.Svc.DeletePole(ann, p.ID)
	if err != nil || del.ID != p.ID || del.Name != "By max" {
		t.Fatalf("delete %+v %v", del, err)
	}
	_, err = e.Svc.Pole(ann, p.ID)
	wantPoleCode(t, err, explorer.ENOTFOUND)
	_, err = e.Svc.DeletePole(ann, p.ID)
	wantPoleCode(t, err, explorer.ENOTFOUND)
}

func TestCancelledAccountMayNotUsePoles(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	p := mustCreatePole(t, e.As("ann"), e, poles.PoleInput{Name: "P", Language: "EN"})
	e.SetStatus("ann", explorer.StatusCancelled)
	ann := e.As("ann")
	_, err := e.Svc.Poles(ann)
	wantPoleCode(t, err, explorer.EFORBIDDEN)
	_, err = e.Svc.CreatePole(ann, poles.PoleInput{Name: "Q", Language: "EN"})
	wantPoleCode(t, err, explorer.EFORBIDDEN)
	_, err = e.Svc.Pole(ann, p.ID)
	wantPoleCode(t, err, explorer.EFORBIDDEN)
	_, err = e.Svc.UpdatePole(ann, p.ID, poles.PoleInput{Name: "Q", Language: "EN"}, true)
	wantPoleCode(t, err, explorer.EFORBIDDEN)
	_, err = e.Svc.DeletePole(ann, p.ID)
	wantPoleCode(t, err, explorer.EFORBIDDEN)
	_, err = e.Svc.SuggestPoleTerms(ann, p.ID, nil)
	wantPoleCode(t, err, explorer.EFORBIDDEN)
	// Not signed in at all.
	_, err = e.Svc.Poles(context.Background())
	wantPoleCode(t, err, explorer.EUNAUTHORIZED)
}

func TestSuggestPoleTerms(t *testing.T) {
	ws := &testkit.FakeWordSpaces{
		Candidates: map[string][]string{"EN": {"Sun", "heat", "fire", "blaze", "flame"}, "SV": {"sol"}},
		Loading:    map[string]bool{"DE": true},
		RetryAfter: 7,
	}
	e := testkit.New(t, testkit.WithWordSpaces(ws))
	e.AddUser("ann", "")
	ann := e.As("ann")
	p := mustCreatePole(t, ann, e, poles.PoleInput{Name: "Warm", Language: "en", Parts: partsOf("sun", 2.0, "fire", nil)})

	// The limit is the caller's suggestionsCount setting; terms of the
	// pole (any case) are never suggested.
	if _, err := e.Svc.UpdateSettings(ann, []explorer.UserSetting{{Key: explorer.SettingSuggestionsCount, Value: "2"}}); err != nil {
		t.Fatal(err)
	}
	res, err := e.Svc.SuggestPoleTerms(ann, p.ID, nil)
	if err != nil {
		t.Fatal(err)
	}
	var terms []string
	for _, s := range res.Suggestions {
		terms = append(terms, s.Term)
	}
	if !reflect.DeepEqual(terms, []string{"heat", "blaze"}) || res.Pole.ID != p.ID || res.Pole.Name != "Warm" {
		t.Fatalf("suggestions %v for %+v", terms, res.Pole)
	}
	call := ws.Calls()[0]
	wantTerms := []explorer.WeightedTerm{{Term: "sun", Weight: 2}, {Term: "fire", Weight: 1}}
	// The engine is asked for as many as may ever be answered, so that the
	// first suggestions do not depend on the limit.
	if call.Language != "EN" || call.Limit != poles.SuggestLimitMax || !reflect.DeepEqual(call.Terms, wantTerms) {
		t.Fatalf("engine called with %+v", call)
	}
	// The query's limit overrides the setting.
	limit := 100
	res, err = e.Svc.SuggestPoleTerms(ann, p.ID, &limit)
	if err != nil || len(res.Suggestions) != 3 || ws.Calls()[1].Limit != 100 {
		t.Fatalf("limit 100: %+v %v", res, err)
	}
	for _, bad := range []int{0, -1, 101} {
		_, err := e.Svc.SuggestPoleTerms(ann, p.ID, &bad)
		if !reflect.DeepEqual(poleFields(wantPoleInvalid(t, err)), []string{"limit"}) {
			t.Fatalf("limit %d: %v", bad, err)
		}
	}

	// A space still loading: unavailable, with the engine's Retry-After.
	loading := mustCreatePole(t, ann, e, poles.PoleInput{Name: "Warm", Language: "de", Parts: partsOf("Sonne", nil)})
	_, err = e.Svc.SuggestPoleTerms(ann, loading.ID, nil)
	if e := wantPoleCode(t, err, explorer.EUNAVAILABLE); e.RetryAfter != 7 {
		t.Fatalf("retry after %d", e.RetryAfter)
	}
	// A language without a space: a conflict naming the available ones.
	none := mustCreatePole(t, ann, e, poles.PoleInput{Name: "Chaud", Language: "fr"})
	_, err = e.Svc.SuggestPoleTerms(ann, none.ID, nil)
	if m := wantPoleCode(t, err, explorer.ECONFLICT).Message; !strings.Contains(m, "EN, SV") {
		t.Fatalf("message %q", m)
	}
	// An empty pole still asks the engine, and answers a list.
	empty := mustCreatePole(t, ann, e, poles.PoleInput{Name: "Tom", Language: "sv"})
	res, err = e.Svc.SuggestPoleTerms(ann, empty.ID, nil)
	if err != nil || res.Suggestions == nil || res.Pole.Parts == nil {
		t.Fatalf("empty pole: %+v %v", res, err)
	}
}

func TestSuggestWithoutWordSpaces(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	ann := e.As("ann")
	p := mustCreatePole(t, ann, e, poles.PoleInput{Name: "P", Language: "EN", Parts: partsOf("a", nil)})
	_, err := e.Svc.SuggestPoleTerms(ann, p.ID, nil)
	if m := wantPoleCode(t, err, explorer.ECONFLICT).Message; m != "no word space is available" {
		t.Fatalf("message %q", m)
	}
	// Rights come first: a stranger learns nothing.
	e.AddUser("eve", "")
	_, err = e.Svc.SuggestPoleTerms(e.As("eve"), p.ID, nil)
	wantPoleCode(t, err, explorer.ENOTFOUND)
}

func TestConcurrentAppendsAllLand(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	ann := e.As("ann")
	p := mustCreatePole(t, ann, e, poles.PoleInput{Name: "P", Language: "EN"})
	const n = 8
	errs := make(chan error, n)
	for i := 0; i < n; i++ {
		go func() {
			_, err := e.Svc.UpdatePole(ann, p.ID, poles.PoleInput{Name: "P", Language: "EN", Parts: partsOf("t"+strconv.Itoa(i), nil)}, false)
			errs <- err
		}()
	}
	for i := 0; i < n; i++ {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	if got, _ := e.Svc.Pole(ann, p.ID); len(got.Parts) != n {
		t.Fatalf("%d parts after %d concurrent appends: %+v", len(got.Parts), n, got.Parts)
	}
}

// BenchmarkAppendToLargePole adds one term at a time to a pole of 5,000
// terms, as the pages do.
func BenchmarkAppendToLargePole(b *testing.B) {
	e := testkit.New(b)
	e.AddUser("ann", "")
	ann := e.As("ann")
	many := make([]poles.PartInput, 5000)
	for i := range many {
		many[i] = poles.PartInput{Term: "t" + strconv.Itoa(i)}
	}
	p, err := e.Svc.CreatePole(ann, poles.PoleInput{Name: "x", Language: "EN", Parts: many})
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		if _, err := e.Svc.EditPole(ann, p.ID, poles.PoleEdit{Set: partsOf("n"+strconv.Itoa(i%4000), nil)}); err != nil {
			b.Fatal(err)
		}
	}
}
