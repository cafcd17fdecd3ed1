package store

import "testing"

// White space outside quotes does not count (line endings of another
// checkout); inside a quoted literal or name it does.
func TestNormalizeSQL(t *testing.T) {
	base := normalizeSQL("CREATE TABLE t ( a TEXT DEFAULT 'x  y', \"b  c\" INT )")
	if got := normalizeSQL("CREATE TABLE t (\r\n\ta TEXT DEFAULT 'x  y',\r\n  \"b  c\" INT\r\n)"); got != base {
		t.Fatalf("%q != %q", got, base)
	}
	for _, other := range []string{
		"CREATE TABLE t ( a TEXT DEFAULT 'x y', \"b  c\" INT )",
		"CREATE TABLE t ( a TEXT DEFAULT 'x  y', \"b c\" INT )",
		"CREATE TABLE t ( a TEXT DEFAULT 'it''s', \"b  c\" INT )",
	} {
		if normalizeSQL(other) == base {
			t.Errorf("%q compares equal to the original", other)
		}
	}
	if got := normalizeSQL("  SELECT 'a  ''  b'   ,  [x  y]  "); got != "SELECT 'a  ''  b' , [x  y]" {
		t.Errorf("got %q", got)
	}
}
