package wordspace

import (
	"cmp"
	"slices"

	"explorer/wordspace/lexicon"
)

// The common sense of a word in a thesaurus (issue 33, round langs11).
// A thesaurus lists a word in synsets of all its senses, with nothing
// that says which is common: no frequencies, and outside English no sense
// order that follows use. What it does hold is who lists whom: a MyThes
// entry is a headword and its senses in order, and a synset is one such
// sense line (lexicon.Thesaurus.Add keeps the headword first). A synset
// of word w is of w's common sense when its other words list w back in
// their own entries, early: the fewer of them that do, and the later the
// sense in which they do, the more the synset is a sense w only lends to
// another word (cher in the entry of précieux, with pédant and snob;
// Lieferung in the entries of Posten and Charge). sharedWeight weighs a
// shared synset by that reciprocity, so that in graphLists a synonym of
// the common sense comes before one that shares as many synsets of a
// sense lent out.

// listing is one entry that lists a word: its headword and the place of
// the sense (0 the first) in the headword's entry.
type listing struct {
	head, place int32
}

// listedBy returns, for each word, the entries that list it, sorted by
// headword (then place): the thesaurus's sense lines, whose headword is
// their first word and those of one entry consecutive, in its order.
func listedBy(t *lexicon.Thesaurus) [][]listing {
	out := make([][]listing, t.Len())
	prev, place := int32(-1), int32(0)
	for _, l := range t.SenseLines() {
		if l.Head == prev {
			place++
		} else {
			prev, place = l.Head, 0
		}
		for _, x := range t.SynsetIDs(int(l.Synset)) {
			if x != l.Head {
				out[x] = append(out[x], listing{head: l.Head, place: place})
			}
		}
	}
	for _, l := range out {
		slices.SortFunc(l, func(a, b listing) int {
			return cmp.Or(cmp.Compare(a.head, b.head), cmp.Compare(a.place, b.place))
		})
	}
	return out
}

// listsBack is how early word m's entry lists word w: 1/(1+place) of the
// first of its senses that holds w, 0 when none does.
func listsBack(back [][]listing, m, w int32) float64 {
	l := back[w]
	i, ok := slices.BinarySearchFunc(l, m, func(x listing, h int32) int { return cmp.Compare(x.head, h) })
	if !ok {
		return 0
	}
	return 1 / float64(1+l[i].place)
}

// sharedWeight is what synset si adds to the score of each other word of
// it in word w's list: sharedUnit × (1 + senseBackWeight × r), r the mean
// over its other words of listsBack (the synset's reciprocity). Each word
// read spends one of work (a budget of its own per word, as large as
// add's), so a very long line costs no more than others: past it the
// synset weighs as one nobody lists back.
func sharedWeight(t *lexicon.Thesaurus, back [][]listing, w, si int32, work *int) int32 {
	ids := t.SynsetIDs(int(si))
	r, n := 0.0, 0
	for _, m := range ids {
		if *work <= 0 {
			break
		}
		*work--
		if m != w {
			r += listsBack(back, m, w)
			n++
		}
	}
	if n > 0 {
		r /= float64(n)
	}
	return int32(sharedUnit * (1 + senseBackWeight*r))
}
