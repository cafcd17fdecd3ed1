package contentcoding

import "testing"

func TestNegotiate(t *testing.T) {
	for h, want := range map[string]string{
		"":                        "",
		"gzip":                    "gzip",
		"GZIP":                    "gzip",
		"x-gzip":                  "gzip",
		"gzip;q=0":                "",
		"gzip; q=0.000":           "",
		"gzip, zstd":              "zstd",
		"gzip, deflate, br, zstd": "zstd",
		"gzip, deflate, br":       "br",
		"br":                      "br",
		"gzip;q=1, zstd;q=0.5":    "gzip",
		"zstd;q=0.2, br;q=0.8":    "br",
		"*":                       "zstd",
		"*;q=0":                   "",
		"br;q=0.9, *;q=0.1":       "br",
		"zstd;q=0, *":             "br",
		"zstd;q=0, br;q=0, *":     "gzip",
		"identity":                "",
		"deflate":                 "",
		"gzip;q=abc":              "",
		"gzip;q=2":                "",
		"gzip;q=-1, br":           "br",
		",,;;=,gzip;;q=0.5;;, ,":  "gzip",
		"gzip;q=0, gzip":          "",
		"identity;q=0":            "",
		"br;level=9":              "br",
	} {
		if got := Negotiate(h); got != want {
			t.Errorf("negotiate(%q) = %q, want %q", h, got, want)
		}
	}
}

func TestCompressible(t *testing.T) {
	for ct, want := range map[string]bool{
		"application/json":                true,
		"application/json; charset=utf-8": true,
		"application/problem+json":        true,
		"text/html; charset=utf-8":        true,
		"TEXT/CSS":                        true,
		"text/javascript; charset=utf-8":  true,
		"image/svg+xml":                   true,
		"text/csv; charset=utf-8":         true,
		"image/png":                       false,
		"application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": false,
		"application/vnd.sqlite3":  false,
		"application/gzip":         false,
		"application/octet-stream": false,
		"":                         false,
	} {
		if got := Compressible(ct); got != want {
			t.Errorf("compressible(%q) = %v", ct, got)
		}
	}
}
