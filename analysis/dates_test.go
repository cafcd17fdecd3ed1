package analysis

import (
	"testing"
	"time"
)

func TestIsDate(t *testing.T) {
	tests := []struct {
		v    string
		want bool
	}{
		{"2024-03-05", true},
		{" 2024-03-05 ", true},
		{"2024-03-05T14:30:00Z", true},
		{"2024-03-05T14:30:00+01:00", true},
		{"2024-03-05T14:30:00.123456Z", true},
		{"2024-03-05T14:30:00", true},
		{"2024-03-05 14:30", true},
		{"2024-03-05 14:30:59", true},
		{"2024-3-5", true},
		{"05/03/2024", true}, // dd/mm/yyyy
		{"13/03/2024", true}, // only dd/mm
		{"03/13/2024", true}, // only mm/dd
		{"3/5/2024", true},   // one digit day and month
		{"3/5/24", true},     // two-digit year
		{"3/5/2024 2:30 PM", true},
		{"05/03/2024 14:30", true},
		{"2024/03/05", true},
		{"05.03.2024", true},
		{"5.3.2024 14:30", true},
		{"05-03-2024", true},
		{"5-Mar-2024", true},
		{"05-Mar-24", true},
		{"5 March 2024", true},
		{"5. März 2024", false}, // month names are English only
		{"Mar 5, 2024", true},
		{"March 5, 2024", true},
		{"Tue, 05 Mar 2024 14:30:00 GMT", true},
		{"Tue, 05 Mar 2024 14:30:00 +0100", true},

		{"", false},
		{"7", false},
		{"10", false},
		{"12345", false},
		{"20240305", false},
		{"2024-02-30", false}, // no such day
		{"2024-13-01", false},
		{"13/13/2024", false},
		{"2024", false},
		{"14:30", false},
		{"3.5", false},
		{"1/2", false},
		{"Enterprise", false},
		{"Great service on 2024-03-05", false},
		{"March", false},
	}
	for _, tt := range tests {
		if got := isDate(tt.v); got != tt.want {
			t.Errorf("isDate(%q) = %v, want %v", tt.v, got, tt.want)
		}
	}
}

func TestDateLayoutsRoundTrip(t *testing.T) {
	// A date written in any of the layouts is a date.
	for _, at := range []time.Time{
		time.Date(2024, 3, 5, 14, 30, 7, 0, time.UTC),
		time.Date(1999, 12, 31, 9, 5, 0, 0, time.FixedZone("EST", -5*3600)),
	} {
		for _, l := range DateLayouts {
			if v := at.Format(l); !isDate(v) {
				t.Errorf("%q (layout %q) is not a date", v, l)
			}
		}
	}
}

// isDate reports whether v (trimmed) is a date in one of DateLayouts, as
// a fresh DateParser reads it.
func isDate(v string) bool {
	var d DateParser
	_, ok := d.Parse(v)
	return ok
}
