// Package iso639 validates ISO 639-1 language codes. It is apart from
// package language, whose detector links lingua-go's models, so that the
// service layer can check codes without linking them.
package iso639

import (
	"slices"
	"strings"
)

// codes are the 184 two-letter codes of ISO 639-1 (including bh, Bihari,
// withdrawn in 2021 but still found in data).
var codes = map[string]struct{}{}

func init() {
	for _, c := range strings.Fields(`
		aa ab ae af ak am an ar as av ay az
		ba be bg bh bi bm bn bo br bs
		ca ce ch co cr cs cu cv cy
		da de dv dz
		ee el en eo es et eu
		fa ff fi fj fo fr fy
		ga gd gl gn gu gv
		ha he hi ho hr ht hu hy hz
		ia id ie ig ii ik io is it iu
		ja jv
		ka kg ki kj kk kl km kn ko kr ks ku kv kw ky
		la lb lg li ln lo lt lu lv
		mg mh mi mk ml mn mr ms mt my
		na nb nd ne ng nl nn no nr nv ny
		oc oj om or os
		pa pi pl ps pt
		qu
		rm rn ro ru rw
		sa sc sd se sg si sk sl sm sn so sq sr ss st su sv sw
		ta te tg th ti tk tl tn to tr ts tt tw ty
		ug uk ur uz
		ve vi vo
		wa wo
		xh
		yi yo
		za zh zu`) {
		codes[strings.ToUpper(c)] = struct{}{}
	}
}

// Valid reports whether code is an ISO 639-1 code, in any case. Spaces
// around it are not allowed.
func Valid(code string) bool {
	_, ok := Normalize(code)
	return ok
}

// Normalize returns the upper-case form of an ISO 639-1 code given in any
// case, and whether it is one.
func Normalize(code string) (string, bool) {
	if len(code) != 2 {
		return "", false
	}
	up := strings.ToUpper(code)
	if _, ok := codes[up]; !ok {
		return "", false
	}
	return up, true
}

// Codes returns the ISO 639-1 codes, upper case, sorted.
func Codes() []string {
	out := make([]string, 0, len(codes))
	for c := range codes {
		out = append(out, c)
	}
	slices.Sort(out)
	return out
}
