package views

import (
	"testing"
	"time"
)

func TestDates(t *testing.T) {
	stockholm, err := time.LoadLocation("Europe/Stockholm")
	if err != nil {
		t.Fatal(err)
	}
	at := time.Date(2026, 11, 22, 23, 30, 0, 0, time.UTC)
	for _, c := range []struct {
		d              Dates
		date, dateTime string
	}{
		{Dates{}, "2026-11-22", "2026-11-22 23:30 UTC"},
		{Dates{Layout: "02/01/2006", Location: stockholm}, "23/11/2026", "23/11/2026 00:30 CET"},
		{Dates{Layout: "01/02/2006", Location: time.UTC}, "11/22/2026", "11/22/2026 23:30 UTC"},
	} {
		if got := c.d.Date(at); got != c.date {
			t.Errorf("Date = %q, want %q", got, c.date)
		}
		if got := c.d.DateTime(at); got != c.dateTime {
			t.Errorf("DateTime = %q, want %q", got, c.dateTime)
		}
	}
}
