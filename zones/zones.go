// Package zones is how the product shows times: the IANA time zones a
// person can choose, each loaded once, and the layouts of the dateFormat
// setting.
package zones

import (
	_ "embed"
	"strings"
	"sync"
	"time"
	_ "time/tzdata" // time zones on machines without a zoneinfo database
)

//go:generate go run ../internal/tzlist timezones.txt

// timezoneList is the IANA names of the Go toolchain's time zone database
// (the one time/tzdata embeds), written by internal/tzlist.
//
//go:embed timezones.txt
var timezoneList string

// TimeZones lists the IANA time zone names a person can choose, sorted.
var TimeZones = sync.OnceValue(func() []string {
	return strings.Fields(timezoneList)
})

// locations holds the time zones loaded so far: time.LoadLocation reads
// the zone's file at every call, and every page shows dates. The names
// are the timezone setting's, checked against the zone database when
// saved, and only zones that load are kept: the map holds at most the
// database's few hundred zones.
var locations sync.Map

// Load is time.LoadLocation, each zone read once.
func Load(name string) (*time.Location, error) {
	if loc, ok := locations.Load(name); ok {
		return loc.(*time.Location), nil
	}
	loc, err := time.LoadLocation(name)
	if err != nil {
		return nil, err
	}
	locations.Store(name, loc)
	return loc, nil
}

// dateLayouts are the Go layouts of the dateFormat values.
var dateLayouts = map[string]string{"yyyy-MM-dd": "2006-01-02", "dd/MM/yyyy": "02/01/2006", "MM/dd/yyyy": "01/02/2006"}

// IsDateFormat reports whether format is a dateFormat value.
func IsDateFormat(format string) bool {
	_, ok := dateLayouts[format]
	return ok
}

// DateLayout returns the Go time layout of a dateFormat setting
// (yyyy-MM-dd when it is not one).
func DateLayout(format string) string {
	if l, ok := dateLayouts[format]; ok {
		return l
	}
	return time.DateOnly
}
