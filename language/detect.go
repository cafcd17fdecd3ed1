package language

import (
	"strings"
	"unicode"

	"explorer/internal/lazy"
)

// Detection scores a text against character trigram profiles of the
// languages below (profiles.go): each trigram of its words costs, in each
// language, -ln of its probability there, or the language's cost of a
// trigram it lacks; the cheapest language wins when it is far enough ahead.
// The profiles load at the first detection (about 2 MB in memory).

// detectable are the languages Detect knows, by canonical code: the main
// European languages and a few others widely used. The profiles hold
// exactly these (TestProfilesMatchTable).
var detectable = []string{
	"EN", "DE", "FR", "ES", "IT", "PT", "NL", "SV", "DA", "NO", "FI", "IS",
	"PL", "CS", "SK", "HU", "RO", "EL", "BG", "HR", "SR", "SL", "ET", "LV",
	"LT", "RU", "UK", "TR", "CA", "AR", "HE", "HI", "ZH", "JA", "KO", "ID",
	"VI",
}

// Detection thresholds.
const (
	// minLetters is the least number of letters worth a guess.
	minLetters = 10
	// minLead is the least lead, in nats, of the first language's
	// likelihood over the second's.
	minLead = 2.0
	// maxSample bounds the text looked at, in bytes.
	maxSample = 4000
	// maxTexts bounds the number of texts sampled.
	maxTexts = 400
)

// profilesHeld are the detection profiles, read at first use (~2 MB).
var profilesHeld = lazy.New(loadProfiles)

func detector() *profiles { return profilesHeld.Get() }

// Release lets the profiles go (the server does when idle); the next
// Detect reads them again.
func Release() { profilesHeld.Release() }

// Detect detects the language of a set of short terms or texts, taken
// together. It returns the upper-case ISO 639-1 code (canonical: NO for
// Norwegian) and true when the detection is confident, "" and false when
// it is not (too little text, or no language clearly ahead). It is safe
// for concurrent use.
func Detect(texts []string) (string, bool) {
	sample, letters := Sample(texts)
	if letters < minLetters {
		return "", false
	}
	if code, ok := byScript(sample); ok {
		return code, true
	}
	p := detector()
	costs, n := p.score(sample)
	if n == 0 {
		return "", false
	}
	best, second := -1, -1
	for i, c := range costs {
		if p.miss[i] == 255 {
			continue
		}
		if best < 0 || c < costs[best] {
			best, second = i, best
		} else if second < 0 || c < costs[second] {
			second = i
		}
	}
	lead := float64(costs[second]-costs[best]) / CostScale
	if lead < minLead {
		return "", false
	}
	return p.langs[best], true
}

// score returns the cost of text in each language and the number of
// trigrams scored: those inside its words, lower-cased.
func (p *profiles) score(text string) ([]int, int) {
	costs := make([]int, len(p.langs))
	have := make([]bool, len(p.langs))
	n := 0
	var w [3]rune
	k := 0
	for _, r := range text {
		if !unicode.IsLetter(r) {
			k = 0
			continue
		}
		w[0], w[1], w[2] = w[1], w[2], unicode.ToLower(r)
		if k++; k < 3 {
			continue
		}
		n++
		clear(have)
		for _, pr := range p.lookup(trigramKey(w[0], w[1], w[2])) {
			costs[pr>>8] += int(pr & 0xff)
			have[pr>>8] = true
		}
		for i, h := range have {
			if !h && p.miss[i] < 255 {
				costs[i] += int(p.miss[i])
			}
		}
	}
	return costs, n
}

// Sample joins texts spread over the whole set, up to 4,000 bytes from
// at most 400 texts, and counts their letters: what Detect looks at (the
// lingua-go comparison in tools/langdetect looks at the same).
func Sample(texts []string) (string, int) {
	stride := 1
	if len(texts) > maxTexts {
		stride = (len(texts) + maxTexts - 1) / maxTexts
	}
	var b strings.Builder
	letters := 0
	for i := 0; i < len(texts) && b.Len() < maxSample; i += stride {
		t := strings.TrimSpace(texts[i])
		if t == "" {
			continue
		}
		sep := ""
		if b.Len() > 0 {
			sep = ", "
		}
		if room := maxSample - b.Len() - len(sep); len(t) > room {
			if t = cutAtSpace(t, room); t == "" {
				break
			}
		}
		b.WriteString(sep)
		b.WriteString(t)
		for _, r := range t {
			if unicode.IsLetter(r) {
				letters++
			}
		}
	}
	return b.String(), letters
}

// cutAtSpace cuts s to at most n bytes, at a space when there is one, and
// never inside a character.
func cutAtSpace(s string, n int) string {
	if n <= 0 {
		return ""
	}
	if i := strings.LastIndexByte(s[:n], ' '); i > 0 {
		return s[:i]
	}
	for n > 0 && !isRuneStart(s[n]) {
		n--
	}
	return s[:n]
}

func isRuneStart(b byte) bool { return b&0xC0 != 0x80 }

// scripts are the alphabets of one detectable language each (kana tells
// Japanese from Chinese, which share the Han characters); their languages
// have no trigram profile.
var scripts = []struct {
	table *unicode.RangeTable
	code  string
}{
	{unicode.Greek, "EL"}, {unicode.Hebrew, "HE"}, {unicode.Hangul, "KO"},
	{unicode.Hiragana, "JA"}, {unicode.Katakana, "JA"}, {unicode.Han, "ZH"},
}

// byScript tells the language of a text at least half of whose letters are
// of one of scripts' alphabets: Japanese when a tenth of those are kana.
func byScript(text string) (string, bool) {
	var n [6]int
	letters, in := 0, 0
	for _, r := range text {
		if !unicode.IsLetter(r) {
			continue
		}
		letters++
		for i, s := range scripts {
			if unicode.Is(s.table, r) {
				n[i]++
				in++
				break
			}
		}
	}
	if in*2 < letters {
		return "", false
	}
	if kana := n[3] + n[4]; kana*10 >= in {
		return "JA", true
	}
	best := 0
	for i := range n {
		if n[i] > n[best] {
			best = i
		}
	}
	return scripts[best].code, true
}
