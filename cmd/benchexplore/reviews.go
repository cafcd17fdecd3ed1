package main

import (
	"bufio"
	"compress/gzip"
	"encoding/xml"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// review is one annotated review sentence: its text and the aspect
// categories it is annotated with (the entity of ENTITY#ATTRIBUTE).
type review struct {
	text       string
	categories []string
}

// reviewSet is an annotated file the reviews bench knows.
type reviewSet struct {
	file, name, lang string
	tuning           bool // tuned on; the others are held out, only reported
}

// reviewSets: only SemEval-2014 is tuned on.
var reviewSets = []reviewSet{
	{"Restaurants_Train_v2.xml", "SemEval-2014 restaurants (tuning)", "EN", true},
	{"Laptop_Train_v2.xml", "SemEval-2014 laptops (tuning)", "EN", true},
	{"ABSA15_Hotels_Test.xml", "SemEval-2015 hotels (held out)", "EN", false},
	{"ABSA16_Restaurants_Train_SB1_v2.xml", "SemEval-2016 restaurants (held out)", "EN", false},
	{"MAMS_ATSA_test.xml", "MAMS restaurants (held out)", "EN", false},
	{"restaurants_dutch_training.xml", "SemEval-2016 Dutch restaurants (held out)", "NL", false},
}

// wholeEntities are the categories of the place or product as a whole,
// left out of the category measure.
var wholeEntities = map[string]bool{"restaurant": true, "hotel": true, "laptop": true,
	"anecdotes/miscellaneous": true}

// minCategory is the fewest sentences of a category measured.
const minCategory = 20

// categoryF1 is the least F1 of a group's texts against a category's
// sentences for the category to be found as that group.
const categoryF1 = 0.4

type xmlReview struct {
	Text       string `xml:"text"`
	Categories []struct {
		Category string `xml:"category,attr"`
	} `xml:"aspectCategories>aspectCategory"`
	Opinions []struct {
		Category string `xml:"category,attr"`
	} `xml:"Opinions>Opinion"`
}

// readReviews reads every <sentence> of an ABSA XML file.
func readReviews(path string) ([]review, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	dec := xml.NewDecoder(f)
	var out []review
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return nil, err
		}
		se, ok := tok.(xml.StartElement)
		if !ok || se.Name.Local != "sentence" {
			continue
		}
		var s xmlReview
		if err := dec.DecodeElement(&s, &se); err != nil {
			return nil, err
		}
		out = append(out, review{text: s.Text, categories: sentenceCategories(s)})
	}
}

// sentenceCategories are the distinct entities a sentence is annotated with.
func sentenceCategories(s xmlReview) []string {
	seen := map[string]bool{}
	var out []string
	add := func(c string) {
		c, _, _ = strings.Cut(strings.ToLower(c), "#")
		if c != "" && !seen[c] {
			seen[c] = true
			out = append(out, c)
		}
	}
	for _, c := range s.Categories {
		add(c.Category)
	}
	for _, o := range s.Opinions {
		add(o.Category)
	}
	return out
}

// opinionWords reads tonality's embedded lexicon of a language
// (tonality/lexicons/XX.tsv.gz, word<TAB>valence; stems end in *) into a
// lookup of opinion words, as the service gives analysis.Lexicon.Opinion.
func opinionWords(root, lang string) (func(string) bool, error) {
	f, err := os.Open(filepath.Join(root, "tonality", "lexicons", strings.ToLower(lang)+".tsv.gz"))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		return nil, err
	}
	words, stems := map[string]bool{}, map[string]bool{}
	sc := bufio.NewScanner(zr)
	for sc.Scan() {
		w, _, _ := strings.Cut(sc.Text(), "\t")
		if s, ok := strings.CutSuffix(w, "*"); ok {
			stems[s] = true
		} else if w != "" {
			words[w] = true
		}
	}
	return func(w string) bool {
		if words[w] {
			return true
		}
		for n := len(w); n >= 4; n-- {
			if stems[w[:n]] && len(w)-n <= 5 {
				return true
			}
		}
		return false
	}, sc.Err()
}

// judgeEN are evaluative English words the tonality lexicon lacks: the
// bench's judge of opinion titles is the lexicon and this list (the
// exploration is given the lexicon only).
var judgeEN = strings.Fields(`cheap expensive overpriced pricey affordable reasonable friendly
unfriendly attentive inattentive helpful unhelpful fresh stale tasty bland delicious yummy
awake quick slow fast noisy quiet loud clean spacious cramped comfortable uncomfortable
crowded cozy cosy busy tiny huge small big large heavy light hot cold warm cool old new
excellent awesome amazing fantastic wonderful terrible horrible awful poor decent fine okay
ok average mediocre perfect best better worse worst good great nice bad lovely pleasant
rude polite prompt courteous professional knowledgeable generous authentic overall highly
definitely really pretty quite extremely absolutely disappointed disappointing recommend
recommended worth impressed easy hard difficult simple smooth sturdy sleek beautiful ugly`)

// reviewJudge tells whether a title is an opinion word for the measure.
func reviewJudge(lang string, lexicon func(string) bool) func(string) bool {
	extra := map[string]bool{}
	if strings.EqualFold(lang, "EN") {
		for _, w := range judgeEN {
			extra[w] = true
		}
	}
	return func(t string) bool { return extra[t] || (lexicon != nil && lexicon(t)) }
}
