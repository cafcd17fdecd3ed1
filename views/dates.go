package views

import "time"

// Dates formats times for the person viewing a page: in its date format
// (a Go layout) and its time zone. The zero value formats yyyy-MM-dd in UTC.
type Dates struct {
	Layout   string
	Location *time.Location
}

func (d Dates) in(t time.Time) (time.Time, string) {
	loc, layout := d.Location, d.Layout
	if loc == nil {
		loc = time.UTC
	}
	if layout == "" {
		layout = time.DateOnly
	}
	return t.In(loc), layout
}

// Date is the day of t, such as 22/11/2026.
func (d Dates) Date(t time.Time) string {
	t, layout := d.in(t)
	return t.Format(layout)
}

// DateTime is the day and time of t with the zone's abbreviation, such as
// 22/11/2026 14:05 CET.
func (d Dates) DateTime(t time.Time) string {
	t, layout := d.in(t)
	return t.Format(layout + " 15:04 MST")
}

// DateTimeSeconds is DateTime to the second.
func (d Dates) DateTimeSeconds(t time.Time) string {
	t, layout := d.in(t)
	return t.Format(layout + " 15:04:05 MST")
}
