package language

import (
	"slices"
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
		if valid(tt.in) != tt.ok {
			t.Errorf("valid(%q) = %v", tt.in, !tt.ok)
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

func TestCanonical(t *testing.T) {
	for in, want := range map[string]string{"nb": "NO", "NN": "NO", "no": "NO", "sv": "SV", "En": "EN"} {
		if got, ok := Canonical(in); got != want || !ok {
			t.Errorf("Canonical(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
	if got, ok := Canonical("xx"); ok || got != "" {
		t.Errorf("Canonical(xx) = %q, %v", got, ok)
	}
	// Normalize keeps the code given.
	if got, _ := Normalize("nb"); got != "NB" {
		t.Errorf("Normalize(nb) = %q", got)
	}
}

func TestGet(t *testing.T) {
	no, ok := Get("nb")
	if !ok || no.Code != "NO" || no.Name != "Norwegian" || !slices.Equal(no.Aliases, []string{"NB", "NN"}) {
		t.Fatalf("Get(nb) = %+v, %v", no, ok)
	}
	if !no.HasStemmer() || no.Stem("hestene") == "hestene" || !no.Detected || len(no.StopWords()) == 0 {
		t.Errorf("Norwegian: stemmer %v (%q), detected %v, %d stop words", no.HasStemmer(), no.Stem("hestene"), no.Detected, len(no.StopWords()))
	}
	en, _ := Get("en")
	if en.Stem("running") != "run" || !slices.Contains(en.StopWords(), "the") {
		t.Errorf("English: stem %q, stop words %d", en.Stem("running"), len(en.StopWords()))
	}
	de, _ := Get("de")
	if !de.HasStemmer() || de.Stem("häuser") != "haus" || de.Stem("anlieferung") == de.Stem("auslieferung") {
		t.Errorf("German: stemmer %v, häuser %q, anlieferung %q", de.HasStemmer(), de.Stem("häuser"), de.Stem("anlieferung"))
	}
	if nl, _ := Get("nl"); !nl.HasStemmer() || nl.Stem("gerechten") != nl.Stem("gerecht") {
		t.Errorf("Dutch: stemmer %v, gerechten %q", nl.HasStemmer(), nl.Stem("gerechten"))
	}
	if ja, _ := Get("ja"); ja.HasStemmer() || ja.Stem("寿司") != "寿司" {
		t.Errorf("Japanese has no Snowball stemmer, got one")
	}
	if zu, _ := Get("zu"); zu.Detected || zu.StopWords() != nil || zu.Name != "Zulu" {
		t.Errorf("Zulu: %+v", zu)
	}
	if _, ok := Get("qq"); ok {
		t.Error("Get(qq) found a language")
	}
}

func TestListsAreCanonical(t *testing.T) {
	for _, c := range WithStopWords() {
		if got, ok := Canonical(c); !ok || got != c {
			t.Errorf("%q listed, not a canonical code", c)
		}
	}
	if !slices.Contains(WithStopWords(), "NO") {
		t.Errorf("stop words %v", WithStopWords())
	}
}

func TestProfilesMatchTable(t *testing.T) {
	p := detector()
	if !slices.Equal(p.langs, detectable) {
		t.Fatalf("profiles hold %v, the table detects %v", p.langs, detectable)
	}
	for _, c := range detectable {
		if got, ok := Canonical(c); !ok || got != c {
			t.Errorf("detectable %q is not a canonical code", c)
		}
	}
}

func TestReadProfilesRejectsDamage(t *testing.T) {
	good := []byte(ProfileMagic + "\x01EN\x10\x02\x00\x00\x00\x03abc\x01\x00\x05\x03abd\x01\x00\x07")
	if p, err := readProfiles(good); err != nil || len(p.keys) != 2 || p.lookup(trigramKey('a', 'b', 'd'))[0] != 7 {
		t.Fatalf("readProfiles(good) = %v, %v", p, err)
	}
	for i := len(ProfileMagic); i < len(good); i++ {
		if _, err := readProfiles(good[:i]); err == nil {
			t.Errorf("truncated at %d: no error", i)
		}
	}
	bad := slices.Clone(good)
	bad[len(bad)-5] = 0xff // an invalid UTF-8 byte in the trigram
	if _, err := readProfiles(bad); err == nil {
		t.Error("invalid trigram: no error")
	}
	unsorted := slices.Clone(good)
	unsorted[len(unsorted)-5] = 'a' // abc, aba: out of order
	if _, err := readProfiles(unsorted); err == nil {
		t.Error("unsorted trigrams: no error")
	}
	badLang := slices.Clone(good)
	badLang[len(badLang)-2] = 1 // language 1 of 1
	if _, err := readProfiles(badLang); err == nil {
		t.Error("language out of range: no error")
	}
}

// valid reports whether code is an ISO 639-1 code, in any case.
func valid(code string) bool {
	_, ok := Normalize(code)
	return ok
}

func TestFunctionWords(t *testing.T) {
	for _, c := range WithFunctionWords() {
		l, _ := Get(c)
		if got, ok := Canonical(c); !ok || got != c || len(l.FunctionWords()) < 100 {
			t.Errorf("%q: canonical %q %v, %d function words", c, got, ok, len(l.FunctionWords()))
		}
		for _, w := range l.FunctionWords() {
			if w != strings.ToLower(w) || w != strings.TrimSpace(w) {
				t.Errorf("%s: %q not a lower-case word", c, w)
			}
		}
	}
	nl, _ := Get("nl")
	if !slices.Contains(nl.FunctionWords(), "wij") || slices.Contains(nl.StopWords(), "wij") {
		t.Errorf("Dutch: %d function words, %d stop words", len(nl.FunctionWords()), len(nl.StopWords()))
	}
	if en, _ := Get("en"); !slices.Contains(en.FunctionWords(), "everything") || slices.Contains(en.StopWords(), "everything") {
		t.Errorf("English: %d fuller function words, everything among them and no stop word", len(en.FunctionWords()))
	}
}
