package api_test

import (
	"archive/zip"
	"bufio"
	"bytes"
	"compress/flate"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"reflect"
	"runtime"
	"strings"
	"testing"

	explorer "explorer"
	"explorer/internal/testkit"
	"explorer/models"
)

func readFixture(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile("testdata/models/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// withIDs numbers groups and topics as a fresh upload does.
func withIDs(groups []explorer.Group) []explorer.Group {
	var g, tp int64
	out := make([]explorer.Group, len(groups))
	for i, gr := range groups {
		g++
		gr.ID = g
		topics := make([]explorer.Topic, len(gr.Topics))
		for j, t := range gr.Topics {
			tp++
			t.ID = tp
			t.Dictionary = map[string]string{}
			topics[j] = t
		}
		gr.Topics = topics
		out[i] = gr
	}
	return out
}

func decodeModel(t *testing.T, r *testkit.Response) wireModel {
	t.Helper()
	var m wireModel
	r.JSON(t, &m)
	return m
}

func getModel(t *testing.T, e *testkit.Env, user string, id int64) wireModel {
	t.Helper()
	return decodeModel(t, e.Do(testkit.Request{Method: "GET", Path: fmt.Sprintf("/v1/models/%d", id), User: user}).Expect(t, 200))
}

func TestUploadExampleInEveryFormat(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	want := withIDs(testkit.ExampleGroups())
	withSmorgas := withIDs(testkit.ExampleGroups())
	withSmorgas[0].Topics[0].Terms = append(withSmorgas[0].Topics[0].Terms, "smörgås")
	for _, tt := range []struct {
		file  string
		query string
		want  []explorer.Group
	}{
		{"example.csv", "", want},
		{"example-semicolon-cp1252.csv", "", withSmorgas},
		{"example-semicolon-cp1252.csv", "?encoding=windows-1252", withSmorgas},
		{"example.xls", "", want},
		{"example.xlsx", "", want},
	} {
		t.Run(tt.file+tt.query, func(t *testing.T) {
			resp := e.Upload("ann", tt.file, readFixture(t, tt.file), tt.query).Expect(t, http.StatusCreated)
			m := decodeModel(t, resp)
			if !reflect.DeepEqual(m.Groups, tt.want) {
				t.Errorf("groups\n%+v\nwant\n%+v", m.Groups, tt.want)
			}
			if m.Title != nil || m.Type != "STANDARD" || m.Outdated || m.CreatedBy.UserID != "ann" || m.Created != testkit.Start.UnixMilli() || m.ID < 1 {
				t.Errorf("info %+v", m.wireModelInfo)
			}
			// Empty lists are [], empty objects {}, a missing title null.
			for _, frag := range []string{`"title":null`, `"usersAccess":[]`, `"invitations":[]`, `"ignoreTerms":[]`, `"ignoreTermsDictionary":{}`, `"dictionary":{}`} {
				if !strings.Contains(string(resp.Body), frag) {
					t.Errorf("answer lacks %s: %s", frag, resp.Body)
				}
			}
			// The answer is what GET answers.
			if got := getModel(t, e, "ann", m.ID); !reflect.DeepEqual(got, m) {
				t.Errorf("GET answers\n%+v\nupload answered\n%+v", got, m)
			}
		})
	}
}

func TestUploadNamesAndParameters(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	// The part fileName names the file, as the original client sends it.
	body, ct := testkit.Multipart(t, "upload.bin", readFixture(t, "example.xlsx"), map[string]string{"fileName": "Topics.XLSX"})
	m := decodeModel(t, e.Do(testkit.Request{Method: "POST", Path: "/v1/models?title=%20Food%20&language=sv", User: "ann", Body: body, ContentType: ct}).Expect(t, 201))
	if m.Title == nil || *m.Title != "Food" || m.Language != "SV" {
		t.Fatalf("title %v language %q", m.Title, m.Language)
	}
	// Without language, nothing detected: the caller's defaultLanguage.
	if _, err := e.Svc.UpdateSettings(e.As("ann"), []explorer.UserSetting{{Key: "defaultLanguage", Value: "de"}}); err != nil {
		t.Fatal(err)
	}
	m = decodeModel(t, e.Upload("ann", "x.csv", []byte("Index,Label,Terms\n1,A,\"qq, zz\"\n"), "").Expect(t, 201))
	if m.Language != "DE" {
		t.Fatalf("language %q, want the default DE", m.Language)
	}
	var list []wireModelInfo
	e.Do(testkit.Request{Method: "GET", Path: "/v1/models", User: "ann"}).Expect(t, 200).JSON(t, &list)
	if len(list) != 2 || list[0].ID >= list[1].ID {
		t.Fatalf("list %+v", list)
	}
}

// bomb is an XLSX whose worksheet decompresses to size bytes of spaces.
func bomb(t *testing.T, size int) []byte {
	t.Helper()
	base := testkit.XLSX(t, map[string][][]any{"Sheet1": {{"Index", "Label", "Terms"}, {1, "A", "a"}}})
	zr, err := zip.NewReader(bytes.NewReader(base), int64(len(base)))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	zw := zip.NewWriter(&out)
	zw.RegisterCompressor(zip.Deflate, func(w io.Writer) (io.WriteCloser, error) { return flate.NewWriter(w, flate.BestSpeed) })
	for _, f := range zr.File {
		w, err := zw.Create(f.Name)
		if err != nil {
			t.Fatal(err)
		}
		if f.Name == "xl/worksheets/sheet1.xml" {
			chunk := bytes.Repeat([]byte(" "), 1<<20)
			w.Write([]byte(`<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>`))
			for n := 0; n < size; n += len(chunk) {
				w.Write(chunk)
			}
			w.Write([]byte(`</sheetData></worksheet>`))
			continue
		}
		r, _ := f.Open()
		var b bytes.Buffer
		b.ReadFrom(r)
		r.Close()
		w.Write(b.Bytes())
	}
	zw.Close()
	return out.Bytes()
}

var modelLimits = explorer.TableBudgets{}.ModelLimits()

func TestUploadBadFilesStoreNothing(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	xlsx := readFixture(t, "example.xlsx")
	many := &strings.Builder{}
	many.WriteString("Index,Label,Terms\n")
	for i := 1; i <= modelLimits.MaxRows+1; i++ {
		fmt.Fprintf(many, "%d,T,t\n", i)
	}
	tests := []struct {
		name, file string
		content    []byte
		query      string
		status     int
		detail     string
	}{
		{"missing column", "m.csv", []byte("Index,Label\n1,A\n"), "", 400, "Terms"},
		{"two missing columns", "m.csv", []byte("Index\n1\n"), "", 400, "Label, Terms"},
		{"text file", "m.txt", []byte("Index,Label,Terms\n1,A,a\n"), "", 415, ".csv, .xls or .xlsx"},
		{"no extension", "model", []byte("Index,Label,Terms\n1,A,a\n"), "", 415, ""},
		{"xlsx named csv", "m.csv", xlsx, "", 415, "workbook"},
		{"csv named xlsx", "m.xlsx", []byte("Index,Label,Terms\n1,A,a\n"), "", 415, ""},
		{"csv named xls", "m.xls", []byte("Index,Label,Terms\n1,A,a\n"), "", 415, ""},
		{"bad index", "m.csv", []byte("Index,Label,Terms\n1,A,a\nx.1,B,b\n"), "", 400, "row 3"},
		{"index zero", "m.csv", []byte("Index,Label,Terms\n0,A,a\n"), "", 400, "row 2"},
		{"index N.M.K", "m.csv", []byte("Index,Label,Terms\n1.2.3,A,a\n"), "", 400, "row 2"},
		{"bad pinned", "m.csv", []byte("Index,Label,Terms,Pinned\n1,A,a,true\n\n2,B,b,maybe\n"), "", 400, "row 4"},
		{"empty label", "m.csv", []byte("Index,Label,Terms\n1,,a\n"), "", 400, "row 2"},
		{"header only", "m.csv", []byte("Index,Label,Terms,Pinned\n"), "", 400, "no topic rows"},
		{"header and blank rows", "m.csv", []byte("Index,Label,Terms\n,,\n\n"), "", 400, "no topic rows"},
		{"empty file", "m.csv", nil, "", 400, ""},
		{"unknown encoding", "m.csv", []byte("Index,Label,Terms\n1,A,a\n"), "?encoding=klingon", 400, "klingon"},
		{"bad language", "m.csv", []byte("Index,Label,Terms\n1,A,a\n"), "?language=xx", 400, "language"},
		{"cell too long", "m.csv", []byte("Index,Label,Terms\n1,A," + strings.Repeat("a", modelLimits.MaxCellLen+1) + "\n"), "", 400, "row 2"},
		{"term too long", "m.csv", []byte("Index,Label,Terms\n1,A," + strings.Repeat("a", models.TermMax+1) + "\n"), "", 400, "row 2"},
		{"too many rows", "m.csv", []byte(many.String()), "", 413, "rows"},
		{"title too long", "m.csv", []byte("Index,Label,Terms\n1,A,a\n"), "?title=" + strings.Repeat("t", models.ModelTitleMax+1), 400, "title"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := e.Upload("ann", tt.file, tt.content, tt.query).Expect(t, tt.status).Problem(t)
			if !strings.Contains(p.Detail, tt.detail) {
				t.Fatalf("detail %q lacks %q", p.Detail, tt.detail)
			}
		})
	}
	t.Run("zip bomb", func(t *testing.T) {
		b := bomb(t, int(modelLimits.MaxUnzipSize)+(8<<20))
		if len(b) > 2<<20 {
			t.Fatalf("the bomb is %d bytes", len(b))
		}
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		e.Upload("ann", "bomb.xlsx", b, "").Expect(t, http.StatusRequestEntityTooLarge).Problem(t)
		runtime.ReadMemStats(&after)
		if mb := (after.TotalAlloc - before.TotalAlloc) >> 20; mb > 64 {
			t.Fatalf("refusing the bomb allocated %d MB", mb)
		}
	})
	t.Run("no file part", func(t *testing.T) {
		body, ct := testkit.Multipart(t, "x.csv", nil, nil)
		body = bytes.Replace(body, []byte(`name="file"`), []byte(`name="other"`), 1)
		p := e.Do(testkit.Request{Method: "POST", Path: "/v1/models", User: "ann", Body: body, ContentType: ct}).Expect(t, 400).Problem(t)
		if !strings.Contains(p.Detail, "file") {
			t.Fatalf("detail %q", p.Detail)
		}
	})
	t.Run("not multipart", func(t *testing.T) {
		e.Do(testkit.Request{Method: "POST", Path: "/v1/models", User: "ann", Body: "Index,Label,Terms\n", ContentType: "text/csv"}).Expect(t, 415).Problem(t)
	})
	t.Run("body over the limit", func(t *testing.T) {
		// Through a socket: the server refuses the body after its first
		// 8 KiB (what the server reads ahead), before the client sent it all.
		conn, err := net.Dial("tcp", strings.TrimPrefix(e.Serve(), "http://"))
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		fmt.Fprintf(conn, "POST /v1/models HTTP/1.1\r\nHost: x\r\nAuthorization: Basic %s\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: %d\r\n\r\n--x\r\n",
			base64.StdEncoding.EncodeToString([]byte("ann:"+testkit.Password)), 20<<20+1)
		_, _ = conn.Write(make([]byte, 8<<10))
		resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusRequestEntityTooLarge || resp.Header.Get("Content-Type") != "application/problem+json" {
			t.Fatalf("over the limit: %d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
		}
	})
	var list []wireModelInfo
	e.Do(testkit.Request{Method: "GET", Path: "/v1/models", User: "ann"}).Expect(t, 200).JSON(t, &list)
	if len(list) != 0 {
		t.Fatalf("bad uploads stored models: %+v", list)
	}
}

func TestUploadGroupsRows(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	// Groups in the order of N, topics in the order of M; a bare N row
	// without terms names its group; extra columns are ignored; header
	// names are trimmed and in any case.
	csv := " index ;LABEL;Notes;terms\n" +
		"2.2;Second;x;b2\n" +
		"2;Group two;;\n" +
		"10;Ten;;ten\n" +
		"2.1;First;;\"b1, B1 , ,b1x\"\n" +
		"1;One;;one\n"
	m := decodeModel(t, e.Upload("ann", "g.csv", []byte(csv), "").Expect(t, 201))
	var got []string
	for _, g := range m.Groups {
		var topics []string
		for _, tp := range g.Topics {
			topics = append(topics, fmt.Sprintf("%d:%s%v", tp.ID, tp.Title, tp.Terms))
		}
		got = append(got, fmt.Sprintf("%d:%s %v", g.ID, g.Title, topics))
	}
	want := []string{"1:One [1:One[one]]", "2:Group two [2:First[b1 b1x] 3:Second[b2]]", "3:Ten [4:Ten[ten]]"}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("groups\n%q\nwant\n%q", got, want)
	}
}

func put(t *testing.T, e *testkit.Env, user string, id int64, body any, hdr map[string]string) *testkit.Response {
	t.Helper()
	return e.Do(testkit.Request{Method: "PUT", Path: fmt.Sprintf("/v1/models/%d", id), User: user, Body: body, Header: hdr})
}

func versions(t *testing.T, e *testkit.Env, user string, id int64) []wireVersion {
	t.Helper()
	var v []wireVersion
	e.Do(testkit.Request{Method: "GET", Path: fmt.Sprintf("/v1/models/%d/versions", id), User: user}).Expect(t, 200).JSON(t, &v)
	return v
}

func TestModelUpdatesAndVersions(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	m := decodeModel(t, e.Upload("ann", "example.csv", readFixture(t, "example.csv"), "").Expect(t, 201))
	id := m.ID
	if v := versions(t, e, "ann", id); len(v) != 1 || v[0].Version != 1 || v[0].Created != testkit.Start.UnixMilli() {
		t.Fatalf("versions %+v", v)
	}

	// A title-only PUT creates no version.
	e.Clock.Advance(60_000_000_000)
	put(t, e, "ann", id, map[string]any{"title": "Menu"}, nil).Expect(t, 204)
	if v := versions(t, e, "ann", id); len(v) != 1 {
		t.Fatalf("title change made versions %+v", v)
	}
	// Putting back what GET answers changes nothing either.
	cur := getModel(t, e, "ann", id)
	if cur.Title == nil || *cur.Title != "Menu" {
		t.Fatalf("title %v", cur.Title)
	}
	put(t, e, "ann", id, map[string]any{"title": "Menu", "groups": cur.Groups, "ignoreTerms": []string{}, "ignoreTermsDictionary": map[string]string{}}, nil).Expect(t, 204)
	if v := versions(t, e, "ann", id); len(v) != 1 {
		t.Fatalf("identical structure made versions %+v", v)
	}

	// Changing a topic's terms creates version 2; ids are kept.
	groups := cur.Groups
	groups[1].Topics[0].Terms = []string{"fries", "french fries"}
	e.Clock.Advance(60_000_000_000)
	put(t, e, "ann", id, map[string]any{"groups": groups}, nil).Expect(t, 204)
	v := versions(t, e, "ann", id)
	if len(v) != 2 || v[1].Version != 2 || v[1].Created != e.Clock.Now().UnixMilli() {
		t.Fatalf("versions %+v", v)
	}
	now := getModel(t, e, "ann", id)
	if !reflect.DeepEqual(now.Groups[1].Topics[0].Terms, []string{"fries", "french fries"}) || now.Groups[1].ID != cur.Groups[1].ID || now.Groups[1].Topics[0].ID != cur.Groups[1].Topics[0].ID {
		t.Fatalf("after update %+v", now.Groups[1])
	}
	// Version 1 still answers the old terms, with the current title.
	old := decodeModel(t, e.Do(testkit.Request{Method: "GET", Path: fmt.Sprintf("/v1/models/%d/versions/1", id), User: "ann"}).Expect(t, 200))
	if !reflect.DeepEqual(old.Groups[1].Topics[0].Terms, []string{"fries", "chips", "the chips"}) || *old.Title != "Menu" {
		t.Fatalf("version 1 %+v", old)
	}
	for _, p := range []string{"versions/3", "versions/0", "versions/x", "versions/99999999999"} {
		status := 404
		if p != "versions/3" && p != "versions/99999999999" {
			status = 400
		}
		e.Do(testkit.Request{Method: "GET", Path: fmt.Sprintf("/v1/models/%d/%s", id, p), User: "ann"}).Expect(t, status).Problem(t)
	}

	// Prefer: return=representation answers 200 with the Model. A new
	// group and topic get new ids; ignore terms are cleaned and numbered.
	groups = append(now.Groups, explorer.Group{ID: 999, Title: " Desserts ", Topics: []explorer.Topic{{ID: 3, Title: "Ice", Terms: []string{"ice cream", " Ice Cream ", ""}, Dictionary: map[string]string{"ice": "ice cream"}}}})
	resp := put(t, e, "ann", id, map[string]any{"groups": groups, "ignoreTerms": []string{"the", " The", "a", ""}, "ignoreTermsDictionary": map[string]string{"the": "THE"}},
		map[string]string{"Prefer": "return=representation"}).Expect(t, 200)
	if resp.Header.Get("Preference-Applied") != "return=representation" {
		t.Fatalf("Preference-Applied %q", resp.Header.Get("Preference-Applied"))
	}
	rep := decodeModel(t, resp)
	last := rep.Groups[len(rep.Groups)-1]
	// Topic id 3 is already used by Nice in group 3: the new topic gets 6.
	if last.ID != 5 || last.Title != "Desserts" || last.Topics[0].ID != 6 || !reflect.DeepEqual(last.Topics[0].Terms, []string{"ice cream"}) || len(last.Topics[0].Dictionary) != 0 {
		t.Fatalf("new group %+v", last)
	}
	if !reflect.DeepEqual(rep.IgnoreTerms, []explorer.IgnoreTerm{{ID: 1, Term: "the"}, {ID: 2, Term: "a"}}) || rep.IgnoreTermsDictionary["the"] != "THE" {
		t.Fatalf("ignore terms %+v %v", rep.IgnoreTerms, rep.IgnoreTermsDictionary)
	}
	if !strings.Contains(string(resp.Body), `"source":{}`) {
		t.Fatalf("source not {}: %s", resp.Body)
	}
	if v := versions(t, e, "ann", id); len(v) != 3 {
		t.Fatalf("versions %+v", v)
	}
	// Ignore terms alone: a term kept keeps its id.
	rep = decodeModel(t, put(t, e, "ann", id, map[string]any{"ignoreTerms": []string{"a", "an"}}, map[string]string{"Prefer": "return=representation"}).Expect(t, 200))
	if !reflect.DeepEqual(rep.IgnoreTerms, []explorer.IgnoreTerm{{ID: 2, Term: "a"}, {ID: 3, Term: "an"}}) || len(rep.Groups) != 5 {
		t.Fatalf("ignore terms %+v", rep.IgnoreTerms)
	}
	// An empty title removes it.
	rep = decodeModel(t, put(t, e, "ann", id, map[string]any{"title": "  "}, map[string]string{"Prefer": "return=representation"}).Expect(t, 200))
	if rep.Title != nil {
		t.Fatalf("title %q", *rep.Title)
	}

	// Bad input changes nothing.
	before := versions(t, e, "ann", id)
	for _, tt := range []struct {
		body  any
		field string
	}{
		{map[string]any{"groups": []map[string]any{{"title": "", "topics": []any{}}}}, "groups[0].title"},
		{map[string]any{"groups": []map[string]any{{"title": "G", "topics": []map[string]any{{"title": "ok"}, {"title": " "}}}}}, "groups[0].topics[1].title"},
		{map[string]any{"groups": []map[string]any{{"title": "G", "topics": []map[string]any{{"title": "T", "terms": []string{strings.Repeat("x", 501)}}}}}}, "groups[0].topics[0].terms[0]"},
		{map[string]any{"ignoreTerms": []string{strings.Repeat("x", 501)}}, "ignoreTerms[0]"},
		{map[string]any{"title": strings.Repeat("x", 501)}, "title"},
		{map[string]any{"groups": "many"}, "groups"},
		{map[string]any{"title": 5}, "title"},
	} {
		p := put(t, e, "ann", id, tt.body, nil).Expect(t, 400).Problem(t)
		if len(p.Errors) == 0 || p.Errors[0].Field != tt.field {
			t.Errorf("body %v: errors %+v, want field %s", tt.body, p.Errors, tt.field)
		}
	}
	put(t, e, "ann", id, "{", map[string]string{"Content-Type": "application/json"}).Expect(t, 400).Problem(t)
	e.Do(testkit.Request{Method: "PUT", Path: fmt.Sprintf("/v1/models/%d", id), User: "ann", ContentType: "application/json"}).Expect(t, 400).Problem(t)
	if after := versions(t, e, "ann", id); !reflect.DeepEqual(before, after) {
		t.Fatalf("bad input changed versions: %+v", after)
	}
}

func share(t *testing.T, e *testkit.Env, user string, id int64, to, rights string) *testkit.Response {
	t.Helper()
	return e.Do(testkit.Request{Method: "POST", Path: fmt.Sprintf("/v1/models/%d/share?userId=%s&rights=%s", id, to, rights), User: user, ContentType: "application/json"})
}

func invitations(t *testing.T, e *testkit.Env, user string) []wireInvitation {
	t.Helper()
	var list []wireInvitation
	e.Do(testkit.Request{Method: "GET", Path: "/v1/models/invitations", User: user}).Expect(t, 200).JSON(t, &list)
	return list
}

func TestSharingBetweenThreeUsers(t *testing.T) {
	e := testkit.New(t)
	for _, u := range []string{"owner", "user2", "user3", "user4"} {
		e.AddUser(u, "")
	}
	id := decodeModel(t, e.Upload("owner", "example.csv", readFixture(t, "example.csv"), "?title=Shared").Expect(t, 201)).ID
	path := fmt.Sprintf("/v1/models/%d", id)

	var inv2, inv3 wireInvitation
	share(t, e, "owner", id, "user2", "").Expect(t, 201).JSON(t, &inv2)
	share(t, e, "owner", id, "user3", "read_write").Expect(t, 201).JSON(t, &inv3)
	if inv2.Rights != "READ" || inv3.Rights != "READ_WRITE" || inv2.Recipient.UserID != "user2" || inv2.Model == nil || inv2.Model.ID != id || *inv2.Model.Title != "Shared" {
		t.Fatalf("invitations %+v %+v", inv2, inv3)
	}
	// Sharing twice, with the owner, with an unknown user, bad rights.
	share(t, e, "owner", id, "user2", "READ_WRITE").Expect(t, 409).Problem(t)
	share(t, e, "owner", id, "owner", "").Expect(t, 409).Problem(t)
	share(t, e, "owner", id, "nobody", "").Expect(t, 404).Problem(t)
	share(t, e, "owner", id, "user4", "ADMIN").Expect(t, 400).Problem(t)
	e.Do(testkit.Request{Method: "POST", Path: path + "/share", User: "owner"}).Expect(t, 400).Problem(t)

	// The model shows its pending invitations; recipients list theirs.
	if m := getModel(t, e, "owner", id); len(m.Invitations) != 2 || m.Invitations[0].Model.ID != id {
		t.Fatalf("model invitations %+v", m.Invitations)
	}
	if l := invitations(t, e, "user2"); len(l) != 1 || l[0].ID != inv2.ID || l[0].Model.Title == nil {
		t.Fatalf("user2 invitations %+v", l)
	}

	// Before accepting they see nothing.
	for _, u := range []string{"user2", "user3"} {
		e.Do(testkit.Request{Method: "GET", Path: path, User: u}).Expect(t, 404).Problem(t)
		e.Do(testkit.Request{Method: "GET", Path: path + "/versions", User: u}).Expect(t, 404)
		var l []wireModelInfo
		e.Do(testkit.Request{Method: "GET", Path: "/v1/models", User: u}).Expect(t, 200).JSON(t, &l)
		if len(l) != 0 {
			t.Fatalf("%s lists %+v", u, l)
		}
	}
	// Only the recipient accepts or rejects.
	accept := func(user string, inv int64) *testkit.Response {
		return e.Do(testkit.Request{Method: "PUT", Path: fmt.Sprintf("/v1/models/invitations/%d/accept", inv), User: user, ContentType: "application/json"})
	}
	accept("user3", inv2.ID).Expect(t, 404).Problem(t)
	accept("owner", inv2.ID).Expect(t, 404).Problem(t)

	// user2 accepts: reads, but PUT, share, delete are 403.
	accept("user2", inv2.ID).Expect(t, 204)
	accept("user2", inv2.ID).Expect(t, 404).Problem(t)
	m := getModel(t, e, "user2", id)
	if len(m.UsersAccess) != 1 || m.UsersAccess[0].User.UserID != "user2" || m.UsersAccess[0].Rights != "READ" || len(m.Invitations) != 1 {
		t.Fatalf("after accept %+v %+v", m.UsersAccess, m.Invitations)
	}
	access2 := m.UsersAccess[0].ID
	e.Do(testkit.Request{Method: "GET", Path: path + "/versions/1", User: "user2"}).Expect(t, 200)
	e.Do(testkit.Request{Method: "GET", Path: path + "/projects", User: "user2"}).Expect(t, 200)
	put(t, e, "user2", id, map[string]any{"title": "Mine"}, nil).Expect(t, 403).Problem(t)
	share(t, e, "user2", id, "user4", "").Expect(t, 403).Problem(t)
	e.Do(testkit.Request{Method: "DELETE", Path: path, User: "user2"}).Expect(t, 403).Problem(t)
	e.Do(testkit.Request{Method: "DELETE", Path: fmt.Sprintf("%s/invitations/%d", path, inv3.ID), User: "user2"}).Expect(t, 403).Problem(t)

	// user3 accepts READ_WRITE: updates and shares, but does not delete.
	accept("user3", inv3.ID).Expect(t, 204)
	put(t, e, "user3", id, map[string]any{"title": "Renamed"}, nil).Expect(t, 204)
	var inv4 wireInvitation
	share(t, e, "user3", id, "user4", "").Expect(t, 201).JSON(t, &inv4)
	e.Do(testkit.Request{Method: "DELETE", Path: path, User: "user3"}).Expect(t, 403).Problem(t)
	// user3 revokes user4's invitation, which can no longer be accepted.
	e.Do(testkit.Request{Method: "DELETE", Path: fmt.Sprintf("%s/invitations/%d", path, inv4.ID), User: "user3"}).Expect(t, 204)
	e.Do(testkit.Request{Method: "DELETE", Path: fmt.Sprintf("%s/invitations/%d", path, inv4.ID), User: "user3"}).Expect(t, 404)
	accept("user4", inv4.ID).Expect(t, 404).Problem(t)
	if l := invitations(t, e, "user4"); len(l) != 0 {
		t.Fatalf("revoked invitation listed %+v", l)
	}
	// A rejected invitation disappears from the recipient's list.
	share(t, e, "owner", id, "user4", "").Expect(t, 201).JSON(t, &inv4)
	e.Do(testkit.Request{Method: "PUT", Path: fmt.Sprintf("/v1/models/invitations/%d/reject", inv4.ID), User: "user3"}).Expect(t, 404)
	e.Do(testkit.Request{Method: "PUT", Path: fmt.Sprintf("/v1/models/invitations/%d/reject", inv4.ID), User: "user4"}).Expect(t, 204)
	if l := invitations(t, e, "user4"); len(l) != 0 {
		t.Fatalf("rejected invitation listed %+v", l)
	}
	accept("user4", inv4.ID).Expect(t, 404)
	e.Do(testkit.Request{Method: "GET", Path: path, User: "user4"}).Expect(t, 404)
	// An invitation of another model is not this model's.
	other := decodeModel(t, e.Upload("owner", "example.csv", readFixture(t, "example.csv"), "").Expect(t, 201)).ID
	var invOther wireInvitation
	share(t, e, "owner", other, "user4", "").Expect(t, 201).JSON(t, &invOther)
	e.Do(testkit.Request{Method: "DELETE", Path: fmt.Sprintf("%s/invitations/%d", path, invOther.ID), User: "owner"}).Expect(t, 404)

	// Shared models are listed; GET /models gives owned and shared by id.
	var l []wireModelInfo
	e.Do(testkit.Request{Method: "GET", Path: "/v1/models", User: "user3"}).Expect(t, 200).JSON(t, &l)
	if len(l) != 1 || l[0].ID != id || *l[0].Title != "Renamed" || l[0].CreatedBy.UserID != "owner" {
		t.Fatalf("user3 list %+v", l)
	}

	// The owner removes user2's access: 404 again.
	e.Do(testkit.Request{Method: "DELETE", Path: fmt.Sprintf("%s/userRights/%d", path, access2), User: "owner"}).Expect(t, 204)
	e.Do(testkit.Request{Method: "GET", Path: path, User: "user2"}).Expect(t, 404)
	e.Do(testkit.Request{Method: "DELETE", Path: fmt.Sprintf("%s/userRights/%d", path, access2), User: "owner"}).Expect(t, 404)
	e.Do(testkit.Request{Method: "DELETE", Path: fmt.Sprintf("/v1/models/%d/userRights/%d", other, access2), User: "owner"}).Expect(t, 404)
	// Sharing again with user2 works now.
	share(t, e, "owner", id, "user2", "").Expect(t, 201)

	// A READ holder may remove its own access but not others'.
	share(t, e, "owner", id, "user4", "READ").Expect(t, 201).JSON(t, &inv4)
	accept("user4", inv4.ID).Expect(t, 204)
	m = getModel(t, e, "owner", id)
	accessOf := map[string]int64{}
	for _, a := range m.UsersAccess {
		accessOf[a.User.UserID] = a.ID
	}
	e.Do(testkit.Request{Method: "DELETE", Path: fmt.Sprintf("%s/userRights/%d", path, accessOf["user3"]), User: "user4"}).Expect(t, 403)
	e.Do(testkit.Request{Method: "DELETE", Path: fmt.Sprintf("%s/userRights/%d", path, accessOf["user4"]), User: "user4"}).Expect(t, 204)
	e.Do(testkit.Request{Method: "GET", Path: path, User: "user4"}).Expect(t, 404)
	// A READ_WRITE holder removes others' access.
	share(t, e, "owner", id, "user4", "READ").Expect(t, 201).JSON(t, &inv4)
	accept("user4", inv4.ID).Expect(t, 204)
	m = getModel(t, e, "owner", id)
	for _, a := range m.UsersAccess {
		accessOf[a.User.UserID] = a.ID
	}
	e.Do(testkit.Request{Method: "DELETE", Path: fmt.Sprintf("%s/userRights/%d", path, accessOf["user4"]), User: "user3"}).Expect(t, 204)

	// Only the owner deletes; then everything is gone.
	e.Do(testkit.Request{Method: "DELETE", Path: path, User: "owner"}).Expect(t, 204)
	for _, u := range []string{"owner", "user3"} {
		e.Do(testkit.Request{Method: "GET", Path: path, User: u}).Expect(t, 404)
	}
	e.Do(testkit.Request{Method: "DELETE", Path: path, User: "owner"}).Expect(t, 404)
	if l := invitations(t, e, "user2"); len(l) != 0 {
		t.Fatalf("invitations of a deleted model %+v", l)
	}
}

func TestModelFromProject(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	e.AddUser("bob", "")
	p := e.CreateProject("ann", "Survey 2026", testkit.ExampleGroups(), "the", "a")
	other := e.CreateProject("bob", "Bob's", testkit.ExampleGroups())

	// A STANDARD model copies the structure, language and title.
	var std wireModel
	e.Do(testkit.Request{Method: "POST", Path: fmt.Sprintf("/v1/models/create?projectId=%d", p.ID), User: "ann", ContentType: "application/json"}).Expect(t, 201).JSON(t, &std)
	if std.Type != "STANDARD" || *std.Title != "Survey 2026" || std.Language != "EN" || !reflect.DeepEqual(std.Groups, withIDs(testkit.ExampleGroups())) || len(std.IgnoreTerms) != 2 {
		t.Fatalf("standard %+v", std)
	}
	var projects map[string]json.RawMessage
	e.Do(testkit.Request{Method: "GET", Path: fmt.Sprintf("/v1/models/%d/projects", std.ID), User: "ann"}).Expect(t, 200).JSON(t, &projects)
	if string(projects["masterProject"]) != "null" || string(projects["dependentProjects"]) != "[]" {
		t.Fatalf("standard projects %v", projects)
	}

	// A DYNAMIC model names the project as master.
	var dyn wireModel
	e.Do(testkit.Request{Method: "POST", Path: fmt.Sprintf("/v1/models/create?projectId=%d", p.ID), User: "ann", Body: map[string]any{"title": "Live", "dynamic": true}}).Expect(t, 201).JSON(t, &dyn)
	if dyn.Type != "DYNAMIC" || *dyn.Title != "Live" || dyn.Outdated {
		t.Fatalf("dynamic %+v", dyn.wireModelInfo)
	}
	var mp wireModelProjects
	e.Do(testkit.Request{Method: "GET", Path: fmt.Sprintf("/v1/models/%d/projects", dyn.ID), User: "ann"}).Expect(t, 200).JSON(t, &mp)
	if mp.MasterProject == nil || mp.MasterProject.ID != p.ID || mp.MasterProject.Title != "Survey 2026" || mp.MasterProject.Model == nil ||
		mp.MasterProject.Model.ID != dyn.ID || mp.MasterProject.CreatedBy.UserID != "ann" || len(mp.MasterProject.Headers) != 1 || len(mp.DependentProjects) != 0 {
		t.Fatalf("dynamic projects %+v", mp)
	}
	// A second project of ann applies it: a dependent project.
	dep := e.CreateProject("ann", "Wave 2", nil)
	if err := e.Svc.ApplyModel(e.As("ann"), dep.ID, dyn.ID); err != nil {
		t.Fatal(err)
	}
	e.Do(testkit.Request{Method: "GET", Path: fmt.Sprintf("/v1/models/%d/projects", dyn.ID), User: "ann"}).Expect(t, 200).JSON(t, &mp)
	if len(mp.DependentProjects) != 1 || mp.DependentProjects[0].ID != dep.ID {
		t.Fatalf("dependent %+v", mp.DependentProjects)
	}

	// A title change keeps it current; a structure change makes it outdated.
	put(t, e, "ann", dyn.ID, map[string]any{"title": "Live 2"}, nil).Expect(t, 204)
	if getModel(t, e, "ann", dyn.ID).Outdated {
		t.Fatal("outdated after a title change")
	}
	put(t, e, "ann", dyn.ID, map[string]any{"ignoreTerms": []string{"x"}}, nil).Expect(t, 204)
	if !getModel(t, e, "ann", dyn.ID).Outdated {
		t.Fatal("not outdated after a structure change")
	}
	// Exploring all its projects again makes it current.
	for _, id := range []int64{p.ID, dep.ID} {
		if getModel(t, e, "ann", dyn.ID).Outdated != true {
			t.Fatal("current before all projects are explored")
		}
		if err := e.Svc.RecordExploration(e.As("ann"), id); err != nil {
			t.Fatal(err)
		}
	}
	if getModel(t, e, "ann", dyn.ID).Outdated {
		t.Fatal("outdated after exploring all projects")
	}

	// Deleting it detaches the projects.
	e.Do(testkit.Request{Method: "DELETE", Path: fmt.Sprintf("/v1/models/%d", dyn.ID), User: "ann"}).Expect(t, 204)
	for _, id := range []int64{p.ID, dep.ID} {
		got, err := e.DB.FindProject(context.Background(), id)
		if err != nil || got.ModelID != nil || got.ExploredVersion != nil {
			t.Fatalf("project %d after delete: %+v %v", id, got, err)
		}
	}

	// Errors: another user's project, no project, bad parameters.
	e.Do(testkit.Request{Method: "POST", Path: fmt.Sprintf("/v1/models/create?projectId=%d", other.ID), User: "ann"}).Expect(t, 404).Problem(t)
	e.Do(testkit.Request{Method: "POST", Path: "/v1/models/create?projectId=9999", User: "ann"}).Expect(t, 404).Problem(t)
	e.Do(testkit.Request{Method: "POST", Path: "/v1/models/create", User: "ann"}).Expect(t, 400).Problem(t)
	e.Do(testkit.Request{Method: "POST", Path: "/v1/models/create?projectId=x", User: "ann"}).Expect(t, 400).Problem(t)
	e.Do(testkit.Request{Method: "POST", Path: fmt.Sprintf("/v1/models/create?projectId=%d", p.ID), User: "ann", Body: `{"dynamic":"yes"}`, ContentType: "application/json"}).Expect(t, 400).Problem(t)
}

func TestModelIDsAndVisibility(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	e.AddUser("eve", "")
	id := decodeModel(t, e.Upload("ann", "example.csv", readFixture(t, "example.csv"), "").Expect(t, 201)).ID
	ops := []struct{ method, path string }{
		{"GET", "/v1/models/%s"},
		{"PUT", "/v1/models/%s"},
		{"DELETE", "/v1/models/%s"},
		{"GET", "/v1/models/%s/projects"},
		{"POST", "/v1/models/%s/share?userId=ann"},
		{"GET", "/v1/models/%s/versions"},
		{"GET", "/v1/models/%s/versions/1"},
		{"DELETE", "/v1/models/%s/invitations/1"},
		{"DELETE", "/v1/models/%s/userRights/1"},
	}
	for _, op := range ops {
		req := func(user, id string) *testkit.Response {
			return e.Do(testkit.Request{Method: op.method, Path: fmt.Sprintf(op.path, id), User: user, Body: `{"title":"x"}`, ContentType: "application/json"})
		}
		// Another user's model is 404 for every operation, as is one
		// that does not exist; bad ids are 400.
		req("eve", fmt.Sprint(id)).Expect(t, 404).Problem(t)
		req("ann", "987654").Expect(t, 404).Problem(t)
		req("ann", "0").Expect(t, 400).Problem(t)
		req("ann", "abc").Expect(t, 400).Problem(t)
		e.Do(testkit.Request{Method: op.method, Path: fmt.Sprintf(op.path, fmt.Sprint(id))}).Expect(t, 401)
	}
	for _, p := range []string{"/v1/models/invitations/0/accept", "/v1/models/invitations/x/reject"} {
		e.Do(testkit.Request{Method: "PUT", Path: p, User: "ann"}).Expect(t, 400).Problem(t)
	}
	// A cancelled account gets 403 on every model operation.
	eve, _ := e.Svc.FindUser(e.As("ann"), "eve")
	if err := e.DB.UpdateUserStatus(context.Background(), eve.ID, explorer.StatusCancelled); err != nil {
		t.Fatal(err)
	}
	e.Do(testkit.Request{Method: "GET", Path: "/v1/models", User: "eve"}).Expect(t, 403).Problem(t)
	e.Upload("eve", "example.csv", readFixture(t, "example.csv"), "").Expect(t, 403).Problem(t)
	e.Do(testkit.Request{Method: "GET", Path: "/v1/models/invitations", User: "eve"}).Expect(t, 403)
}

// Concurrent updates of one model run one after the other: each makes
// its own version, and versions stay consecutive.
func TestConcurrentModelUpdates(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	id := decodeModel(t, e.Upload("ann", "example.csv", readFixture(t, "example.csv"), "").Expect(t, 201)).ID
	const n = 8
	statuses := make(chan int, n)
	for i := 0; i < n; i++ {
		go func() {
			r := e.Do(testkit.Request{Method: "PUT", Path: fmt.Sprintf("/v1/models/%d", id), User: "ann",
				Body: map[string]any{"ignoreTerms": []string{fmt.Sprintf("term%d", i)}}})
			statuses <- r.Status
		}()
	}
	ok := 0
	for i := 0; i < n; i++ {
		if s := <-statuses; s == 204 {
			ok++
		} else {
			t.Errorf("status %d", s)
		}
	}
	v := versions(t, e, "ann", id)
	if len(v) != ok+1 {
		t.Fatalf("%d updates succeeded, versions %+v", ok, v)
	}
	for i, ver := range v {
		if ver.Version != i+1 {
			t.Fatalf("versions %+v", v)
		}
	}
}
