package main

import (
	"math"
	"strconv"
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
			if code == "SR" {
				if lat := serbianLatin(w); lat != w {
					lex.add(lat, v)
				}
			}
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
	if m, err := s.afinn(afinnCode(code)); err == nil {
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
	for _, f := range strings.Fields(fixes[code]) {
		w, v, _ := strings.Cut(f, ":")
		if x, err := strconv.ParseFloat(v, 64); err == nil {
			lex[w] = []float64{x}
		} else {
			delete(lex, w)
		}
	}
	return lex, nil
}

// fixes correct mistranslations of the lists added with multilang-
// sentiment's files, found by reading their strongest entries (general
// knowledge): "word:valence" sets a word's valence, "word:-" drops it.
// Most are the positive "terrific", "awesome" or "outstanding" rendered
// by a word for terrible, frightening, unpaid or pending.
var fixes = map[string]string{
	"BG": "ужасен:-0.6",
	"SL": "grozen:-0.6",
	"ET": "kohutav:-0.6",
	"LV": "drausmīgs:-0.6",
	"LT": "gąsdinančiai:-0.4 neišspręstas:-",
	"HE": "נורא:-", // also "very" (an intensifier)
	"HI": "भयानक:-0.6 बकाया:- अपूर्ण:- दहलाने:-",
	"EL": "εκκρεμής:-",
	"GL": "estático:-",
	"ID": "hebat:0.6",
	"KO": "부리:-",
	// Words of the language's function-word list (language/functionwords)
	// that the translations or the stem lists gave a valence though they
	// are no adjectives: "plus" (more) +0.6, "comme" (as) +0.4, "ir" (to go)
	// -0.6, "tiempo" (time) -0.4, "vez" (time), "subito" (at once) -0.4,
	// "oben" (above), "tien*" (ten), "tipo" (type), and the negators (non,
	// no, nee, nein, nao), which are rule words. Read from each lexicon's
	// entries that are function words, by general knowledge. Adjectives
	// stay (nouveau, premier, grande, kurz): exploring takes an opinion
	// word for no aspect, and without them Debian's French descriptions
	// titled and joined "nouveau", "ouvert" (NPMI 0.363 → 0.275).
	"FR": "plus:- plus*:- tout*:- tous*:- comme:- si*:- dos:- abord*:- non:- pu*:- fi*:- force:- force*:- " +
		"laisser:- attendu:- beaucoup*:-",
	"ES": "acuerdo:- atras*:- dan:- dan*:- dio:- fin*:- ir:- ir*:- pesar*:- poder:- poder*:- realizar:- sal:- " +
		"sal*:- ser*:- si:- si*:- tal*:- tiempo:- valor:- valor*:- van*:- ver*:- vez*:- serv*:-",
	// ES, IT "serv*" (SentiCon, Pattern): the stem of servido, servito
	// (served), +0.25 in Spanish, -0.25 in Italian.
	"IT": "fin*:- forza:- giu*:- nessun*:- no:- presa:- qui*:- rispetto:- subito:- favore:- promesso:- serv*:-",
	"DE": "ach:- dank*:- gerade:- gott:- ja:- nein:- oben:- natürlich:-",
	"NL": "alleen:- eer:- erg*:- missen:- nee:- net*:- spoedig*:- tien*:- waar:- willen:-",
	"PT": "apoio:- dúvida:- favor:- nao:- poder:- quer:- sim:- sob:- tipo:- verdade:-",
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

// serbianLatin transliterates a folded Serbian word from Cyrillic to
// Latin script (the standard one-to-one mapping; љ, њ, џ are two letters).
func serbianLatin(w string) string {
	var b strings.Builder
	for _, r := range w {
		if l, ok := serbianCyrLat[r]; ok {
			b.WriteString(l)
		} else {
			b.WriteRune(r)
		}
	}
	return b.String()
}

var serbianCyrLat = map[rune]string{
	'а': "a", 'б': "b", 'в': "v", 'г': "g", 'д': "d", 'ђ': "đ", 'е': "e", 'ж': "ž", 'з': "z", 'и': "i",
	'ј': "j", 'к': "k", 'л': "l", 'љ': "lj", 'м': "m", 'н': "n", 'њ': "nj", 'о': "o", 'п': "p", 'р': "r",
	'с': "s", 'т': "t", 'ћ': "ć", 'у': "u", 'ф': "f", 'х': "h", 'ц': "c", 'ч': "č", 'џ': "dž", 'ш': "š",
}
