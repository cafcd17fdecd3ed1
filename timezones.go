package explorer

import (
	_ "embed"
	"strings"
	"sync"
)

//go:generate go run ./internal/tzlist timezones.txt

// timezoneList is the IANA names of the Go toolchain's time zone database
// (the one time/tzdata embeds), written by internal/tzlist.
//
//go:embed timezones.txt
var timezoneList string

// TimeZones lists the IANA time zone names a person can choose, sorted.
var TimeZones = sync.OnceValue(func() []string {
	return strings.Fields(timezoneList)
})
