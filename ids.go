package explorer

// ParseID reads an id as the interface writes it: a plain positive decimal
// integer of at most 19 digits, with no sign, no leading zero, no spaces
// and no exponent ("+1", "01", "1e3", "-1", " 1" and "0" are not ids). The
// JSON interface and the pages read path ids with it.
func ParseID(s string) (int64, bool) {
	if len(s) == 0 || len(s) > 19 || s[0] == '0' {
		return 0, false
	}
	var n int64
	for i := 0; i < len(s); i++ {
		d := s[i]
		if d < '0' || d > '9' {
			return 0, false
		}
		if n > (1<<63-1-int64(d-'0'))/10 {
			return 0, false
		}
		n = n*10 + int64(d-'0')
	}
	return n, true
}
