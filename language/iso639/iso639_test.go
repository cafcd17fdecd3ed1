package iso639

import (
	"strings"
	"testing"
)

func TestValid(t *testing.T) {
	tests := []struct {
		in   string
		want string
		ok   bool
	}{
		{"en", "EN", true},
		{"EN", "EN", true},
		{"Sv", "SV", true},
		{"nb", "NB", true},
		{"zu", "ZU", true},
		{"bh", "BH", true},
		{"xx", "", false},
		{"eng", "", false},
		{"e", "", false},
		{"", "", false},
		{" en", "", false},
		{"en ", "", false},
		{"e1", "", false},
		{"ſt", "", false},
		{"zz", "", false},
		{"qq", "", false},
	}
	for _, tt := range tests {
		got, ok := Normalize(tt.in)
		if got != tt.want || ok != tt.ok {
			t.Errorf("Normalize(%q) = %q, %v; want %q, %v", tt.in, got, ok, tt.want, tt.ok)
		}
		if Valid(tt.in) != tt.ok {
			t.Errorf("Valid(%q) = %v", tt.in, !tt.ok)
		}
	}
}

func TestCodes(t *testing.T) {
	all := Codes()
	if len(all) != 184 {
		t.Fatalf("%d codes, want 184", len(all))
	}
	for i, c := range all {
		if len(c) != 2 || strings.ToUpper(c) != c {
			t.Errorf("code %q", c)
		}
		if i > 0 && all[i-1] >= c {
			t.Errorf("codes not sorted at %q", c)
		}
	}
}
