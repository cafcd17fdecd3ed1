package main

import (
	"bytes"
	"fmt"
	"net/http"
	"net/url"
	"path"
	"strings"
)

// h20LangAttacks are issue 20's attacks on project word spaces: a
// project's texts train one, whatever they hold.
func h20LangAttacks() []attack {
	return []attack{
		{"project word space: 100,000 texts of ever new words (page)", func(r *runner) (*http.Response, error) {
			return r.learnProject(uniqueWordsCSV(100_000))
		}},
	}
}

// uniqueWordsCSV is a table of n texts of 12 words each, every word new
// (no vocabulary to learn, the most distinct words to count) but for a
// repeated sentence in every hundredth text.
func uniqueWordsCSV(n int) []byte {
	var b bytes.Buffer
	b.WriteString("id,comment\n")
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "%d,", i)
		for j := 0; j < 12; j++ {
			fmt.Fprintf(&b, "q%dx%d ", i, j)
		}
		if i%100 == 0 {
			b.WriteString("the coffee was great")
		}
		b.WriteByte('\n')
	}
	return b.Bytes()
}

// learnProject imports content as a project through the pages, explores
// it and posts its "Learn words" form, answering that last response.
func (r *runner) learnProject(content []byte) (*http.Response, error) {
	resp, err := r.importProject("unique.csv", content)
	if err != nil {
		return nil, err
	}
	resp.Body.Close()
	p := path.Clean(resp.Request.URL.Path)
	if !strings.HasPrefix(p, "/projects/") || p == "/projects/import" {
		return resp, nil // the import was refused: that answer counts
	}
	form := url.Values{"_csrf": {r.page.CSRF()}, "column": {"comment"}}
	ex, err := r.page.HC.PostForm(r.srv.Base+p+"/explore", form)
	if err != nil {
		return nil, err
	}
	ex.Body.Close()
	return r.page.HC.PostForm(r.srv.Base+p+"/wordspace", url.Values{"_csrf": {r.page.CSRF()}})
}
