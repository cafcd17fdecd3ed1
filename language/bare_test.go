package language

import "testing"

func TestBare(t *testing.T) {
	for in, want := range map[string]string{"agilität": "agilitat", "déjà": "deja", "plain": "plain", "чай": "чай", "çok": "cok"} {
		if got := Bare(in); got != want {
			t.Errorf("Bare(%q) = %q, want %q", in, got, want)
		}
	}
}
