package analysis

import (
	"strings"
	"time"
)

// DateLayouts are the common date formats of TimeSeries, as layouts of
// package time. Day and month may have one or two digits where the layout
// writes 1 and 2; fractional seconds are accepted after seconds; both
// day/month/year and month/day/year orders are accepted.
var DateLayouts = []string{
	"2006-01-02",
	time.RFC3339, // 2006-01-02T15:04:05Z07:00
	"2006-01-02T15:04:05",
	"2006-01-02T15:04Z07:00",
	"2006-01-02T15:04",
	"2006-01-02 15:04:05",
	"2006-01-02 15:04",
	"2006-01-02 15:04:05Z07:00",
	"2006-01-02 15:04:05 -0700",
	"2006-01-02 15:04:05 -0700 MST",
	"2006-01-02 15:04:05 MST",
	"2006-1-2",
	"2006-1-2 15:04:05",
	"2006-1-2 15:04",
	"2/1/2006",
	"1/2/2006",
	"2/1/2006 15:04",
	"2/1/2006 15:04:05",
	"1/2/2006 15:04",
	"1/2/2006 15:04:05",
	"1/2/2006 3:04 PM",
	"1/2/2006 3:04:05 PM",
	"2/1/06",
	"1/2/06",
	"2/1/06 15:04",
	"1/2/06 15:04",
	"2006/1/2",
	"2006/1/2 15:04",
	"2006/1/2 15:04:05",
	"2.1.2006",
	"2.1.2006 15:04",
	"2.1.2006 15:04:05",
	"2.1.06",
	"2-1-2006",
	"2-1-2006 15:04",
	"2-1-2006 15:04:05",
	"2-Jan-2006",
	"2-Jan-06",
	"2-January-2006",
	"2 Jan 2006",
	"2 January 2006",
	"2. Jan 2006",
	"2. January 2006",
	"Jan 2, 2006",
	"January 2, 2006",
	"Jan 2 2006",
	"January 2 2006",
	"Mon, Jan 2, 2006",
	"Monday, January 2, 2006",
	"Mon, 2 Jan 2006",
	time.RFC1123,  // Mon, 02 Jan 2006 15:04:05 MST
	time.RFC1123Z, // Mon, 02 Jan 2006 15:04:05 -0700
	time.RFC850,
	time.ANSIC,
	time.UnixDate,
	time.RubyDate,
}

// DateParser reads the dates of one column: it tries the layout that
// matched last first, since a column keeps its format. The zero value is
// ready.
type DateParser struct{ last int }

// Parse reads v (trimmed) as a date in one of DateLayouts.
func (d *DateParser) Parse(v string) (time.Time, bool) {
	v = strings.TrimSpace(v)
	if len(v) < 6 || len(v) > 40 || !strings.ContainsAny(v, "0123456789") {
		return time.Time{}, false
	}
	if t, err := time.Parse(DateLayouts[d.last], v); err == nil {
		return t, true
	}
	for i, layout := range DateLayouts {
		if i == d.last {
			continue
		}
		if t, err := time.Parse(layout, v); err == nil {
			d.last = i
			return t, true
		}
	}
	return time.Time{}, false
}
