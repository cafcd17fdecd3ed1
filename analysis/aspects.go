package analysis

import (
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"explorer/language"
)

// An aspect is what texts talk about (a noun, a noun phrase, a named
// feature), not what they say of it: opinion words, adjectives and verbs
// title no topic and join none. Without part-of-speech tags, a word's
// part is told by the word before it: a determiner or possessive comes
// before a noun ("the food", "our waiter"); an intensifier, a copula, a
// subject pronoun, a modal or "to" before an adjective or a verb ("very
// rude", "was cheap", "I recommend", "would return").

// wordUse counts the occurrences of a term after a predicative cue word
// (pred), after a determiner (det) and, of those, after a demonstrative
// (dem: "this place", "deze zaak"; see wholeTopic), and after an adjective
// known by its ending (attr: "уютное место"; see attributiveEndings).
type wordUse struct{ pred, det, dem, attr int }

// cueKind is what a cue word tells of the word after it.
type cueKind uint8

const (
	cueDet  cueKind = iota // a determiner or possessive: a noun follows
	cuePred                // a predicative cue: an adjective or verb follows
	cueDem                 // a demonstrative determiner: a noun follows, pointed at
)

// cueSet is a language's cue words and their kinds.
type cueSet map[string]cueKind

// predicative reports whether the set has predicative cues: without them
// no word is known to be used as an adjective or a verb (Predicative).
func (s cueSet) predicative() bool {
	for _, k := range s {
		if k == cuePred {
			return true
		}
	}
	return false
}

// cueLists are the cue words of the languages that have them: the
// predicative cues, the determiners and possessives, and the
// demonstratives among those determiners (written from grammar, as the
// others).
var cueLists = map[string][3]string{
	"en": {`very so too really quite pretty extremely incredibly super fairly rather overly reasonably moderately decently well
		is was are were be been being am seems seemed looks looked felt feel tasted tastes
		not never always just also i we they you he she would will can could should must to didn don doesn`,
		`the a an my our your their his her its this these those`, `this these those`},
	"nl": {`erg heel zeer te echt nogal vrij super is was waren ben wordt werd niet nooit ik we wij ze jij hij zou zal kan kon`,
		`de het een dit deze mijn ons onze hun uw`, `dit deze`},
	"fr": {`très trop si assez vraiment plutôt est était sont étaient être été ne pas jamais je nous ils elles vous`,
		`le la les un une des du ce cet cette ces mon ma mes notre nos votre vos leur leurs au aux`, `ce cet cette ces`},
	"de": {`sehr zu so wirklich ziemlich recht ist war sind waren nicht nie ich wir du er`,
		`der das den dem des ein eine einen einem einer dieser diese dieses diesen diesem mein meine unser unsere`, `dieser diese dieses diesen diesem`},
	"es": {`muy demasiado tan bastante realmente es era son eran está estaba están ser estar no nunca yo nosotros`,
		`el la los las un una unos unas este esta estos estas ese esa esos esas mi mis nuestro nuestra del al`, `este esta estos estas ese esa esos esas`},
	"it": {`molto troppo così davvero abbastanza è era sono erano essere stato non mai io noi`,
		`il lo la gli le un uno una questo questa questi queste mio mia nostro nostra del della dei delle`, `questo questa questi queste`},
	"pt": {`muito demais tão bastante realmente é era são eram está estava ser estar não nunca eu nós`,
		`o os as um uma uns umas este esta esse essa esses essas meu minha nosso nossa do da dos das`, `este esta esse essa esses essas`},
	// Russian, Swedish, Danish, Norwegian and Polish (eighteenth round):
	// words that are both a cue and something else are left out (Russian
	// "это", this or "this is"; Swedish "för", too or for; "det", "den",
	// it or the; Polish "to", this or "it is"; Danish "i", you or in).
	"ru": {`очень слишком довольно весьма совсем вполне достаточно крайне абсолютно действительно реально был была было были будет будут быть стал стала стало стали не никогда всегда просто я мы они вы он она ты`,
		`этот эта эти этого этой этом этому этим этих мой моя моё мое мои моего моей наш наша наше наши нашего нашей ваш ваша ваше ваши каждый каждая`, `этот эта эти этого этой этом этому этим этих`},
	"sv": {`mycket väldigt så ganska riktigt verkligen helt alldeles extremt otroligt är var blev bli vara varit inte aldrig alltid bara också jag vi ni han hon`,
		`en ett denna detta dessa min mitt mina vår vårt våra er ert era din ditt dina`, `denna detta dessa`},
	"da": {`meget så ret ganske virkelig helt utrolig ekstremt er var blev blive være været ikke aldrig altid bare også jeg vi han hun`,
		`en et denne dette disse min mit mine vores jeres din dit dine`, `denne dette disse`},
	"no": {`veldig meget så ganske skikkelig virkelig helt utrolig ekstremt er var ble bli være vært ikke aldri alltid bare også jeg vi dere han hun`,
		`en ei et denne dette disse min mi mitt mine vår vårt våre din di ditt dine`, `denne dette disse`},
	"pl": {`bardzo zbyt dość całkiem naprawdę niezwykle strasznie jest był była było byli były będzie nie nigdy zawsze tylko też ja my oni one wy on ona`,
		`ten ta te ci tego tej tym tych mój moja moje moi mojego mojej nasz nasza nasze nasi naszego naszej wasz wasza wasze`, `ten ta te ci tego tej tym tych`},
	// Turkish (twentieth round): no articles, but "bir" (a) and the
	// demonstratives come before a noun, after its adjective ("güzel bir
	// mekan"); intensifiers before an adjective ("çok güzel", "en iyi").
	// The copula is a suffix and a subject comes first in the clause, so
	// neither is a cue; "o" (that, or he/she/it) is left out.
	"tr": {`çok gayet oldukça epey fazla aşırı gerçekten cidden daha en biraz pek hiç`,
		`bir bu şu her hiçbir bazı tüm bütün birkaç birçok benim bizim sizin senin onların`, `bu şu`},
	// Finnish and Hungarian (twentieth round): determiners and
	// demonstratives only, for the noun test of their fuller function-word
	// lists. No predicative cues: without review texts in either language
	// nothing here says which words before an adjective or a verb would
	// tell it, so their feedback is still told by opinion words alone
	// (feedbackOpinionShare). Hungarian's commonest article, "a", is one
	// letter and never seen: "ez a hely" reads as "ez hely".
	"fi": {``, `tämä tämän tätä tässä tästä tähän tällä tältä tälle tuo tuon tuota tuossa tuosta nämä näiden näitä näissä nuo noiden noita ` +
		`minun sinun meidän teidän heidän jokainen jokaisen jokaista muutama muutaman`,
		`tämä tämän tätä tässä tästä tähän tällä tältä tälle tuo tuon tuota tuossa tuosta nämä näiden näitä näissä nuo noiden noita`},
	"hu": {``, `az egy ez ezt ebben ennek ezek ezeket azok azokat minden néhány valamennyi összes`, `ez ezt ebben ennek ezek ezeket`},
}

var (
	cuesOnce sync.Once
	cueSets  map[string]cueSet
)

// cuesOf returns the cue words of a language, nil when it has none.
func cuesOf(lang string) cueSet {
	cuesOnce.Do(func() {
		cueSets = map[string]cueSet{}
		for l, lists := range cueLists {
			set := cueSet{}
			// in this order: a demonstrative is a determiner too
			for _, c := range []struct {
				list string
				kind cueKind
			}{{lists[1], cueDet}, {lists[2], cueDem}, {lists[0], cuePred}} {
				for _, w := range strings.Fields(c.list) {
					set[w] = c.kind // a word listed wins over another's plain form
					if p := plainForm(w, l); p != "" {
						if _, listed := set[p]; !listed {
							set[p] = c.kind // typed without the language's letters
						}
					}
				}
			}
			cueSets[l] = set
		}
	})
	return cueSets[langKey(lang)]
}

// attributiveEndings are the endings that make a word an adjective before
// a noun in a language without articles, where a noun seldom follows a
// determiner cue: Russian's adjective endings that no common noun has
// (not -ий, -ой, -ей, -ом, -ие: комментарий, музей, обслуживание) nor a
// common verb (not -ую: рекомендую, советую).
// Written from grammar (twentieth round). Only the noun test of the
// fuller function-word lists reads them (usedAsNoun): место, время,
// вечер follow "уютное", "хорошее", "прекрасный" far more often than a
// determiner.
var attributiveEndings = map[string][]string{
	"ru": {"ый", "ая", "яя", "ое", "ее", "ые", "ого", "его", "ому", "ему", "юю", "ых", "ыми", "ими"},
}

// verbEndings are the endings that make a word a finite verb, the
// predicate of its clause, where no cue word comes before it: Russian's
// past tense (-ла, -ло, -ли and the reflexive -лся, -лась, -лось, -лись:
// "принесли", "понравилось") and its first person singular in -ую
// ("рекомендую", "советую"). Reviews tell what happened and how it was;
// descriptions what a thing does, in the present ("позволяет",
// "содержит"), whose endings nouns share (бюджет, аппетит) and are left
// out, as is the masculine past in -л (зал, стол). These endings are not
// verbs' alone: the genitive of a masculine noun in -л (файла, зала,
// канала), the plural of one in -ль (модули, цели), a few nouns (масло,
// число, правила) and an adjective's feminine accusative (вкусную,
// командную) have them too. So they count only in the share of words
// said (feedback), never as a use of the word, and that share stays
// apart: the made Russian reviews 0.20 → 0.26 of the terms' occurrences
// (feedbackShare 0.25), Debian's Russian descriptions 0.09 → 0.11 and its
// short ones 0.05 → 0.06 (twenty-third round).
// Turkish (twenty-fifth round): turkishVerbEndings.
var verbEndings = map[string][]string{
	"ru": {"ла", "ло", "ли", "лся", "лась", "лось", "лись", "ую"},
	"tr": turkishVerbEndings(),
}

// turkishVerbEndings are the endings of Turkish's past tenses with a
// person or a copula, in the four vowels of the harmony (ı i u ü; "i" and
// "u" are also the plain typing of the others): the first person plural
// (-dık: "yedik", "beğendik", "lezzetliydik"; after p k ç ş t and plain c
// "-tık": "gittik", "yaptık", "gectik"), the third plural (-dılar,
// -diler: "getirdiler"), the second plural (-dınız), the copula's past
// after a vowel (-ydı: "lezzetliydi", "iyiydi"), the past progressive
// (-yordu: "bekliyordu") and the pluperfect (-mıştı). A review that tells
// what happened in long sentences has most of its verbs before "ve",
// "ama" or a converb, where no clause end marks them (clauseJoiners).
// Left out for the nouns that share them: the bare third person ("-dı",
// "-ti": "tadı", "paketi", "hizmeti" are possessives), the first singular
// ("-dım": "yardım", "adım"), "-tık" after s, Turkish's plain typing of
// ş ("plastik", "istatistik"), and the present tenses, which descriptions
// use ("sağlar", "içerir", "destekliyor"). Few nouns keep those left:
// "sandık", "optik", "kediler", and the listed kinds' "fındık" and
// "dadılar", which feedback does not count as verbs (verbTest). As
// Russian's, they count only in the share of words said.
func turkishVerbEndings() []string {
	var out []string
	for _, v := range []string{"ı", "i", "u", "ü"} {
		out = append(out, "d"+v+"k", "yd"+v, "yord"+v, "yord"+v+"m", "d"+v+"lar", "d"+v+"ler", "d"+v+"n"+v+"z")
		for _, c := range []string{"p", "k", "ç", "ş", "t", "c"} {
			out = append(out, c+"t"+v+"k", c+"t"+v+"lar", c+"t"+v+"ler")
		}
	}
	return append(out, "mıştı", "mişti", "muştu", "müştü", "misti", "mustu")
}

// endingMin is the fewest letters of a word read by its ending (a verb's,
// verbEndings, or an adjective's, attributiveEndings): shorter ones are
// pronouns and particles ("его", "ее", "ими", "ли").
const endingMin = 4

// hasEnding reports whether word, of endingMin letters or more and one
// word, ends in one of ends.
func hasEnding(word string, ends []string) bool {
	if len(ends) == 0 || strings.Contains(word, " ") || utf8.RuneCountInString(word) < endingMin {
		return false
	}
	for _, e := range ends {
		if strings.HasSuffix(word, e) {
			return true
		}
	}
	return false
}

// verbTest returns verbEnding's test in language lang, false for a word
// of a kind (kindsOf: Turkish "fındık", hazelnuts, ends as "yedik").
func verbTest(lang string) func(term string) bool {
	verb := verbEnding(lang)
	if verbEndings[langKey(lang)] == nil {
		return verb
	}
	kind := kindsOf(lang)
	if kind == nil {
		return verb
	}
	return func(term string) bool { return verb(term) && kind(term) == "" }
}

// verbEnding returns the test of whether a term is a verb by its ending
// (verbEndings) in language lang; false for every term where the language
// has none.
func verbEnding(lang string) func(term string) bool {
	ends := verbEndings[langKey(lang)]
	return func(term string) bool { return hasEnding(term, ends) }
}

// attributiveOf returns the test of whether term, a word of the fuller
// function-word list of language lang (the only words whose noun uses
// are read of it: usedAsNoun), follows prev, an adjective by its ending
// (hasEnding); nil where the language has no such endings.
func attributiveOf(lang string) func(prev, term string) bool {
	return attributiveTests()[langKey(lang)]
}

// attributiveTests are the tests of attributiveOf, made once.
var attributiveTests = sync.OnceValue(func() map[string]func(string, string) bool {
	out := map[string]func(string, string) bool{}
	for lang, ends := range attributiveEndings {
		listed := functionSet(lang)
		out[lang] = func(prev, term string) bool {
			_, ok := listed[term]
			return ok && hasEnding(prev, ends)
		}
	}
	return out
})

// noteUse records, for a term, whether the word before it is a cue or an
// adjective by its ending (attributive, of the words it reads; nil: none),
// and the clause's terms (noteClauseEnd).
func (c *Counter) noteUse(word, term string, cues cueSet, attributive func(prev, term string) bool) {
	c.lastPred = false
	if term != "" {
		c.clauseTerms++
	}
	if term != "" && c.lastWord != "" && cues != nil {
		kind, cue := cues[c.lastWord]
		attr := !cue && attributive != nil && attributive(c.lastWord, term)
		if u := c.useIf(cue || attr, term); u != nil {
			switch {
			case attr:
				u.attr++
			case kind == cuePred:
				u.pred++
				c.lastPred = true
			case kind == cueDem:
				u.det++
				u.dem++
			default:
				u.det++
			}
		}
	}
	c.lastWord, c.lastTerm = word, term
}

// useIf returns the use counts of term when cond holds, nil when it does
// not or when term has none and the counts are full (as many as the
// terms a Counter keeps).
func (c *Counter) useIf(cond bool, term string) *wordUse {
	if !cond {
		return nil
	}
	u := c.uses[term]
	if u == nil && len(c.uses) < c.maxTerms {
		u = &wordUse{}
		c.uses[term] = u
	}
	return u
}

// verbFinal are the language keys whose clauses end in their predicate:
// Turkish puts the verb, or the adjective with its copula suffix, last
// ("Yemekler çok lezzetliydi", "Servis hızlı", "Tekrar geleceğiz"), and
// its copula and person are endings no cue word marks. There the last
// word of a clause counts as used predicatively (noteClauseEnd), as a
// word after a predicative cue does. Without it Turkish reviews were
// explored as descriptions (the made Turkish reviews: 0.16 of the terms'
// occurrences opinion or predicative words, under feedbackShare; with it
// 0.31, and Debian's Turkish descriptions 0.05 → 0.13). Written from
// grammar (twenty-third round).
var verbFinal = map[string]bool{"tr": true}

// clauseJoiners are the words that begin a clause after another in a
// verb-final language (verbFinal), with no comma before them: Turkish's
// adversative and causal conjunctions ("Masa ayırtmıştık ama yarım saat
// beklettiler": "ayırtmıştık" ends its clause), in both typings: the
// "but" and "because" words of language.Conjunctions, which tonality's
// rule words read too. Not "ve", which also joins nouns ("köfte ve
// pilav"); "ancak" is also "only", before a clause's last words, where
// a clause of one term before it is no clause (noteClauseEnd). Narrative Turkish
// reviews (150 made sentences): 0.24 → 0.27 of the terms' occurrences
// said with turkishVerbEndings, over feedbackShare; Debian's Turkish
// descriptions 0.201 either way (twenty-fifth round).
var clauseJoiners = map[string]map[string]struct{}{
	"tr": clauseJoinersOf("TR", "tr"),
}

// clauseJoinersOf returns the clause joiners of language code (key: its
// langKey): language.Conjunctions's, with their plain forms
// (addTypedPlain: "çünkü", "cunku").
func clauseJoinersOf(code, key string) map[string]struct{} {
	c := language.Conjunctions[code]
	set := map[string]struct{}{}
	for _, w := range strings.Fields(c.But + " " + c.Because) {
		set[w] = struct{}{}
	}
	addTypedPlain(set, key)
	return set
}

// noteClauseEnd counts, in a verb-final language, the term of the last
// word of a clause of two terms or more as used predicatively: not when
// that word has no term, nor when a predicative cue before it counted
// this use already ("çok lezzetliydi" is one use), nor in a clause of one
// term, a list's item or a fragment ("Köfte, pilav ve ayran aldık":
// "köfte" is no predicate).
func (c *Counter) noteClauseEnd(key string) {
	if verbFinal[key] && c.lastTerm != "" && !c.lastPred && c.clauseTerms >= 2 {
		if u := c.useIf(true, c.lastTerm); u != nil {
			u.pred++
		}
	}
	c.lastWord, c.lastTerm, c.lastPred, c.clauseTerms = "", "", false, 0
}

// minUnshared is the least number of a language's stop words that are no
// stop words of the texts' own language for a text to count as written
// in it too (see noteStop).
const minUnshared = 2

// noteStop counts a word of the text being added for every language it is
// a stop word of, and whether the texts' own language (own) lacks it.
// flushStops then counts a text's stop words of another language only
// when at least minUnshared of them are not the own language's: French
// "de", "et", "en" are Danish and Norwegian stop words too and say
// nothing of those languages, nor does one "mot" (Norwegian "against")
// in "mot de passe"; a Danish text in a Norwegian column has "af", "mig",
// "noget", and then its shared words count too.
func (c *Counter) noteStop(word string, own map[string]struct{}) {
	langs := stopLanguages(word)
	if len(langs) == 0 {
		return
	}
	_, shared := own[word]
	for _, l := range langs {
		c.textStops[l]++
		if !shared {
			c.textUnshared[l]++
		}
	}
}

// flushStops adds the text's stop words to stopHits (see noteStop).
func (c *Counter) flushStops() {
	for l, n := range c.textStops {
		if c.textUnshared[l] >= minUnshared {
			c.stopHits[l] += n
		}
	}
	clear(c.textStops)
	clear(c.textUnshared)
}

// Predicative reports whether the texts use a term as an adjective or a
// verb rather than a noun: at least minPredicative of its occurrences
// follow a predicative cue, more than twice as many as follow a
// determiner ("cheap", "delicious", "recommend"; not "food", "service").
func (c *Counter) Predicative(term string) bool {
	u := c.uses[term]
	tc := c.terms[term]
	if u == nil || tc == nil {
		return false
	}
	return u.pred >= 2 && u.pred > 2*u.det && float64(u.pred) >= minPredicative*float64(tc.Count)
}

// minPredicative is the least share of a term's occurrences after a
// predicative cue for it to be taken as an adjective or a verb.
const minPredicative = 0.1

var (
	stopLangOnce sync.Once
	stopLangs    map[string][]string
)

// stopLanguages returns the languages of which word is a stop word.
func stopLanguages(word string) []string {
	stopLangOnce.Do(func() {
		stopOnce.Do(loadStopWords)
		stopLangs = map[string][]string{}
		for l, set := range stopLists {
			for w := range set {
				stopLangs[w] = append(stopLangs[w], l)
			}
		}
	})
	return stopLangs[word]
}

// presentShare is the least share of a column's words that a language's
// stop words must make for the language to be present in it.
const presentShare = 0.05

// presentLanguages returns the languages other than lang present in the
// texts counted: their stop words make at least presentShare of its words
// (see functionWord), in the order of their keys.
func (c *Counter) presentLanguages(lang string) []string {
	own := langKey(lang)
	var out []string
	for l := range c.stopHits {
		if l != own && c.present(l) {
			out = append(out, l)
		}
	}
	slices.Sort(out)
	return out
}

// functionWord reports whether term is a stop word of a language present
// in the texts counted (a mixed column has several) or of lang.
func (c *Counter) functionWord(term, lang string) bool {
	for _, l := range stopLanguages(term) {
		if l == langKey(lang) || c.present(l) {
			return true
		}
	}
	return false
}

// present reports whether language l (a key) is present in the texts
// counted: its stop words make at least presentShare of their words.
func (c *Counter) present(l string) bool {
	return float64(c.stopHits[l]) >= presentShare*float64(c.words)
}

// fullerFunctionWord reports whether a word is in the fuller
// function-word list (language.FunctionWords: stopwords-iso) of the
// column's language key and the texts do not use it as a noun
// (usedAsNoun). Those lists also hold nouns texts talk about ("lugar",
// "tiempo", "zeit"), which only their use tells apart: so they apply only
// where the column's language has determiner cues, and only for that
// language (the uses are counted with its cues; other languages present
// keep their stop words). Such a word titles no topic; unlike a stop word,
// it stays a term and may join one (see noTitles). A word is listed also
// when the list holds it without its accents (French "deja" for "déjà").
func (c *Counter) fullerFunctionWord(word, key string) bool {
	if cuesOf(key) == nil {
		return false
	}
	set := functionSet(key)
	_, listed := set[word]
	if !listed {
		_, listed = set[language.Bare(word)]
	}
	return listed && !c.usedAsNoun(word)
}

// noTitles returns the candidates that title no topic: those with a word
// that is a fuller function word of the column's language
// (fullerFunctionWord), and the one-word ones that function tells are
// rule words (Lexicon.Function; nil: none), nil when there are none.
func noTitles(cands []Candidate, counter *Counter, lang string, function func(string) bool) map[string]bool {
	key := langKey(lang)
	var out map[string]bool
	for _, c := range cands {
		link := linkWord(c.Term) // "de" of "mot de passe" titles it
		for _, w := range strings.Fields(c.Term) {
			if w != link && (counter.fullerFunctionWord(w, key) || function != nil && w == c.Term && function(w)) {
				if out == nil {
					out = map[string]bool{}
				}
				out[c.Term] = true
				break
			}
		}
	}
	return out
}

// usedAsNoun reports whether the texts use a term as a noun: at least
// minPredicative of its occurrences follow a determiner or possessive
// ("the room", "de weg", "el tiempo") or an adjective known by its ending
// ("уютное место"), at least 2 and more than follow a predicative cue
// (the mirror of Predicative).
func (c *Counter) usedAsNoun(term string) bool {
	u := c.uses[term]
	tc := c.terms[term]
	if u == nil || tc == nil {
		return false
	}
	n := u.det + u.attr
	return n >= 2 && n > u.pred && float64(n) >= minPredicative*float64(tc.Count)
}

// aspectTest returns the test of whether a candidate term may title or
// join a topic: no word of it is a function word of a language present,
// and it is not an opinion word (lex.Opinion) nor used as an adjective or
// a verb (Predicative). A phrase is judged by its last word (its head);
// its first may be an opinion or predicative word only when most of that
// word's occurrences are in the phrase ("hard drive", not "good food").
func aspectTest(counter *Counter, lex Lexicon, lang string) func(term string) bool {
	boiler := counter.boilerplate(lang)
	word := func(w string) bool {
		return !boiler[w] && !counter.functionWord(w, lang) && !counter.Predicative(w) &&
			(lex.Opinion == nil || !lex.Opinion(w))
	}
	links := linksOf(lang)
	return func(term string) bool {
		if strings.ContainsAny(term, ".@") {
			return false // a host, an address or a file name
		}
		if !strings.Contains(term, " ") {
			return word(term)
		}
		first, last, phrase := phraseEnds(term)
		mid := linkWord(term)
		if !phrase || (mid != "" && !links.is(mid)) || !word(last) || counter.functionWord(first, lang) {
			return false // "hard disk drive" is three terms, not two linked
		}
		if word(first) {
			return true
		}
		if mid != "" {
			return false // "impossible de changer": linked, both ends are aspects' words
		}
		n := counter.Count(first).Count
		return n > 0 && 2*counter.bigram(term) >= n
	}
}

// keepAspects returns the candidates that pass aspectTest, in order.
func keepAspects(cands []Candidate, isAspect func(string) bool) []Candidate {
	out := cands[:0:0]
	for _, c := range cands {
		if isAspect(c.Term) {
			out = append(out, c)
		}
	}
	return out
}

// contextFeatures returns the n context words (Features) and those of
// them that say how texts feel (opinion words: kinOnly). The others are
// topical: what is done with an aspect tells its kin (waiter, staff and
// service are "asked", "brought", "took"; dishes "ordered", "tried"). Opinion words never join a member to its topic
// ("dirty" or "great" join anything), but what an aspect is said to be
// tells its kind, so they count in the likeness of topics when they are
// grouped: staff and service are "friendly" and "rude", prices "cheap",
// decor and atmosphere "cozy" (see Vectors.kin).
func contextFeatures(counter *Counter, n int, lex Lexicon) (feats []string, kinOnly map[string]bool) {
	feats = Features(counter, n)
	kinOnly = map[string]bool{}
	for _, f := range feats {
		if lex.Opinion != nil && lex.Opinion(f) {
			kinOnly[f] = true
		}
	}
	return feats, kinOnly
}
