package api_test

import (
	"fmt"
	"net/http"
	"slices"
	"sort"
	"strings"
	"testing"

	explorer "explorer"
	"explorer/analysis"
	"explorer/internal/attack"
	"explorer/internal/testkit"
	"explorer/models"
)

// wireProject is api.projectInfo as a client reads it.
type wireProject struct {
	ID            int64  `json:"id"`
	Rows          int    `json:"rows"`
	Created       int64  `json:"created"`
	Encoding      string `json:"encoding"`
	Title         string `json:"title"`
	Status        string `json:"status"`
	StatusMessage string `json:"statusMessage"`
	Headers       []struct {
		Header string `json:"header"`
	} `json:"headers"`
	Model *struct {
		ID   int64  `json:"id"`
		Type string `json:"type"`
	} `json:"model"`
	CreatedBy struct {
		UserID string `json:"userId"`
	} `json:"createdBy"`
}

type wireTopics struct {
	ProjectID int64  `json:"projectId"`
	Column    string `json:"column"`
	Texts     int    `json:"texts"`
	Groups    []struct {
		ID     int64  `json:"id"`
		Title  string `json:"title"`
		Topics []struct {
			ID       int64    `json:"id"`
			Title    string   `json:"title"`
			Terms    []string `json:"terms"`
			Texts    int      `json:"texts"`
			Share    float64  `json:"share"`
			Examples []struct {
				Row   int    `json:"row"`
				Text  string `json:"text"`
				Spans []struct {
					Start int `json:"start"`
					End   int `json:"end"`
				} `json:"spans"`
			} `json:"examples"`
		} `json:"topics"`
	} `json:"groups"`
}

// importAPI sends POST /v1/projects with a table as user.
func importAPI(e *testkit.Env, user, filename string, content []byte, query string, fields map[string]string) *testkit.Response {
	e.T.Helper()
	body, ct := testkit.Multipart(e.T, filename, content, fields)
	return e.Do(testkit.Request{Method: "POST", Path: "/v1/projects" + query, User: user, Body: body, ContentType: ct})
}

func decodeProject(t *testing.T, r *testkit.Response) wireProject {
	t.Helper()
	var p wireProject
	r.JSON(t, &p)
	return p
}

// The projects API end to end: import (usage recorded), read, explore,
// the topics' evidence, a model created from the project with
// POST /v1/models/create?projectId=, that model applied to another
// project, and deletes.
func TestProjectsAPIEndToEnd(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	content, _ := testkit.SurveyCSV(600)
	r := importAPI(e, "ann", "survey.csv", content, "", map[string]string{"title": " Survey "}).Expect(t, 201)
	p := decodeProject(t, r)
	if p.Status != explorer.ProjectReady || p.Rows != 600 || p.Title != "Survey" || len(p.Headers) != 5 || p.Model != nil || p.CreatedBy.UserID != "ann" || p.Encoding != "UTF-8" {
		t.Fatalf("imported %+v", p)
	}
	var keys map[string]any
	r.JSON(t, &keys)
	if got := sortedKeys(keys); got != "created,createdBy,encoding,headers,id,model,rows,status,statusMessage,title" {
		t.Fatalf("keys %s", got)
	}
	var u map[string]int64
	e.Do(testkit.Request{Method: "GET", Path: "/v1/account/usage", User: "ann"}).Expect(t, 200).JSON(t, &u)
	if u["todaysProjectsTrialing"] != 1 || u["todaysVerbatimsTrialing"] != 600 {
		t.Fatalf("usage %v", u)
	}
	path := fmt.Sprintf("/v1/projects/%d", p.ID)
	var list []wireProject
	e.Do(testkit.Request{Method: "GET", Path: "/v1/projects", User: "ann"}).Expect(t, 200).JSON(t, &list)
	if len(list) != 1 || list[0].ID != p.ID {
		t.Fatalf("list %+v", list)
	}
	if got := decodeProject(t, e.Do(testkit.Request{Method: "GET", Path: path, User: "ann"}).Expect(t, 200)); got.ID != p.ID || got.Rows != 600 {
		t.Fatalf("get %+v", got)
	}
	if pr := e.Do(testkit.Request{Method: "GET", Path: path + "/topics", User: "ann"}).Expect(t, 409).Problem(t); !strings.Contains(pr.Detail, "explore") {
		t.Fatalf("topics before exploring: %+v", pr)
	}
	e.Do(testkit.Request{Method: "POST", Path: path + "/explore?column=nope", User: "ann"}).Expect(t, 400).Problem(t)
	p = decodeProject(t, e.Do(testkit.Request{Method: "POST", Path: path + "/explore?column=Comment", User: "ann"}).Expect(t, 200))
	if p.Status != explorer.ProjectExplored {
		t.Fatalf("explored %+v", p)
	}
	checkTopicsAPI(t, e, "ann", p.ID)

	var m struct {
		ID   int64  `json:"id"`
		Type string `json:"type"`
	}
	e.Do(testkit.Request{Method: "POST", Path: fmt.Sprintf("/v1/models/create?projectId=%d", p.ID), User: "ann",
		Body: map[string]any{"dynamic": true}}).Expect(t, 201).JSON(t, &m)
	p = decodeProject(t, e.Do(testkit.Request{Method: "GET", Path: path, User: "ann"}).Expect(t, 200))
	if p.Model == nil || p.Model.ID != m.ID || p.Model.Type != models.ModelDynamic {
		t.Fatalf("after creating model %d: %+v", m.ID, p.Model)
	}

	// The model applied to a second project, then counted by exploring.
	q := decodeProject(t, importAPI(e, "ann", "more.csv", content, "?title=More", nil).Expect(t, 201))
	qpath := fmt.Sprintf("/v1/projects/%d", q.ID)
	e.Do(testkit.Request{Method: "POST", Path: qpath + "/apply", User: "ann"}).Expect(t, 400).Problem(t)
	e.Do(testkit.Request{Method: "POST", Path: qpath + "/apply?modelId=987654", User: "ann"}).Expect(t, 404).Problem(t)
	q = decodeProject(t, e.Do(testkit.Request{Method: "POST", Path: fmt.Sprintf("%s/apply?modelId=%d", qpath, m.ID), User: "ann"}).Expect(t, 200))
	if q.Model == nil || q.Model.ID != m.ID || q.Status != explorer.ProjectReady {
		t.Fatalf("applied %+v", q)
	}
	e.Do(testkit.Request{Method: "POST", Path: qpath + "/explore", User: "ann"}).Expect(t, 200)
	checkTopicsAPI(t, e, "ann", q.ID)

	// Deleting the master project keeps the model; the project is gone.
	e.Do(testkit.Request{Method: "DELETE", Path: path, User: "ann"}).Expect(t, 204)
	e.Do(testkit.Request{Method: "GET", Path: path, User: "ann"}).Expect(t, 404).Problem(t)
	e.Do(testkit.Request{Method: "GET", Path: fmt.Sprintf("/v1/models/%d", m.ID), User: "ann"}).Expect(t, 200)
	e.Do(testkit.Request{Method: "DELETE", Path: qpath, User: "ann"}).Expect(t, 204)
	e.Do(testkit.Request{Method: "GET", Path: "/v1/projects", User: "ann"}).Expect(t, 200).JSON(t, &list)
	if len(list) != 0 {
		t.Fatalf("after deleting: %+v", list)
	}
}

// checkTopicsAPI reads GET /projects/{id}/topics and checks its shape: the
// shares, and spans (code points) that mark a term of their topic.
func checkTopicsAPI(t *testing.T, e *testkit.Env, user string, id int64) {
	t.Helper()
	var tp wireTopics
	e.Do(testkit.Request{Method: "GET", Path: fmt.Sprintf("/v1/projects/%d/topics", id), User: user}).Expect(t, 200).JSON(t, &tp)
	if tp.ProjectID != id || tp.Column != "comment" || tp.Texts == 0 || len(tp.Groups) == 0 {
		t.Fatalf("topics %+v", tp)
	}
	matched := 0
	for _, g := range tp.Groups {
		for _, topic := range g.Topics {
			if d := topic.Share - float64(topic.Texts)/float64(tp.Texts); d > 1e-9 || d < -1e-9 || len(topic.Examples) != min(3, topic.Texts) {
				t.Fatalf("topic %+v of %d texts", topic, tp.Texts)
			}
			terms := map[string]bool{}
			for _, term := range topic.Terms {
				terms[analysis.FoldTerm(term)] = true
			}
			for _, ex := range topic.Examples {
				runes := []rune(ex.Text)
				for _, s := range ex.Spans {
					if w := analysis.FoldTerm(string(runes[s.Start:s.End])); !terms[w] && !terms[strings.TrimSuffix(w, "'s")] {
						t.Fatalf("topic %v marks %q in %q", topic.Terms, string(runes[s.Start:s.End]), ex.Text)
					}
					matched++
				}
			}
		}
	}
	if matched == 0 {
		t.Fatal("no span marked")
	}
}

func sortedKeys(m map[string]any) string {
	var keys []string
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return strings.Join(keys, ",")
}

// The rights matrix of the models API, on projects: only the owner sees a
// project (another user, the owner's manager and an admin get 404, as for
// an unshared model), anonymous requests 401, a disabled user and a
// cancelled account 403 even on its own project; bad ids 400.
func TestProjectsAPIRights(t *testing.T) {
	e := testkit.New(t)
	for _, u := range []string{"ann", "eve", "mgr", "cal", "dis"} {
		e.AddUser(u, "")
	}
	e.AddUser("root", explorer.RoleAdmin)
	e.SetManager("mgr", "ann")
	content, _ := testkit.SurveyCSV(50)
	id := decodeProject(t, importAPI(e, "ann", "s.csv", content, "", nil).Expect(t, 201)).ID
	calID := decodeProject(t, importAPI(e, "cal", "s.csv", content, "", nil).Expect(t, 201)).ID
	disID := decodeProject(t, importAPI(e, "dis", "s.csv", content, "", nil).Expect(t, 201)).ID
	model := decodeModel(t, e.Upload("ann", "example.csv", readFixture(t, "example.csv"), "").Expect(t, 201)).ID
	e.SetStatus("cal", explorer.StatusCancelled)
	if err := e.Svc.SetUserDisabled(e.As("root"), "dis", true); err != nil {
		t.Fatal(err)
	}
	ops := []struct{ method, path string }{
		{"GET", "/v1/projects/%s"},
		{"GET", "/v1/projects/%s/topics"},
		{"POST", "/v1/projects/%s/explore"},
		{"POST", "/v1/projects/%s/apply?modelId=" + fmt.Sprint(model)},
		{"GET", "/v1/projects/%s/texts"},
		{"GET", "/v1/projects/%s/export"},
		{"GET", "/v1/projects/%s/topics?format=xlsx"},
		{"GET", "/v1/projects/%s/poles"},
		{"PUT", "/v1/projects/%s/poles"},
		{"DELETE", "/v1/projects/%s"},
	}
	do := func(user, method, path string, id any) *testkit.Response {
		r := testkit.Request{Method: method, Path: fmt.Sprintf(path, fmt.Sprint(id)), User: user}
		if method == "PUT" {
			r.Body = map[string]any{"poleIds": []int64{}}
		}
		return e.Do(r)
	}
	for _, op := range ops {
		for _, other := range []string{"eve", "mgr", "root"} {
			do(other, op.method, op.path, id).Expect(t, 404).Problem(t)
		}
		do("", op.method, op.path, id).Expect(t, 401).Problem(t)
		do("cal", op.method, op.path, calID).Expect(t, 403).Problem(t)
		do("dis", op.method, op.path, disID).Expect(t, 403).Problem(t)
		do("ann", op.method, op.path, 987654).Expect(t, 404).Problem(t)
		do("ann", op.method, op.path, "0").Expect(t, 400).Problem(t)
		do("ann", op.method, op.path, "x").Expect(t, 400).Problem(t)
	}
	for _, other := range []string{"eve", "mgr", "root"} {
		var list []wireProject
		e.Do(testkit.Request{Method: "GET", Path: "/v1/projects", User: other}).Expect(t, 200).JSON(t, &list)
		if len(list) != 0 {
			t.Fatalf("%s lists %+v", other, list)
		}
	}
	e.Do(testkit.Request{Method: "GET", Path: "/v1/projects"}).Expect(t, 401).Problem(t)
	e.Do(testkit.Request{Method: "GET", Path: "/v1/projects", User: "cal"}).Expect(t, 403).Problem(t)
	importAPI(e, "cal", "s.csv", content, "", nil).Expect(t, 403).Problem(t)
	importAPI(e, "dis", "s.csv", content, "", nil).Expect(t, 403).Problem(t)
	importAPI(e, "", "s.csv", content, "", nil).Expect(t, 401).Problem(t)
	// The owner may do everything, in order; the others changed nothing.
	for i, op := range ops {
		want := []int{200, 409, 200, 200, 200, 200, 200, 200, 200, 204}[i]
		do("ann", op.method, op.path, id).Expect(t, want)
	}
}

// Hostile or broken uploads are refused with a problem that says what is
// wrong; the service stays usable and lists only what was imported.
func TestProjectsAPIHostileUploads(t *testing.T) {
	e := testkit.New(t, func(o *explorer.Options) { o.Tables.MaxImportText = 64 << 10 })
	e.AddUser("ann", "")
	big := []byte("id,comment\n" + strings.Repeat("1,"+strings.Repeat("words ", 20)+"\n", 1000))
	tests := []struct {
		name, file string
		content    []byte
		status     int
		detail     string
	}{
		{"no header", "empty.csv", []byte("\n\n"), http.StatusBadRequest, "header"},
		{"blank header name", "blank.csv", []byte("id,,comment\n1,2,3\n"), http.StatusBadRequest, "column 2"},
		{"binary as CSV", "bin.csv", append([]byte("\x89PNG\r\n\x1a\n"), make([]byte, 512)...), http.StatusUnsupportedMediaType, ""},
		{"CSV named XLSX", "table.xlsx", []byte("id,comment\n1,a\n"), http.StatusUnsupportedMediaType, ""},
		{"no extension", "table", []byte("id,comment\n1,a\n"), http.StatusUnsupportedMediaType, ""},
		{"over the import's text budget", "big.csv", big, http.StatusRequestEntityTooLarge, "limit of one import"},
		{"huge CSV line", "line.csv", attack.HugeLineCSV(16 << 20), http.StatusRequestEntityTooLarge, "cell length limit"},
		// Values past the last column read, and counts a file claims,
		// are not read: the project has the header and no rows.
		{"100,000 rows in XFD", "xfd.xlsx", attack.WideColumn(100_000), http.StatusCreated, ""},
		{"huge XLS counts", "counts.xls", attack.HugeCountsXLS(), http.StatusCreated, ""},
	}
	empty := map[int64]bool{}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := importAPI(e, "ann", tt.file, tt.content, "", nil)
			if tt.status == http.StatusCreated {
				p := decodeProject(t, r.Expect(t, tt.status))
				if p.Rows != 0 {
					t.Fatalf("imported %+v", p)
				}
				empty[p.ID] = true
				return
			}
			if p := r.Expect(t, tt.status).Problem(t); !strings.Contains(p.Detail, tt.detail) {
				t.Fatalf("detail %q lacks %q", p.Detail, tt.detail)
			}
		})
	}
	// Not multipart, no file part, a bad title, a bad encoding.
	e.Do(testkit.Request{Method: "POST", Path: "/v1/projects", User: "ann", Body: map[string]any{"title": "x"}}).Expect(t, 415).Problem(t)
	body, ct := testkit.Multipart(t, "x.csv", nil, map[string]string{"title": "x"})
	body = []byte(strings.Replace(string(body), `name="file"`, `name="other"`, 1))
	e.Do(testkit.Request{Method: "POST", Path: "/v1/projects", User: "ann", Body: body, ContentType: ct}).Expect(t, 400).Problem(t)
	importAPI(e, "ann", "s.csv", []byte("id,comment\n1,a\n"), "?title="+strings.Repeat("t", 501), nil).Expect(t, 400).Problem(t)
	importAPI(e, "ann", "s.csv", []byte("id,comment\n1,a\n"), "?encoding=klingon", nil).Expect(t, 400).Problem(t)
	e.Do(testkit.Request{Method: "POST", Path: "/v1/projects", User: "ann", Body: []byte("--x\r\nbroken"), ContentType: "multipart/form-data; boundary=x"}).Expect(t, 400).Problem(t)

	p := decodeProject(t, importAPI(e, "ann", "ok.csv", []byte("id,comment\n1,fine words\n"), "", nil).Expect(t, 201))
	var list []wireProject
	e.Do(testkit.Request{Method: "GET", Path: "/v1/projects", User: "ann"}).Expect(t, 200).JSON(t, &list)
	for _, q := range list {
		if q.ID != p.ID && !empty[q.ID] && (q.Status != explorer.ProjectFailed || !strings.HasPrefix(q.StatusMessage, "import failed: ") || q.Rows != 0) {
			t.Fatalf("a refused import left %+v", q)
		}
	}
}

// Spans count code points: in texts with accents and emoji before the
// term, the span still marks the term.
func TestProjectTopicsAPISpansInCodePoints(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	ctx := e.As("ann")
	src := e.CreateProject("ann", "Source", []explorer.Group{{Title: "Drinks", Topics: []explorer.Topic{{Title: "Café", Terms: []string{"café", "thé vert"}}}}})
	m, err := e.Svc.CreateModelFromProject(ctx, src.ID, models.ModelUpdate{})
	if err != nil {
		t.Fatal(err)
	}
	content := []byte("id,comment\n1,Crème brûlée 🍮 et un Café noir\n2,Un THÉ  vert glacé\n3,rien\n")
	p := decodeProject(t, importAPI(e, "ann", "t.csv", content, "", nil).Expect(t, 201))
	path := fmt.Sprintf("/v1/projects/%d", p.ID)
	e.Do(testkit.Request{Method: "POST", Path: fmt.Sprintf("%s/apply?modelId=%d", path, m.ID), User: "ann"}).Expect(t, 200)
	e.Do(testkit.Request{Method: "POST", Path: path + "/explore?column=comment", User: "ann"}).Expect(t, 200)
	var tp wireTopics
	e.Do(testkit.Request{Method: "GET", Path: path + "/topics", User: "ann"}).Expect(t, 200).JSON(t, &tp)
	topic := tp.Groups[0].Topics[0]
	if tp.Texts != 3 || topic.Texts != 2 || len(topic.Examples) != 2 {
		t.Fatalf("topics %+v", tp)
	}
	var got []string
	for _, ex := range topic.Examples {
		runes := []rune(ex.Text)
		for _, s := range ex.Spans {
			got = append(got, string(runes[s.Start:s.End]))
		}
	}
	slices.Sort(got) // the examples come most typical first
	if strings.Join(got, "|") != "Café|THÉ  vert" {
		t.Fatalf("marked %q", got)
	}
}
