package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
)

// AttackStorage is the --max-user-storage of the attacked server: small,
// so that filling it takes seconds (issue 18: 30 large model edits added
// 26 MiB, 20 large poles 62 MiB, with no budget at all).
const AttackStorage = "64MiB"

// storageAttacks fill the user's storage budget.
func storageAttacks() []attack {
	return []attack{
		{"large poles and model edits (~0.8 MB each) until the storage budget", (*runner).fillStorage},
	}
}

// fillStorage alternates large poles (7,000 terms of 100 characters) and
// large model edits (600 new topics of 10 terms of 100 characters), each
// body under the 1 MiB JSON limit, until the server refuses one; the
// answer is that refusal, its detail prefixed with what was accepted.
func (r *runner) fillStorage() (*http.Response, error) {
	poles, edits := 0, 0
	for i := 0; i < 400; i++ {
		var resp *http.Response
		var err error
		if i%2 == 0 {
			resp, err = r.raw("POST", "/v1/poles", "application/json", largePole(i), false, nil)
		} else {
			resp, err = r.raw("PUT", fmt.Sprintf("/v1/models/%d", r.model), "application/json", largeEdit(i), false, nil)
		}
		if err != nil {
			return nil, err
		}
		if resp.StatusCode == http.StatusCreated || resp.StatusCode == http.StatusNoContent {
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			if i%2 == 0 {
				poles++
			} else {
				edits++
			}
			continue
		}
		return annotate(resp, fmt.Sprintf("after %d poles and %d edits: ", poles, edits)), nil
	}
	return nil, fmt.Errorf("no refusal after %d poles and %d edits", poles, edits)
}

// largePole is the JSON of a pole of 7,000 distinct 100-character terms.
func largePole(seed int) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, `{"name":"large %d","language":"EN","parts":[`, seed)
	for i := 0; i < 7000; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"term":"%06d-%04d-%s","weight":1}`, seed, i, strings.Repeat("p", 88))
	}
	b.WriteString(`]}`)
	return []byte(b.String())
}

// largeEdit is the JSON of a model update whose 600 topics of 10
// 100-character terms are all new.
func largeEdit(seed int) []byte {
	var b strings.Builder
	b.WriteString(`{"groups":[{"title":"g","topics":[`)
	for t := 0; t < 600; t++ {
		if t > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"title":"t%d","terms":[`, t)
		for i := 0; i < 10; i++ {
			if i > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, `"%06d-%03d-%d-%s"`, seed, t, i, strings.Repeat("m", 86))
		}
		b.WriteString(`]}`)
	}
	b.WriteString(`]}]}`)
	return []byte(b.String())
}

// annotate prefixes the detail of a problem answer with note.
func annotate(resp *http.Response, note string) *http.Response {
	b, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	resp.Body.Close()
	var p map[string]any
	if json.Unmarshal(b, &p) == nil {
		if d, ok := p["detail"].(string); ok {
			p["detail"] = note + d
			b, _ = json.Marshal(p)
		}
	}
	resp.Body = io.NopCloser(bytes.NewReader(b))
	return resp
}
