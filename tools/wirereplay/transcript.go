package main

import (
	"net/http"
	"sort"
	"strconv"
	"strings"
)

// Exchange is one recorded step of the scenario: the request it sent and
// the answer's status, headers and body.
type Exchange struct {
	Name   string
	Method string
	Path   string
	Status int
	// Header holds "Name: value" lines of the answer, sorted, without the
	// headers that unrecordedHeaders names.
	Header []string
	Body   []byte
}

// Secret is a value one run made up (a token, a cookie) under the label
// the scenario gave it; the normalizer replaces the value by the label.
type Secret struct{ Label, Value string }

// Transcript is one run of the scenario against one server.
type Transcript struct {
	Exchanges []Exchange
	Secrets   []Secret
}

// unrecordedHeaders are answer headers not compared: Date is the clock
// and Content-Length repeats the body's length, which is compared byte
// by byte after normalization (a time of another width would otherwise
// differ here only).
var unrecordedHeaders = map[string]bool{"Date": true, "Content-Length": true}

// headerLines are the recorded header lines of h, sorted by name (one
// line per value, in the order sent).
func headerLines(h http.Header) []string {
	var lines []string
	for name, values := range h {
		if unrecordedHeaders[name] {
			continue
		}
		for _, v := range values {
			lines = append(lines, name+": "+v)
		}
	}
	sort.SliceStable(lines, func(i, j int) bool {
		return strings.SplitN(lines[i], ":", 2)[0] < strings.SplitN(lines[j], ":", 2)[0]
	})
	return lines
}

// learn records a made-up value under a label, once: a value already
// learned keeps its first label.
func (t *Transcript) learn(label, value string) {
	if value == "" {
		return
	}
	for _, s := range t.Secrets {
		if s.Value == value {
			return
		}
	}
	n := 1
	for _, s := range t.Secrets {
		if strings.HasPrefix(s.Label, label+"#") {
			n++
		}
	}
	t.Secrets = append(t.Secrets, Secret{label + "#" + strconv.Itoa(n), value})
}
