package main

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	hostile "explorer/internal/attack"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"time"

	"explorer/tools/internal/load"
)

// The attacks of issue 18 on tables and text (items 3, 6 and 11): a
// workbook of 160 MB of shared strings (alone and four at once, with the
// server's resident size once idle), a lone surrogate in JSON, a CSV of
// 16 million empty lines and the CSV export of a formula label.
func sheetAttacks() []attack {
	return []attack{
		{"model: XLSX, 5,000 × 32,000-char shared strings", func(r *runner) (*http.Response, error) {
			return r.upload("sst.xlsx", hostile.SharedStrings(5_000, 32_000))
		}},
		{"the same XLSX, four at once; RSS once idle", (*runner).fourSharedStrings},
		{"project import (page): the same XLSX; RSS once idle", (*runner).importSharedStrings},
		{`POST /v1/poles: name "a\udc00b" (lone surrogate)`, func(r *runner) (*http.Response, error) {
			return r.raw("POST", "/v1/poles", "application/json", []byte(`{"name":"a\udc00b","language":"EN","parts":[]}`), false, nil)
		}},
		{"model: CSV of 16 million empty lines", func(r *runner) (*http.Response, error) {
			return r.upload("blank.csv", hostile.BlankLinesCSV(16_000_000))
		}},
		{"CSV export of a label =HYPERLINK(…)", (*runner).formulaExport},
	}
}

// note is an answer made up to report what an attack of several requests
// saw: the status of its requests and a text.
func note(status int, text string) *http.Response {
	return &http.Response{StatusCode: status, Header: http.Header{"Content-Type": {"text/plain; charset=utf-8"}},
		Body: io.NopCloser(strings.NewReader(text))}
}

// fourSharedStrings uploads the shared-strings workbook four times at
// once (as models: each is refused past the 16 MiB of a model file).
func (r *runner) fourSharedStrings() (*http.Response, error) {
	b := hostile.SharedStrings(5_000, 32_000)
	return r.thenIdle(4, func() (*http.Response, error) { return r.upload("sst.xlsx", b) })
}

// importSharedStrings imports the shared-strings workbook as a project,
// within the 160 MiB an import may store.
func (r *runner) importSharedStrings() (*http.Response, error) {
	b := hostile.SharedStrings(5_000, 32_000)
	return r.thenIdle(1, func() (*http.Response, error) { return r.importProject("sst.xlsx", b) })
}

// thenIdle sends n requests at once, then reports their statuses and the
// server's resident size before, once the answers are in and a second
// later.
func (r *runner) thenIdle(n int, send func() (*http.Response, error)) (*http.Response, error) {
	pid := r.srv.PID()
	before, _ := load.ProcStatus(pid, "VmRSS")
	var wg sync.WaitGroup
	statuses := make([]int, n)
	errs := make([]error, n)
	for i := range statuses {
		wg.Add(1)
		go func() {
			defer wg.Done()
			resp, err := send()
			if err != nil {
				errs[i] = err
				return
			}
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			statuses[i] = resp.StatusCode
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	after, _ := load.ProcStatus(pid, "VmRSS")
	time.Sleep(time.Second)
	idle, _ := load.ProcStatus(pid, "VmRSS")
	return note(statuses[0], fmt.Sprintf("statuses %v; RSS %.0f MB before, %.0f MB at the last answer, %.0f MB 1 s later",
		statuses, mb(before), mb(after), mb(idle))), nil
}

func mb(n int64) float64 { return float64(n) / (1 << 20) }

// formulaExport uploads a model whose label is a formula, exports it as
// CSV and reports the label's cell as written.
func (r *runner) formulaExport() (*http.Response, error) {
	label := `=HYPERLINK("http://evil.example","x")`
	var file bytes.Buffer
	w := csv.NewWriter(&file)
	w.WriteAll([][]string{{"Index", "Label", "Terms"}, {"1", label, "=1+1, plain"}})
	code, body, err := r.user.UploadModel("formula", file.Bytes())
	if err != nil || code != 201 {
		return nil, fmt.Errorf("upload: %d %v %.200s", code, err, body)
	}
	var m struct{ ID int64 }
	if err := json.Unmarshal(body, &m); err != nil {
		return nil, err
	}
	resp, err := r.raw("GET", fmt.Sprintf("/v1/models/%d/export?format=csv", m.ID), "", nil, false, nil)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	out, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	recs, err := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(out, []byte("\uFEFF")))).ReadAll()
	if err != nil || len(recs) < 2 || len(recs[1]) < 3 {
		return note(resp.StatusCode, fmt.Sprintf("unreadable export (%v): %.100q", err, out)), nil
	}
	return note(resp.StatusCode, fmt.Sprintf("Label cell %q, Terms cell %q", recs[1][1], recs[1][2])), nil
}
