package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"
	"sync"
	"time"

	"explorer/wordspace"
)

// suggestAttacks are the attacks of issue 18 (hardening, round two) on
// suggestions, cross-site forms and methods.
func suggestAttacks() []attack {
	return []attack{
		{"GET /v1/poles/{id}/suggest: 16 at once, 10,000 terms", (*runner).concurrentSuggestions},
		{"POST /v1/models/{id}/share: body-less, text/plain", func(r *runner) (*http.Response, error) {
			return r.raw("POST", fmt.Sprintf("/v1/models/%d/share?userId=admin", r.model), "text/plain", nil, false, nil)
		}},
		{"FOO /v1/models (unknown method)", func(r *runner) (*http.Response, error) {
			return r.raw("FOO", "/v1/models", "", nil, false, nil)
		}},
		{"FOO /nowhere (unknown method and path)", func(r *runner) (*http.Response, error) {
			return r.raw("FOO", "/nowhere", "", nil, true, nil)
		}},
	}
}

// bigPole creates a pole of the 10,000 words nearest to "warm" in the
// embedded English space (the hardest for a suggestion: the neighbours of
// its strongest terms are its own terms) and answers its suggest path.
func (r *runner) bigPole() (string, error) {
	s, err := wordspace.DefaultEnglish(wordspace.LoadOptions{})
	if err != nil {
		return "", err
	}
	near, err := s.Neighbours(context.Background(), "warm", 9999)
	if err != nil {
		return "", err
	}
	parts := []any{map[string]any{"term": "warm", "weight": 1}}
	for _, n := range near {
		parts = append(parts, map[string]any{"term": n.Term, "weight": 1})
	}
	var p struct{ ID int64 }
	if err := r.user.Decode(201, "POST", "/v1/poles", map[string]any{"name": "big", "language": "EN", "parts": parts}, &p); err != nil {
		return "", err
	}
	return fmt.Sprintf("/v1/poles/%d/suggest", p.ID), nil
}

// concurrentSuggestions sends 16 suggestions for a 10,000-term pole at
// once, as one user, once the word space is ready (a suggestion answers
// 503 while it loads), and sums the answers up: every one should be 200
// or 429, none 5xx, each within the request deadline.
func (r *runner) concurrentSuggestions() (*http.Response, error) {
	path, err := r.bigPole()
	if err != nil {
		return nil, err
	}
	for deadline := time.Now().Add(2 * time.Minute); ; time.Sleep(200 * time.Millisecond) {
		code, _, err := r.user.Call("GET", path, nil)
		if err != nil {
			return nil, err
		}
		if code != http.StatusServiceUnavailable || time.Now().After(deadline) {
			break
		}
	}
	const n = 16
	var (
		mu    sync.Mutex
		codes = map[int]int{}
		times []time.Duration
		wg    sync.WaitGroup
	)
	for range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			t := time.Now()
			code, _, err := r.user.Call("GET", path, nil)
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				code = 0
			}
			codes[code]++
			times = append(times, time.Since(t))
		}()
	}
	wg.Wait()
	return summary(codes, times), nil
}

// summary is an answer standing for several: its status is the worst seen
// (a failure, a 5xx, else 200), its problem detail counts the statuses and
// gives the slowest answer.
func summary(codes map[int]int, times []time.Duration) *http.Response {
	status := http.StatusOK
	var keys []int
	for c := range codes {
		keys = append(keys, c)
		if c == 0 || c >= 500 && status != 0 {
			status = c
		}
	}
	slices.Sort(keys)
	var counts []string
	for _, c := range keys {
		counts = append(counts, fmt.Sprintf("%d × %d", codes[c], c))
	}
	detail := fmt.Sprintf("%d requests: %s; slowest %.2f s", len(times), strings.Join(counts, ", "), slices.Max(times).Seconds())
	body, _ := json.Marshal(map[string]string{"detail": detail})
	return &http.Response{
		StatusCode: status,
		Header:     http.Header{"Content-Type": {"application/problem+json"}},
		Body:       io.NopCloser(bytes.NewReader(body)),
	}
}
