package main

import (
	"math"
	"strings"
)

// nlpjs is the folder of the sentiment files of an @nlpjs language package.
func nlpjs(code string) string {
	return "@nlpjs/lang-" + strings.ToLower(code) + "/src/sentiment/"
}

// build assembles the lexicon of one language; emoji entries found on the
// way are added to emoji.
func (s sources) build(code string, files [2]string, english map[string]float64, emoji lexicon) (lexicon, error) {
	lex := lexicon{}
	add := func(m map[string]float64, scale float64, stem bool, minAbs float64) {
		for k, v := range m {
			v /= scale
			if !hasLetter(k) {
				if len([]rune(k)) <= 2 && v != 0 {
					emoji.add(k, v)
				}
				continue
			}
			w, ok := clean(k, code, english)
			if !ok || math.Abs(v) < minAbs {
				continue
			}
			if stem {
				w += "*"
			}
			lex.add(w, v)
		}
	}
	if code == "EN" {
		v, err := s.vader()
		if err != nil {
			return nil, err
		}
		add(v, 4, false, 0.05)
		return lex, nil
	}
	if m, err := s.afinn(strings.ToLower(code)); err == nil {
		add(m, 5, false, 0.1)
	}
	if files[0] != "" {
		m, err := s.readJSON(nlpjs(code) + files[0])
		if err != nil {
			return nil, err
		}
		add(m, 5, false, 0.1)
	}
	if files[1] != "" {
		m, err := s.readJSON(nlpjs(code) + files[1])
		if err != nil {
			return nil, err
		}
		scale := 1.0
		if code == "RU" {
			scale = 5
		}
		add(m, scale, true, 0.1)
	}
	return lex, nil
}

// emoticons adds VADER's common emoticons (two or three characters
// starting with ':', ';' or '=') to emoji.
func (s sources) emoticons(emoji lexicon) error {
	v, err := s.vader()
	if err != nil {
		return err
	}
	for k, x := range v {
		if len(k) >= 2 && len(k) <= 3 && strings.ContainsAny(k[:1], ":;=") {
			emoji.add(k, x/4)
		}
	}
	return nil
}
