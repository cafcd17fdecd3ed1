package chart

import "testing"

func TestTimeline(t *testing.T) {
	tl := NewTimeline([]string{"2024-01-01", "2024-02-01", "2024-03-01"}, []int{4, 0, 2}, []float64{1, 0, -0.5}, 4)
	if len(tl.Bars) != 3 || tl.First != "2024-01-01" || tl.Last != "2024-03-01" {
		t.Fatalf("%+v", tl)
	}
	if b := tl.Bars[0]; b.Y != tlTop || b.H != tlBottom-tlTop || b.NetY != tlTop {
		t.Fatalf("full bar %+v", b)
	}
	if b := tl.Bars[1]; b.H != 0 {
		t.Fatalf("empty bar %+v", b)
	}
	if b := tl.Bars[2]; b.H != (tlBottom-tlTop)/2 || b.NetY != tl.ZeroY+(tlBottom-tlTop)/4 {
		t.Fatalf("half bar %+v", b)
	}
	// The period without texts has no point on the line.
	if want := f(tl.Bars[0].X+tl.Bars[0].W/2) + "," + f(tlTop) + " " + f(tl.Bars[2].X+tl.Bars[2].W/2) + "," + f(tl.Bars[2].NetY); tl.Line != want {
		t.Fatalf("line %q, want %q", tl.Line, want)
	}
	if e := NewTimeline(nil, nil, nil, 0); len(e.Bars) != 0 || e.Line != "" {
		t.Fatalf("empty %+v", e)
	}
}
