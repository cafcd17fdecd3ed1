package zones_test

import (
	"testing"
	"time"

	"explorer/zones"
)

// Every zone offered loads, so the list cannot offer a zone the setting
// then refuses; the common ones are there.
func TestTimeZonesLoad(t *testing.T) {
	zones := zones.TimeZones()
	if len(zones) < 300 {
		t.Fatalf("%d zones", len(zones))
	}
	seen := map[string]bool{}
	for _, z := range zones {
		if _, err := time.LoadLocation(z); err != nil {
			t.Errorf("%s: %v", z, err)
		}
		seen[z] = true
	}
	for _, z := range []string{"UTC", "Europe/Stockholm", "America/New_York", "Asia/Tokyo", "Australia/Sydney"} {
		if !seen[z] {
			t.Errorf("%s missing", z)
		}
	}
}
