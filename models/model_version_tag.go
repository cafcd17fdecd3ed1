package models

import (
	"strconv"
	"strings"
	"time"
)

// VersionTag names the content of a model version: its number and how
// many times the editor amended it since it was made (see EditModel). A
// version that was never amended has Revision 0 and reads as its number
// alone ("5"); an amended one as "5.2".
type VersionTag struct {
	Version  int
	Revision int
}

// String is "V" or "V.R".
func (t VersionTag) String() string {
	if t.Revision == 0 {
		return strconv.Itoa(t.Version)
	}
	return strconv.Itoa(t.Version) + "." + strconv.Itoa(t.Revision)
}

// ParseVersionTag reads "V" or "V.R" (V ≥ 1, R ≥ 1, plain digits without
// sign or leading zeros); ok is false for anything else.
func ParseVersionTag(s string) (VersionTag, bool) {
	v, r, dotted := strings.Cut(s, ".")
	n, ok := plainNumber(v)
	if !ok || n < 1 {
		return VersionTag{}, false
	}
	t := VersionTag{Version: n}
	if dotted {
		if t.Revision, ok = plainNumber(r); !ok || t.Revision < 1 {
			return VersionTag{}, false
		}
	}
	return t, true
}

// plainNumber reads 1 to 9 digits without a leading zero (or "0").
func plainNumber(s string) (int, bool) {
	if s == "" || len(s) > 9 || (len(s) > 1 && s[0] == '0') {
		return 0, false
	}
	n := 0
	for _, c := range []byte(s) {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, true
}

// Tag is the tag of the model's current version.
func (r *ModelRecord) Tag() VersionTag { return VersionTag{r.Version, r.Revision} }

// Tag is the tag of the version the model answers.
func (m *Model) Tag() VersionTag { return VersionTag{m.Version, m.Revision} }

// Amendable is when the editor may amend a model's newest version: the
// editor made it, the user By made it, and it was last changed after
// Since.
type Amendable struct {
	By    int64
	Since time.Time
}
