package main

import (
	"strings"

	"explorer/tools/internal/absa"
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
	// SemEval-2016 laptops (entities such as BATTERY, DISPLAY, KEYBOARD);
	// not in the tonality data: put the file in the directory to measure it
	{"ABSA16_Laptops_Train_SB1_v2.xml", "SemEval-2016 laptops (held out)", "EN", false},
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

// readReviews reads every sentence of an ABSA XML file.
func readReviews(path string) ([]review, error) {
	var out []review
	err := absa.ReadFile(path, func(s absa.Sentence) error {
		out = append(out, review{text: s.Text, categories: sentenceCategories(s)})
		return nil
	})
	return out, err
}

// sentenceCategories are the distinct entities a sentence is annotated with.
func sentenceCategories(s absa.Sentence) []string {
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
