package analysis

import (
	"math"
	"slices"
	"strings"
)

// Exploration defaults and bounds (see ExploreOptions).
const (
	DefaultExploreTopics = 30
	// FeedbackExploreTopics is the default number of topics of feedback
	// (see feedbackShare: covering it takes the most topics).
	FeedbackExploreTopics = MaxExploreTopics
	MinExploreTopics      = 1
	MaxExploreTopics      = 60
	MaxExploreGroups      = 30
	// MaxGroupTopics is the most topics a group holds.
	MaxGroupTopics = 6
	// BoilerplateShare: a term in more than this share of the texts
	// describes any of them, so it is neither a topic nor a context.
	BoilerplateShare = 0.4
)

// Bounds of the work of an exploration, whatever the texts: they keep its
// memory fixed past the Counter's and its time linear in the texts.
const (
	exploreRows       = 600  // candidate terms given a context vector
	exploreNeighbourQ = 150  // candidates whose word-space neighbours are looked up
	exploreFeatures   = 2000 // context words (columns of the vectors)
	exploreTextTerms  = 200  // distinct terms of one text taken as its context
	exploreMinDocs    = 3    // fewest texts a candidate occurs in
	exploreFewDocs    = 2    // the same where those are too few (aspectCandidates)
	exploreMinDocsPer = 2000 // and at least one text in this many
)

// ExploreOptions are the numbers of an exploration: Topics topics in
// Groups groups (0: the defaults, DefaultExploreTopics and one group per
// four topics).
type ExploreOptions struct {
	Topics int
	Groups int
}

// Normalized returns the options with the defaults filled in and the
// numbers within their bounds: Topics in [MinExploreTopics,
// MaxExploreTopics], Groups in [1, Topics] and at least enough groups of
// MaxGroupTopics for the topics.
func (o ExploreOptions) Normalized() ExploreOptions {
	if o.Topics == 0 {
		o.Topics = DefaultExploreTopics
	}
	o.Topics = min(max(o.Topics, MinExploreTopics), MaxExploreTopics)
	if o.Groups == 0 {
		o.Groups = int(math.Round(float64(o.Topics) / 4))
	}
	least := (o.Topics + MaxGroupTopics - 1) / MaxGroupTopics
	o.Groups = min(max(o.Groups, least, 1), o.Topics, MaxExploreGroups)
	return o
}

// Lexicon is what an exploration knows of the language beyond the texts;
// every field may be nil.
type Lexicon struct {
	// Rank gives a word's (or phrase's) rank in the language by frequency,
	// 1 the most frequent, 0 when the list does not hold it; nil when there
	// is no background list.
	Rank func(term string) int
	// Size is the number of words Rank knows.
	Size int
	// RankForFeedback: Rank is a list of everyday words (the OpenSubtitles
	// and Wiktionary lists of languages other than English), used only when
	// the texts are feedback: against it every word of technical
	// descriptions is key, so it would favour their rarest words.
	RankForFeedback bool
	// Neighbours gives a term's near neighbours in the language's word
	// space, nearest first.
	Neighbours func(term string) []string
	// Opinion reports whether a folded word says how a thing is in the
	// language: an opinion word (good, rude, overpriced) or an adjective
	// that describes without judging (big, new: tonality.Describes). Never
	// a topic's title nor the link that joins a member; in feedback it
	// joins, as a last member, the one topic it is said of (joinOpinions).
	// nil: none known.
	Opinion func(word string) bool
	// OpinionIn gives Opinion of another language (an ISO 639-1 code),
	// nil when that language has none: in a column of several languages
	// the opinion words of each one present are opinion words
	// (withPresentOpinions). nil: none known.
	OpinionIn func(lang string) func(word string) bool
	// Function reports whether a folded word is one of the language's
	// words that only negate, modify or link (not, very, little, bit,
	// though: tonality's rule words): in feedback never a topic's title
	// by itself (a description may be about bits). nil: none known.
	Function func(word string) bool
	// Likeness gives the cosines of term with each of others in the
	// language's word space (NaN for a word the space lacks); nil: no
	// space.
	Likeness func(term string, others []string) []float64
}

// LikenessOf makes a Lexicon's Likeness of a word space's kinship
// (explorer.WordSpaces' Kinship: NaN for a word it lacks): all NaN when it
// answers an error (a space still loading) or not one value per word.
func LikenessOf(kinship func(term string, others []string) ([]float64, error)) func(string, []string) []float64 {
	return func(term string, others []string) []float64 {
		out, err := kinship(term, others)
		if err != nil || len(out) != len(others) {
			return unknowns(len(others))
		}
		return out
	}
}

// unknowns returns n NaNs: n likenesses the space does not know.
func unknowns(n int) []float64 {
	out := make([]float64, n)
	for i := range out {
		out[i] = math.NaN()
	}
	return out
}

// TopicGroup is a group of topics found by exploring, titled by its most
// salient topic's title.
type TopicGroup struct {
	Title  string
	Topics []Topic
}

// Texts streams the texts of a column to fn, once per call; Explore calls
// it twice.
type Texts func(fn func(text string)) error

// Explore finds the topics of texts in language lang: the salient terms
// and phrases (Salience), each joined by the terms the texts use in the
// same contexts (its variants, word-space neighbours and the project's own
// near terms; Vectors), clustered into groups (GroupTopics), each titled
// by its topic in most texts; in feedback the topics of one kind (food,
// drink, staff, ambience: kindsOf) are grouped first where the language
// has kinds.
// Titles and members are aspects (aspectTest: no opinion word, adjective,
// verb or stop word), and no title is a word of the language's fuller
// function-word list that the texts do not use as a noun (noTitles);
// near-duplicate texts count once, addresses and attribution lines are
// cut out (distinctTexts). A topic's terms end with the texts' closed
// compounds of them (joinCompounds: "wijnkaart" in the topic of "kaart")
// and, in feedback, the texts' other cases of its title
// (joinTextInflections: "garsona" in the topic of "garsonlar"), the
// words of a kind no topic holds (joinKinds: "limonade" in the topic of
// "vin", the drinks' title) and the opinion words said of it
// (joinOpinions: "slow", "rude" in the topic of "service"), and those
// said of no aspect join the topic of the place or the product as a
// whole (joinWhole: "recommend", "love" in the topic of "place"). It
// reads the texts twice.
func Explore(texts Texts, lang string, opt ExploreOptions, lex Lexicon) ([]TopicGroup, error) {
	texts = distinctTexts(texts)
	counter, err := countTexts(texts, lang)
	if err != nil {
		return nil, err
	}
	lex = withPresentOpinions(lex, counter, lang)
	isFeedback := feedback(counter, lex, lang)
	how := grouping{feedback: isFeedback, kinOnly: isFeedback && opt.Groups == 0}
	opt = feedbackOptions(opt, isFeedback).Normalized()
	how.n, how.likeness = opt.Groups, lex.Likeness
	if isFeedback {
		how.kind = kindsOf(lang) // nil where the language has no list
	}
	if lex.RankForFeedback && !isFeedback {
		lex.Rank, lex.Size = nil, 0
	}
	isAspect := aspectTest(counter, lex, lang)
	cands := aspectCandidates(counter, lex, isAspect, opt.Topics)
	rows, nbs := rowTerms(cands, counter, lex, isAspect)
	function := lex.Function // rule words: function words of feedback ("a bit", "though")
	if !isFeedback {
		function = nil // in a description, "bit" and "little" (endian) may be what it is about
	}
	noTitle := noTitles(cands, counter, lang, function)
	feats, kinOnly := contextFeatures(counter, exploreFeatures, lex)
	var said saidWords // implicit aspects and the whole (joinOpinions, joinWhole), in feedback
	if isFeedback {
		said = newSaidWords(counter, opinionRows(feats, kinOnly, lex.Function), lang)
	}
	words := newTextWords(counter, isAspect, lang, isFeedback, how.kind) // the last use of counter
	ctx := NewContexts(rows, feats)
	ctx.KinOnly(kinOnly)
	if isFeedback {
		ctx.CountEntities()
	}
	if err := texts(func(t string) { ctx.Add(t, lang) }); err != nil {
		return nil, err
	}
	vecs := ctx.Vectors()
	ranked := RankSalient(cands, vecs, isFeedback)
	topics := buildSalientTopics(ranked, vecs, opt.Topics, nbs, isFeedback, wordRules{lang: lang, noTitle: noTitle, rank: lex.Rank, size: lex.Size})
	groups := titleByCoverage(groupTopics(topics, vecs, how), vecs)
	joinCompounds(groups, words)
	joinTextInflections(groups, words, how.kind) // in feedback only (newTextWords)
	joinKinds(groups, words, vecs.docsOf)
	joinSaid(groups, ctx, said)
	return groups, nil
}

// countTexts counts texts, read once, in language lang.
func countTexts(texts Texts, lang string) (*Counter, error) {
	counter := NewCounter()
	if err := texts(func(t string) { counter.Add(t, lang) }); err != nil {
		return nil, err
	}
	return counter, nil
}

// IsFeedback reports whether Explore explores texts in language lang,
// with lex, as feedback (see feedbackShare): what a bench reports beside
// the topics.
func IsFeedback(texts Texts, lang string, lex Lexicon) (bool, error) {
	counter, err := countTexts(distinctTexts(texts), lang)
	if err != nil {
		return false, err
	}
	return feedback(counter, withPresentOpinions(lex, counter, lang), lang), nil
}

// withPresentOpinions returns lex whose Opinion also holds the opinion
// words (lex.OpinionIn) of every other language present in the texts
// counted (presentLanguages): a column of English and Spanish reviews
// titled topics "espectacular", "buena", "rápido" (SemEval-2014's test
// sentences with 300 Spanish review sentences made for the purpose).
func withPresentOpinions(lex Lexicon, counter *Counter, lang string) Lexicon {
	if lex.OpinionIn == nil {
		return lex
	}
	var others []func(string) bool
	for _, l := range counter.presentLanguages(lang) {
		if o := lex.OpinionIn(l); o != nil {
			others = append(others, o)
		}
	}
	if len(others) == 0 {
		return lex
	}
	own := lex.Opinion
	lex.Opinion = func(w string) bool {
		return own != nil && own(w) || slices.ContainsFunc(others, func(o func(string) bool) bool { return o(w) })
	}
	return lex
}

// aspectCandidates returns the candidates that are aspects (isAspect),
// those in at least exploreMinDocs texts, or, when they are fewer than the
// topics asked, in at least exploreFewDocs: a project of 150 comments has
// few words in three of them. Five samples of 150 SemEval-2014 sentences
// each, restaurants and laptops: 22–35 topics of the 60 asked and 55–82 %
// of the texts in a topic before, 51–60 topics and 74–87 % (7.6 points
// more on average) after, the same categories, opinion titles 0–3 %. Samples of
// 300 and more, the tuning sets and Debian's descriptions (of 82 texts
// and more) have candidates enough: unchanged.
func aspectCandidates(counter *Counter, lex Lexicon, isAspect func(string) bool, topics int) []Candidate {
	cands := keepAspects(Candidates(counter, lex), isAspect)
	if len(cands) < topics {
		cands = keepAspects(candidatesFrom(counter, lex, exploreFewDocs), isAspect)
	}
	return cands
}

// Feedback (review sentences, whole reviews, comments) is texts that say
// how things are: each sentence holds one or two aspects and an opinion
// of them. Covering it takes more topics than descriptive texts do (the
// most, 60: 45 covered 70 % of SemEval-2014's sentences, 60 77 %), and its
// main aspects (food, service) are used with everything, so their
// contexts are less specific than a dish's: the specificity counts less
// in their salience. Texts are feedback when at least feedbackShare of
// their terms' occurrences are opinion words (lex.Opinion) or words used
// as adjectives or verbs (Predicative), however long they are: review
// sentences 0.37–0.41, whole reviews made of three of them (41 words)
// 0.40, Debian's package descriptions (18–26 words) 0.14–0.15 in
// samples of 1,000 and 0.18 over all in English, 0.11–0.12 and 0.14 in
// Italian, 0.22–0.24 and 0.25 in Spanish (whose lexicon gives nouns such
// as "información" a valence; 0.16 over all since the twenty-fourth
// round, see saidOccurrences), at most 0.10 in the other languages
// measured. Until the twenty-first round texts had also to average fewer
// than 16 words: whole reviews were explored as descriptions (30 topics,
// groups of any likeness), and the made whole reviews found 2 of 4
// restaurant and 1 of 11 laptop categories (4 and 9 as feedback).
const feedbackShare = 0.25

// feedbackOpinionShare is feedbackShare in a language without predicative
// cue words (cueLists: Finnish and Hungarian have determiners only; most
// others have none), where nothing is known to be used predicatively and
// only the opinion words count. Of
// SemEval-2014's sentences 0.23 (restaurants) and 0.20 (laptops) of the
// terms' occurrences are opinion words (against 0.40 and 0.41 with the
// predicative words), of Debian's short descriptions (under 16 words)
// 0.05 in English and 0.11 in French: the bar is halfway between 0.11 and
// 0.20. Without it no such language was ever feedback (about 0.2 is the
// most its opinion words reach), so reviews in it were explored as
// descriptions: 30 topics, no aspects.
const feedbackOpinionShare = 0.15

// feedback reports whether the counted texts, in language lang, are
// feedback (see feedbackShare and saidOccurrences).
func feedback(counter *Counter, lex Lexicon, lang string) bool {
	if counter.Docs() == 0 {
		return false
	}
	said, all := 0, 0
	verb := verbTest(lang)
	for term, tc := range counter.terms {
		all += tc.Count
		said += counter.saidOccurrences(term, verb, lex.Opinion)
	}
	least := feedbackShare
	if !cuesOf(lang).predicative() {
		least = feedbackOpinionShare
	}
	return all > 0 && float64(said) >= least*float64(all)
}

// saidOccurrences returns how many of term's occurrences say how
// something is (feedback): all of a word used predicatively, of a verb
// known by its ending (verb, verbEndings) and of an opinion word (opinion,
// the lexicon's), but none of a word the texts use as a noun and never
// predicatively, whatever its valence or ending, and the one occurrence
// of a word seen once, after a predicative cue or at a verb-final
// clause's end.
//   - Nouns: the Spanish lexicon gives "información", "aplicación" and
//     "documentación" a valence, and Debian's Spanish descriptions sat at
//     the bar (0.247 of the terms' occurrences, a sample of 150 of them
//     0.249); as nouns they are out (0.164 and 0.225), while review
//     sentences keep their share (SemEval-2014 restaurants 0.404 → 0.403;
//     the made French reviews 0.278 → 0.267: "le meilleur", "un petit").
//   - A word seen once: Predicative needs two uses, which few words have
//     in a small set, so the share fell with the texts' number, and sets
//     of review sentences of the smallest held-out set's size (144) were
//     explored as descriptions: 144 of the made Turkish reviews 0.17–0.24
//     (all 1,000 of them 0.30), of the Russian and French ones a third
//     and a quarter of 20 draws under 0.25. Counted, they are 0.30–0.39,
//     0.25–0.31 and 0.24–0.29 (1 draw of 20 under), while Debian's 82
//     Turkish descriptions go 0.12 → 0.20 and its English, French,
//     Italian and Portuguese samples of 150 stay at most 0.14
//     (twenty-fourth round).
func (c *Counter) saidOccurrences(term string, verb func(string) bool, opinion func(string) bool) int {
	tc := c.terms[term]
	if tc == nil {
		return 0
	}
	u := c.uses[term]
	switch {
	case c.Predicative(term):
		return tc.Count
	case u != nil && u.pred == 0 && c.usedAsNoun(term):
		return 0
	case verb(term) || (opinion != nil && !strings.Contains(term, " ") && opinion(term)):
		return tc.Count
	case u != nil && tc.Count == 1 && u.pred == 1:
		return 1
	}
	return 0
}

// feedbackTopicsPerGroup: feedback's default groups are smaller than one
// per four topics. Since the sixteenth round this is the least number of
// groups, not their number: by default feedback groups only kin
// (groupTopics, kinOnly), which stops the merges earlier. Reviews name
// many entities, each in a few words (a laptop's battery, screen,
// keyboard, OS, software, warranty, disk, memory; a restaurant's food,
// service, ambience, prices, drinks), and a category measured against a
// group's texts is lost in a group that holds several: at 15 groups of
// SemEval-2014 laptops' 60 topics, warranty sat with toshiba, hp and
// laptop (F1 0.10), software with computer (0.28). One group per 2.5
// topics (24 of 60) was chosen in the eighth round as the number itself
// (the categories found were the same from 18 to 30 groups).
const feedbackTopicsPerGroup = 2.5

// feedbackOptions sets the default numbers of topics and groups of
// feedback.
func feedbackOptions(opt ExploreOptions, isFeedback bool) ExploreOptions {
	if !isFeedback {
		return opt
	}
	if opt.Topics == 0 {
		opt.Topics = FeedbackExploreTopics
	}
	if opt.Groups == 0 {
		topics := min(max(opt.Topics, MinExploreTopics), MaxExploreTopics)
		opt.Groups = max(int(math.Round(float64(topics)/feedbackTopicsPerGroup)), 1)
	}
	return opt
}

// titleByCoverage puts first in each group the topic whose title is in
// most texts, which titles the group: the aspect the group is mostly
// about (food before dishes, service before staff).
func titleByCoverage(groups []TopicGroup, vecs *Vectors) []TopicGroup {
	docs := func(t Topic) int { return vecs.docsOf(t.Title) }
	for g := range groups {
		ts := groups[g].Topics
		best := 0
		for i := range ts {
			if docs(ts[i]) > docs(ts[best]) {
				best = i
			}
		}
		first := ts[best]
		copy(ts[1:best+1], ts[:best]) // the others keep their order
		ts[0] = first
		groups[g].Title = ts[0].Title
	}
	return groups
}

// rowTerms returns the terms given a context vector: the best candidates
// and the word-space neighbours of the best of them that occur in the
// texts (nbs: those neighbours, per candidate).
func rowTerms(cands []Candidate, counter *Counter, lex Lexicon, isAspect func(string) bool) (rows []string, nbs map[string][]string) {
	seen := map[string]bool{}
	add := func(t string) {
		if !seen[t] {
			seen[t] = true
			rows = append(rows, t)
		}
	}
	for i, c := range cands {
		if i == exploreRows {
			break
		}
		add(c.Term)
	}
	if lex.Neighbours == nil {
		return rows, nil
	}
	nbs = map[string][]string{}
	for i, c := range cands {
		if i == exploreNeighbourQ {
			break
		}
		for _, nb := range lex.Neighbours(c.Term) {
			k := FoldTerm(nb)
			if k != "" && isAspect(k) && counter.Has(k) && (strings.Contains(k, " ") || counter.Count(k).Docs >= 2) {
				add(k)
				nbs[c.Term] = append(nbs[c.Term], k)
			}
		}
	}
	return rows, nbs
}
