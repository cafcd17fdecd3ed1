package main

import (
	"bytes"
	"regexp"
	"sort"
	"strconv"
	"time"
)

// normalizer replaces what is made up anew by every run with
// placeholders, by the same rules in both runs: the values the run
// learned (tokens, cookies, CSRF tokens) by their labels, and the times
// and dates within the window (the replay's own time: the scenario's
// data carries dates of other years, which stay) by <time>, <date> or
// <http-date>. Ids, counts, sizes and every other byte stay.
type normalizer struct {
	from, to time.Time
}

var (
	isoTime = regexp.MustCompile(`\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?`)
	isoDate = regexp.MustCompile(`\d{4}-\d{2}-\d{2}`)
	// The pages' CSRF tokens are masked anew in every answer (web/csrfmask.go).
	csrfField  = regexp.MustCompile(`(name="_csrf" value=")[^"]*(")`)
	csrfHeader = regexp.MustCompile(`(X-CSRF-Token&#34;: &#34;)[A-Za-z0-9_\-]+`)
	// Unix times in milliseconds (JSON's created fields) and in seconds.
	epochMillis  = regexp.MustCompile(`\b\d{13}\b`)
	epochSeconds = regexp.MustCompile(`\b\d{10}\b`)
	httpDate     = regexp.MustCompile(`(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2}[ -](?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[ -]\d{4} \d{2}:\d{2}:\d{2} GMT`)
)

// text normalizes one header value or body.
func (n normalizer) text(b []byte, secrets []Secret) []byte {
	ordered := append([]Secret(nil), secrets...)
	// The longest first, so that a value holding another is replaced whole.
	sort.SliceStable(ordered, func(i, j int) bool { return len(ordered[i].Value) > len(ordered[j].Value) })
	for _, s := range ordered {
		b = bytes.ReplaceAll(b, []byte(s.Value), []byte("<"+s.Label+">"))
	}
	b = csrfField.ReplaceAll(b, []byte("${1}<csrf>${2}"))
	b = csrfHeader.ReplaceAll(b, []byte("${1}<csrf>"))
	b = n.replaceIn(b, httpDate, "<http-date>", func(s string) (time.Time, error) {
		t, err := time.Parse(time.RFC1123, s)
		if err != nil {
			t, err = time.Parse("Mon, 02-Jan-2006 15:04:05 MST", s)
		}
		return t, err
	})
	b = n.replaceIn(b, isoTime, "<time>", func(s string) (time.Time, error) { return time.Parse("2006-01-02", s[:10]) })
	b = n.replaceIn(b, epochMillis, "<epoch-ms>", func(s string) (time.Time, error) {
		ms, err := strconv.ParseInt(s, 10, 64)
		return time.UnixMilli(ms), err
	})
	b = n.replaceIn(b, epochSeconds, "<epoch-s>", func(s string) (time.Time, error) {
		sec, err := strconv.ParseInt(s, 10, 64)
		return time.Unix(sec, 0), err
	})
	return n.replaceIn(b, isoDate, "<date>", func(s string) (time.Time, error) { return time.Parse("2006-01-02", s) })
}

// replaceIn replaces the matches of re whose time falls in the window.
func (n normalizer) replaceIn(b []byte, re *regexp.Regexp, placeholder string, parse func(string) (time.Time, error)) []byte {
	return re.ReplaceAllFunc(b, func(m []byte) []byte {
		t, err := parse(string(m))
		if err != nil || t.Before(n.from) || t.After(n.to) {
			return m
		}
		return []byte(placeholder)
	})
}

// transcript normalizes every exchange of t into a new slice.
func (n normalizer) transcript(t *Transcript) []Exchange {
	out := make([]Exchange, len(t.Exchanges))
	for i, ex := range t.Exchanges {
		ex.Header = append([]string(nil), ex.Header...)
		for j, h := range ex.Header {
			ex.Header[j] = string(n.text([]byte(h), t.Secrets))
		}
		ex.Body = n.text(ex.Body, t.Secrets)
		out[i] = ex
	}
	return out
}
