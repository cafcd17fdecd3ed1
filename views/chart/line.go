package chart

import (
	"fmt"
	"strings"
)

// Point is one marker of a line chart: the value after one event of a
// kind, drawn with its kind's marker shape.
type Point struct {
	X, Y  float64
	Value int64
	// Change is what the event added (negative: took).
	Change int64
	Kind   string
	Label  string
	// Marker is the SVG path of the marker's shape around X, Y.
	Marker    string
	ShowLabel bool
}

// Line is a step line of values over events, evenly spaced (several events
// can share an instant, and each must stay visible), with a marker per
// event whose shape tells its kind.
type Line struct {
	Points []Point
	// Path is the step line, as the d attribute of an SVG path.
	Path                           string
	Ticks                          []Tick
	Low, Top                       int64
	PlotLeft, PlotRight, PlotTop   float64
	PlotBottom, LabelY, TickLabelX float64
	// ZeroY is the y of the value 0 when it is within the plot.
	ZeroY float64
}

// LineInput is one event: the value after it, its kind and its label.
type LineInput struct {
	Value  int64
	Change int64
	Kind   string
	Label  string
}

// NewLine lays out the value start followed by the events' values.
func NewLine(start int64, events []LineInput) Line {
	low, high := start, start
	for _, e := range events {
		low, high = min(low, e.Value), max(high, e.Value)
	}
	low = min(low, 0)
	c := Line{PlotLeft: plotLeft, PlotRight: plotRight, PlotTop: plotTop, PlotBottom: plotBottom, LabelY: plotBottom + 16, TickLabelX: plotLeft - 4}
	c.Top, c.Ticks = axis(low, high)
	c.Low = c.Ticks[0].Value
	y := func(v int64) float64 {
		return round2(plotBottom - float64(v-c.Low)/float64(c.Top-c.Low)*(plotBottom-plotTop))
	}
	for i := range c.Ticks {
		c.Ticks[i].Y = y(c.Ticks[i].Value)
	}
	c.ZeroY = y(0)
	step := (plotRight - plotLeft) / float64(max(1, len(events)))
	every := (len(events) + lineLabels - 1) / lineLabels
	var d strings.Builder
	fmt.Fprintf(&d, "M%s %s", F(plotLeft), F(y(start)))
	for i, e := range events {
		x := round2(plotLeft + float64(i+1)*step)
		fmt.Fprintf(&d, " H%s V%s", F(x), F(y(e.Value)))
		p := Point{X: x, Y: y(e.Value), Value: e.Value, Change: e.Change, Kind: e.Kind, Label: e.Label, ShowLabel: (len(events)-1-i)%max(1, every) == 0}
		p.Marker = Marker(e.Kind, p.X, p.Y)
		c.Points = append(c.Points, p)
	}
	c.Path = d.String()
	return c
}

// lineLabels is how many event labels at most a line chart shows (dates
// are longer than bar labels).
const lineLabels = 4

// Marker shapes by ledger kind; unknown kinds are drawn as a cross.
var markerShapes = map[string]string{
	"included":       "circle",
	"purchase":       "square",
	"usage":          "triangle-down",
	"plan_proration": "diamond",
	"seat_proration": "triangle-up",
	"adjustment":     "cross",
}

// Marker returns the SVG path of kind's marker centred on x, y.
func Marker(kind string, x, y float64) string {
	const r = 4.5
	p := func(pts ...float64) string {
		var b strings.Builder
		for i := 0; i < len(pts); i += 2 {
			cmd := "L"
			if i == 0 {
				cmd = "M"
			}
			fmt.Fprintf(&b, "%s%s %s ", cmd, F(round2(x+pts[i])), F(round2(y+pts[i+1])))
		}
		return b.String() + "Z"
	}
	switch markerShapes[kind] {
	case "circle":
		return fmt.Sprintf("M%s %s a%s %s 0 1 0 %s 0 a%s %s 0 1 0 %s 0Z", F(round2(x-r)), F(y), F(r), F(r), F(2*r), F(r), F(r), F(-2*r))
	case "square":
		return p(-r, -r, r, -r, r, r, -r, r)
	case "triangle-down":
		return p(-r, -r, r, -r, 0, r)
	case "triangle-up":
		return p(-r, r, r, r, 0, -r)
	case "diamond":
		return p(0, -r, r, 0, 0, r, -r, 0)
	}
	const t = 1.5
	return p(-r, -r+t, -r+t, -r, 0, -t, r-t, -r, r, -r+t, t, 0, r, r-t, r-t, r, 0, t, -r+t, r, -r, r-t, -t, 0)
}

// MarkerKinds lists the ledger kinds with their own marker, for a legend.
func MarkerKinds() []string {
	return []string{"included", "purchase", "usage", "plan_proration", "seat_proration", "adjustment"}
}
