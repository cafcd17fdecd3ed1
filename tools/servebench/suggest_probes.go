package main

import (
	"bufio"
	"fmt"
	"os"
	"slices"
	"strings"

	"explorer"
)

// probe is one pole of the suggestion bench: a language and its terms.
type probe struct {
	lang  string
	terms []string
}

// key names a probe in the judgements file: LANG<TAB>terms joined by ", ".
func (p probe) key() string { return p.lang + "\t" + strings.Join(p.terms, ", ") }

// multi tells whether the probe is a pole of several terms.
func (p probe) multi() bool { return len(p.terms) > 1 }

// readProbes reads the probe file: one pole a line, LANG<TAB>terms
// (comma-separated); blank lines and lines starting with # are skipped.
func readProbes(path string) ([]probe, error) {
	var out []probe
	err := eachLine(path, func(n int, f []string) error {
		if len(f) != 2 {
			return fmt.Errorf("%s:%d: want LANG<TAB>terms", path, n)
		}
		var terms []string
		for _, t := range strings.Split(f[1], ",") {
			if t = strings.TrimSpace(t); t != "" {
				terms = append(terms, t)
			}
		}
		out = append(out, probe{lang: strings.ToUpper(strings.TrimSpace(f[0])), terms: terms})
		return nil
	})
	return out, err
}

// judgements are a person's verdicts on suggestions: by probe key, by
// term (TermKey), whether an analyst would add it to the pole.
type judgements map[string]map[string]bool

// readJudged reads the judgements file: LANG<TAB>pole<TAB>term<TAB>+ or -
// (acceptable or not). A missing file is no judgement.
func readJudged(path string) (judgements, error) {
	j := judgements{}
	err := eachLine(path, func(n int, f []string) error {
		if len(f) != 4 || (f[3] != "+" && f[3] != "-") {
			return fmt.Errorf("%s:%d: want LANG<TAB>pole<TAB>term<TAB>+ or -", path, n)
		}
		k := f[0] + "\t" + f[1]
		if j[k] == nil {
			j[k] = map[string]bool{}
		}
		j[k][explorer.TermKey(f[2])] = f[3] == "+"
		return nil
	})
	if os.IsNotExist(err) {
		return j, nil
	}
	return j, err
}

// verdict tells whether term was judged acceptable for p, and whether it
// was judged at all.
func (j judgements) verdict(p probe, term string) (ok, judged bool) {
	ok, judged = j[p.key()][explorer.TermKey(term)]
	return ok, judged
}

// eachLine calls fn with the tab-separated fields of each line of path
// that is neither blank nor a comment.
func eachLine(path string, fn func(n int, fields []string) error) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimRight(sc.Text(), "\r")
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if err := fn(n, strings.Split(line, "\t")); err != nil {
			return err
		}
	}
	return sc.Err()
}

// languages are the probes' languages, in their first order.
func languages(probes []probe) []string {
	var out []string
	for _, p := range probes {
		if !slices.Contains(out, p.lang) {
			out = append(out, p.lang)
		}
	}
	return out
}
