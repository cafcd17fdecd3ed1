// Package chart computes the geometry of the account pages' SVG charts in
// plain Go (no HTTP, no templ), so that their numbers can be tested: the
// views only print what it computes.
package chart

import (
	"math"
	"strconv"
)

// The drawing area of every chart, in SVG user units; the SVG scales to
// the width of its container through its viewBox.
const (
	Width      = 400.0
	Height     = 200.0
	plotLeft   = 44.0
	plotRight  = Width - 8
	plotTop    = 10.0
	plotBottom = Height - 24
	maxLabels  = 4
)

// Segment is one series' part of a stacked bar.
type Segment struct {
	Series     int
	Value      int64
	X, Y, W, H float64
}

// Bar is one stacked bar; its label is shown under it when ShowLabel.
type Bar struct {
	Label     string
	Total     int64
	X, W      float64
	Segments  []Segment
	ShowLabel bool
	LabelX    float64
	// Anchor is the label's text-anchor: the last one ends at its bar's
	// right edge so that it stays inside the drawing.
	Anchor string
}

// Tick is a value line of the vertical axis.
type Tick struct {
	Value int64
	Y     float64
}

// Bars is a stacked bar chart.
type Bars struct {
	Bars  []Bar
	Ticks []Tick
	// Top is the value of the top of the plot.
	Top                            int64
	PlotLeft, PlotRight, PlotTop   float64
	PlotBottom, LabelY, TickLabelX float64
}

// NewBars lays out one bar per label; values[i][s] is series s of bar i.
// Zero values draw no segment, so a bar without a value draws nothing.
func NewBars(labels []string, values [][]int64) Bars {
	var most int64
	for _, vs := range values {
		var sum int64
		for _, v := range vs {
			sum += max(0, v)
		}
		most = max(most, sum)
	}
	c := Bars{PlotLeft: plotLeft, PlotRight: plotRight, PlotTop: plotTop, PlotBottom: plotBottom, LabelY: plotBottom + 16, TickLabelX: plotLeft - 4}
	c.Top, c.Ticks = axis(0, most)
	slot := (plotRight - plotLeft) / float64(max(1, len(labels)))
	every := (len(labels) + maxLabels - 1) / maxLabels
	for i, label := range labels {
		b := Bar{Label: label, X: round2(plotLeft + float64(i)*slot + slot*0.15), W: round2(slot * 0.7)}
		b.LabelX, b.Anchor = round2(b.X+b.W/2), "middle"
		if i == len(labels)-1 {
			b.LabelX, b.Anchor = round2(b.X+b.W), "end"
		}
		// Label the last bar and every "every"-th before it.
		b.ShowLabel = (len(labels)-1-i)%max(1, every) == 0
		y := plotBottom
		for s, v := range values[i] {
			if v <= 0 {
				continue
			}
			h := round2(float64(v) / float64(c.Top) * (plotBottom - plotTop))
			y -= h
			b.Segments = append(b.Segments, Segment{Series: s, Value: v, X: b.X, Y: round2(y), W: b.W, H: h})
			b.Total += v
		}
		c.Bars = append(c.Bars, b)
	}
	for i := range c.Ticks {
		c.Ticks[i].Y = c.yOf(c.Ticks[i].Value, 0)
	}
	return c
}

func (c Bars) yOf(v, low int64) float64 {
	return round2(plotBottom - float64(v-low)/float64(c.Top-low)*(plotBottom-plotTop))
}

// axis returns a round top above low..high and its ticks from a round
// bottom: the smallest step of 1, 2 or 5 times a power of ten that needs at
// most 6 steps.
func axis(low, high int64) (top int64, ticks []Tick) {
	if high <= low {
		high = low + 1
	}
	var start, step int64
	for p := int64(1); ; p *= 10 {
		for _, m := range []int64{1, 2, 5} {
			step, start = m*p, floorTo(low, m*p)
			top = -floorTo(-high, step)
			if (top-start)/step <= 6 {
				for v := start; v <= top; v += step {
					ticks = append(ticks, Tick{Value: v})
				}
				return top, ticks
			}
		}
	}
}

func floorTo(v, step int64) int64 {
	if v >= 0 {
		return v / step * step
	}
	return -((-v + step - 1) / step * step)
}

func round2(x float64) float64 { return math.Round(x*100) / 100 }

// F prints a coordinate for an SVG attribute.
func F(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }

// I prints a value.
func I(v int64) string { return strconv.FormatInt(v, 10) }
