package analysis

import (
	"strings"
	"unicode/utf8"

	"explorer/language"
)

// Inflections of the texts. Russian, Turkish, Finnish and Hungarian nouns
// take case endings ("официанта", "официанту"; "garsona", "garsonlar",
// "garsonumuz"), so one aspect is many words, each too rare to be among
// the terms whose contexts are counted (joinInflections joins only
// those): a text naming the aspect in another case fell in no topic. In
// those languages a word of the texts that inflects the one-word title of
// a topic joins that topic (joinTextInflections): the Snowball stem of
// the one begins the other's, and the word begins with the title, with
// its stem, with the title less a last vowel ("блюдо": "блюда") or, in
// Turkish, with its last consonant softened ("kebap": "kebabı", "tabak":
// "tabağı"), each also in its plain form (plainForm: "kebabi"). The
// beginning keeps apart the words the stemmer cuts to one stem ("ortam"
// and "ortada", ambience and in the middle: both "orta").
// In feedback only: a review sentence names its aspect once, in one case,
// while a description's topics are measured by how their terms meet in
// the texts (member fit, NPMI), and two cases of one word never meet:
// Debian's Russian descriptions fell from 0.105 to −0.561 with them.
// Made Turkish reviews (twenty-third round): 62 → 66 % of the texts in a
// topic, made Russian ones (feedback) 66 → 69 %. English, French and the
// others are left as they were: their nouns have few forms, among the
// counted terms.
var caseInflected = map[string]bool{"ru": true, "tr": true, "fi": true, "hu": true}

// lastVowels are the letters a case ending replaces at a word's end.
const lastVowels = "aeiouyäöüıаеёиоуыэюяйь"

// softened are Turkish's last consonants and what they become before a
// vowel ending.
var softened = map[rune]string{'p': "b", 'ç': "c", 't': "d", 'k': "ğg"}

// inflectionBases returns the beginnings a word inflecting term starts
// with, in language key: the term, its stem (stemOf; nil: not the stem)
// when it begins the term and is longer than minHead letters
// ("garsonlar": "garson", for "garsona"), the term less a last vowel, and
// in Turkish the term with its last consonant softened.
func inflectionBases(term, key string, stemOf func(string) string) []string {
	out := []string{term}
	if stemOf != nil {
		if st := stemOf(term); st != term && strings.HasPrefix(term, st) && utf8.RuneCountInString(st) > minHead {
			out = append(out, st)
		}
	}
	last, size := utf8.DecodeLastRuneInString(term)
	stem := term[:len(term)-size]
	if strings.ContainsRune(lastVowels, last) {
		out = append(out, stem)
	}
	if key == "tr" {
		for _, r := range softened[last] {
			out = append(out, stem+string(r))
		}
	}
	return out
}

// joinTextInflections adds to each topic the words of the texts (cw, nil:
// none; only in a language in caseInflected) that inflect its title, of
// one word of at least minHead letters (see caseInflected), may be
// aspects and are no term of any topic yet. The words come after the
// topic's terms, in most texts first, maxCompounds at most. Only the
// title: the members may be the title's kin, whose inflections are other
// words, and a beginning shorter than minHead letters ("bil" of "bile")
// begins unrelated words. A word of a kind (kindOf, nil: none) joins only
// a title of that kind: "ortam" (ambience) begins with "orta" (the
// middle), "tavanlar" (ceilings) with "tava" (a pan dish), and the listed
// "tatlılar" (desserts) stays out of "tatlı" (sweet, of no kind), for the
// food's group to take it (joinKinds).
func joinTextInflections(groups []TopicGroup, cw *textWords, kindOf func(string) string) {
	if cw == nil || !cw.inflections {
		return
	}
	l, _ := language.Get(cw.lang)
	stemOf := func(w string) string { return l.Stem(w) }
	heads, longest, at, used := inflectionHeads(groups, cw.lang, stemOf)
	found := map[[2]int][]TermCount{}
	for word, w := range cw.words {
		if used[word] || !w.aspect {
			continue
		}
		if title, ok := inflected(word, cw.lang, heads, longest, stemOf); ok && sameKindOf(kindOf, word, title) {
			found[at[title]] = append(found[at[title]], TermCount{Term: word, Docs: int(w.docs)})
		}
	}
	for k, cs := range found {
		appendMostTexts(&groups[k[0]].Topics[k[1]], cs)
	}
}

// sameKindOf reports whether word may join title by their kinds (kindOf,
// nil: every word may): word has none or title's.
func sameKindOf(kindOf func(string) string, word, title string) bool {
	if kindOf == nil {
		return true
	}
	k := kindOf(word)
	return k == "" || k == kindOf(title)
}

// head is a beginning of the words that may inflect a title: the title,
// and whether the beginning is the whole title (in either typing).
type head struct {
	title string
	whole bool
}

// inflectionHeads returns the beginnings of the words that may inflect the
// titles of groups (inflectionBases, in both typings, of at least minHead
// letters) with the title each begins, the longest of them in bytes, the
// topic of each title (group, topic) and the terms the topics hold.
func inflectionHeads(groups []TopicGroup, key string, stemOf func(string) string) (heads map[string]head, longest int, at map[string][2]int, used map[string]bool) {
	heads, at, used = map[string]head{}, map[string][2]int{}, map[string]bool{}
	for g := range groups {
		for t, topic := range groups[g].Topics {
			for _, term := range topic.Terms {
				used[term] = true
			}
			title := topic.Title
			if strings.Contains(title, " ") || utf8.RuneCountInString(title) < minHead {
				continue
			}
			at[title] = [2]int{g, t}
			longest = max(longest, addHeads(heads, title, key, inflectionBases(title, key, stemOf)))
		}
	}
	return heads, longest, at, used
}

// addHeads adds to heads the beginnings of the words that may inflect
// title (bases: inflectionBases, the title first), in both typings, of at
// least minHead letters, where heads has none yet; it returns the longest
// in bytes.
func addHeads(heads map[string]head, title, key string, bases []string) (longest int) {
	for i, b := range bases {
		for _, form := range []string{b, plainForm(b, key)} {
			if _, ok := heads[form]; !ok && utf8.RuneCountInString(form) >= minHead {
				heads[form] = head{title, i == 0}
				longest = max(longest, len(form))
			}
		}
	}
	return longest
}

// inflected returns the title word, in language key, inflects: the one
// whose beginning (heads, of at most longest bytes) is the longest
// beginning of word, when the two have one Snowball stem or the shorter
// stem begins the other (Turkish's stemmer takes "garsonlar" to "garson"
// but "garsona" to "garso"), that stem of at least minHead letters unless
// the word begins with the whole title ("masa", stem "mas": "masalar"),
// the stems compared in their plain forms (plain: "köfteler" and
// "kofteler" typed without Turkish letters).
func inflected(word, key string, heads map[string]head, longest int, stemOf func(string) string) (string, bool) {
	i := len(word)
	for i > longest {
		_, size := utf8.DecodeLastRuneInString(word[:i])
		i -= size
	}
	for i > 0 {
		if h, ok := heads[word[:i]]; ok {
			a, b := plain(stemOf(h.title), key), plain(stemOf(word), key)
			if len(b) < len(a) {
				a, b = b, a
			}
			return h.title, a == b || (h.whole || utf8.RuneCountInString(a) >= minHead) && strings.HasPrefix(b, a)
		}
		_, size := utf8.DecodeLastRuneInString(word[:i])
		i -= size
	}
	return "", false
}
