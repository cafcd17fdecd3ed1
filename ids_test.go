package explorer_test

import (
	"testing"

	explorer "explorer"
)

func TestParseID(t *testing.T) {
	for s, want := range map[string]int64{"1": 1, "42": 42, "9223372036854775807": 1<<63 - 1} {
		if got, ok := explorer.ParseID(s); !ok || got != want {
			t.Errorf("ParseID(%q) = %d %v", s, got, ok)
		}
	}
	for _, s := range []string{"", "0", "00", "01", "+1", "-1", " 1", "1 ", "1e3", "0x1", "1.0", "１", "9223372036854775808", "99999999999999999999", "1\x00"} {
		if got, ok := explorer.ParseID(s); ok {
			t.Errorf("ParseID(%q) = %d, want refused", s, got)
		}
	}
}

func FuzzParseID(f *testing.F) {
	for _, s := range []string{"1", "+1", "01", "9223372036854775807"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n, ok := explorer.ParseID(s)
		if ok && (n < 1 || formatID(n) != s) {
			t.Fatalf("ParseID(%q) = %d: not the id's own spelling", s, n)
		}
	})
}

func formatID(n int64) string {
	var b []byte
	for n > 0 {
		b = append([]byte{byte('0' + n%10)}, b...)
		n /= 10
	}
	return string(b)
}
