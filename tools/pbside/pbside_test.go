package main

import (
	"encoding/json"
	"reflect"
	"testing"
	"time"

	"explorer/tools/internal/load"
)

func testModel() load.Model {
	var m load.Model
	for g := range 3 {
		group := load.ModelGroup{ID: int64(g + 1), Title: "g"}
		for t := range 4 {
			group.Topics = append(group.Topics, load.ModelTopic{ID: int64(10*g + t), Title: "t", Terms: []string{"a", "b", "c"}})
		}
		m.Groups = append(m.Groups, group)
	}
	return m
}

// terms lists every term of m in order.
func terms(m load.Model) []string {
	var out []string
	for _, g := range m.Groups {
		for _, t := range g.Topics {
			out = append(out, t.Terms...)
		}
	}
	return out
}

// Each write changes exactly one term of its side's copy, never the model
// it was copied from, and both sides make the same changes in order.
func TestSharedModelOneTermAndSameOnBothSides(t *testing.T) {
	m := testModel()
	before := terms(m)
	a, b := newShared(m), newShared(m)
	for i := range 5 {
		prev := terms(a.m)
		body, err := a.changed(i, func(m load.Model) any { return m })
		if err != nil {
			t.Fatal(err)
		}
		var sent load.Model
		if err := json.Unmarshal(body, &sent); err != nil {
			t.Fatal(err)
		}
		changed := 0
		for k, term := range terms(sent) {
			if term != prev[k] {
				changed++
			}
		}
		if changed != 1 {
			t.Fatalf("write %d changed %d terms, want 1", i, changed)
		}
		if _, err := b.changed(i, func(m load.Model) any { return map[string]any{"groups": m.Groups} }); err != nil {
			t.Fatal(err)
		}
	}
	if !reflect.DeepEqual(a.m, b.m) {
		t.Fatal("the two sides' models differ after the same writes")
	}
	if !reflect.DeepEqual(terms(m), before) {
		t.Fatal("the original model changed")
	}
}

func TestTallyOverRounds(t *testing.T) {
	var tl tally
	ms := time.Millisecond
	tl.add(sample{n: 2, cpu: 4 * ms, elapsed: time.Second, times: []time.Duration{3 * ms, 1 * ms}, wire: 200, body: 100, encoding: "gzip"})
	tl.add(sample{n: 2, cpu: 2 * ms, elapsed: time.Second, times: []time.Duration{2 * ms, 9 * ms}, wire: 200, body: 100, encoding: "gzip"})
	if got := tl.cpuMicros(); got != 1500 {
		t.Errorf("CPU per request %v µs, want 1500", got)
	}
	if got := tl.rate(); got != 2 {
		t.Errorf("rate %v, want 2", got)
	}
	if got := tl.percentile(0.5); got != 2 {
		t.Errorf("p50 %v ms, want 2", got)
	}
	if got := tl.percentile(1); got != 9 {
		t.Errorf("max %v ms, want 9", got)
	}
	if tl.times[0] != 3*ms {
		t.Error("percentile sorted the tally's own latencies")
	}
}
