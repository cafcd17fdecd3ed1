package chart

import (
	"strconv"
	"strings"
)

// The drawing area of a timeline, in SVG user units.
const (
	TimelineWidth  = 400.0
	TimelineHeight = 110.0
	tlLeft         = 4.0
	tlRight        = TimelineWidth - 4
	tlTop          = 6.0
	tlBottom       = 92.0
)

// TimeBar is one period's volume bar and net tonality point.
type TimeBar struct {
	Label      string
	Texts      int
	Net        float64
	X, Y, W, H float64
	// NetY is the net tonality's height (the line's point).
	NetY float64
}

// Timeline is one topic's volume (bars) and net tonality (a line from −1
// at the bottom to +1 at the top, 0 in the middle) by period.
type Timeline struct {
	Bars []TimeBar
	// Line holds the points of the net tonality of the periods with
	// texts; ZeroY is the height of net tonality 0; Bottom the bars' base.
	Line          string
	ZeroY, Bottom float64
	// First and Last label the ends of the time axis.
	First, Last string
	LabelY      float64
}

// NewTimeline lays out periods labelled labels with texts[i] texts and
// net tonality nets[i]; bars are scaled to top texts (the largest of all
// topics, so that topics compare), at least 1.
func NewTimeline(labels []string, texts []int, nets []float64, top int) Timeline {
	top = max(top, 1)
	t := Timeline{ZeroY: (tlTop + tlBottom) / 2, Bottom: tlBottom, LabelY: TimelineHeight - 4}
	n := len(labels)
	if n == 0 {
		return t
	}
	t.First, t.Last = labels[0], labels[n-1]
	step := (tlRight - tlLeft) / float64(n)
	var pts []string
	for i, l := range labels {
		h := float64(texts[i]) / float64(top) * (tlBottom - tlTop)
		b := TimeBar{Label: l, Texts: texts[i], Net: nets[i], X: tlLeft + float64(i)*step + step*0.15, W: step * 0.7, H: h, Y: tlBottom - h}
		b.NetY = t.ZeroY - nets[i]*(tlBottom-tlTop)/2
		if texts[i] > 0 {
			pts = append(pts, f(b.X+b.W/2)+","+f(b.NetY))
		}
		t.Bars = append(t.Bars, b)
	}
	t.Line = strings.Join(pts, " ")
	return t
}

func f(v float64) string { return strconv.FormatFloat(v, 'f', 1, 64) }
