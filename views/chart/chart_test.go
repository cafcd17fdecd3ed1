package chart

import (
	"strings"
	"testing"
)

func TestAxisRoundSteps(t *testing.T) {
	for _, c := range []struct {
		low, high, top int64
		ticks          int
	}{
		{0, 0, 1, 2}, {0, 1, 1, 2}, {0, 6, 6, 7}, {0, 7, 8, 5}, {0, 13, 15, 4}, {0, 150, 150, 4}, {0, 151, 200, 5}, {0, 1000, 1000, 6}, {-30, 500, 500, 7},
	} {
		top, ticks := axis(c.low, c.high)
		if top != c.top || len(ticks) != c.ticks || ticks[0].Value > c.low {
			t.Errorf("axis(%d, %d) = %d %+v, want top %d with %d ticks", c.low, c.high, top, ticks, c.top, c.ticks)
		}
	}
}

func TestBarsHeightsAreProportional(t *testing.T) {
	labels := make([]string, 30)
	values := make([][]int64, 30)
	for i := range values {
		values[i] = []int64{0, 0}
	}
	values[3] = []int64{100, 0}
	values[10] = []int64{50, 25}
	values[29] = []int64{0, 200}
	c := NewBars(labels, values)
	if c.Top != 200 {
		t.Fatalf("top %d", c.Top)
	}
	plot := plotBottom - plotTop
	var drawn int
	for i, b := range c.Bars {
		if len(b.Segments) > 0 {
			drawn++
		}
		var sum float64
		for _, s := range b.Segments {
			if want := round2(float64(s.Value) / 200 * plot); s.H != want {
				t.Errorf("bar %d segment %d: height %v, want %v", i, s.Series, s.H, want)
			}
			sum += s.H
		}
		if len(b.Segments) > 0 && round2(b.Segments[len(b.Segments)-1].Y+sum) != plotBottom {
			t.Errorf("bar %d does not stand on the axis", i)
		}
	}
	if drawn != 3 {
		t.Fatalf("%d bars drawn, want 3", drawn)
	}
	if b := c.Bars[10]; b.Total != 75 || len(b.Segments) != 2 || b.Segments[1].Series != 1 || b.Segments[1].Y >= b.Segments[0].Y {
		t.Fatalf("stacked bar %+v", b)
	}
	if c.Bars[29].Segments[0].H != plot || c.Bars[29].X+c.Bars[29].W > plotRight {
		t.Fatalf("highest bar %+v", c.Bars[29])
	}
	var shown int
	for _, b := range c.Bars {
		if b.ShowLabel {
			shown++
		}
	}
	if shown > maxLabels || !c.Bars[29].ShowLabel {
		t.Fatalf("%d labels shown", shown)
	}
}

func TestLineStepsThroughValues(t *testing.T) {
	c := NewLine(0, []LineInput{{Value: 500, Kind: "included"}, {Value: 540, Kind: "purchase"}, {Value: -20, Kind: "usage"}})
	if c.Low != -200 || c.Top != 600 {
		t.Fatalf("axis %d..%d", c.Low, c.Top)
	}
	plot := plotBottom - plotTop
	for _, p := range c.Points {
		if want := round2(plotBottom - float64(p.Value+200)/800*plot); p.Y != want {
			t.Errorf("%s at %v, want %v", p.Kind, p.Y, want)
		}
	}
	if c.Points[2].X != plotRight || !strings.HasPrefix(c.Path, "M44 ") || strings.Count(c.Path, "H") != 3 {
		t.Fatalf("path %s, last x %v", c.Path, c.Points[2].X)
	}
	// Each kind has its own shape.
	seen := map[string]string{}
	for _, k := range MarkerKinds() {
		m := Marker(k, 0, 0)
		for other, om := range seen {
			if om == m {
				t.Errorf("%s and %s share a marker", k, other)
			}
		}
		seen[k] = m
	}
}
