package tonality

import (
	"math"
)

// Tuned weights (README.md says on what).
var (
	alpha         = 15.0 / 16 // VADER's normalisation constant, valences in [-1, 1]
	negScale      = -0.74     // VADER's negation factor
	negScope      = 3         // words after a negator in its scope
	intensFactor  = 1.3       // an intensifier's factor
	dimFactor     = 0.6       // a diminisher's factor
	capsFactor    = 1.25      // a word in capitals in a text not all in capitals
	exclaimStep   = 0.073     // VADER's 0.292 per '!' (at most 4), on [-1, 1]
	butWeight     = 1.5       // a clause after "but"; the ones before it weigh butBefore
	butBefore     = 0.5
	thoughWeight  = 0.5  // a clause starting with "although"
	splitCommas   = true // every comma ends a clause (not only one before a conjunction)
	negBare       = -0.3 // a negation of no opinion word ("didn't work", "not seated")
	tooBare       = -0.3 // "too" before a word without valence ("too long")
	phraseNegEnds = true // a negator inside a phrase negates nothing after it
	unrealFlips   = true // a positive word after a wish is a fault
	unrealScope   = 4    // words after a wish's first word in its scope
	midSplit      = true // a concessive inside a clause, before a word, starts one ("nice though service is slow")
	waitVal       = -0.4 // a long wait ("we waited 40 minutes", "it took an hour"), as "long wait"
	waitMinutes   = 15   // the fewest minutes of a long wait
)

// clauseStart is a clause being built: its first token and how it began.
type clauseStart struct {
	first, last int // token indexes, inclusive
	sentence    int
	weight      float64
	compares    bool // starts with a comparison marker ("than")
}

// segment splits tokens into clauses.
func (a *Analyzer) segment(toks []token, out []clauseStart) []clauseStart {
	out = out[:0]
	sentence, cur := 0, clauseStart{first: -1, weight: 1}
	flush := func(last int) {
		if cur.first >= 0 {
			cur.last = last
			out = append(out, cur)
		}
		cur = clauseStart{first: -1, weight: 1, sentence: sentence}
	}
	for i, t := range toks {
		if t.kind == kWord && cur.first >= 0 {
			prevComma := toks[i-1].kind == kComma
			switch {
			case t.has(fBut):
				flush(i - 1)
				cur.weight = butWeight
				for j := len(out) - 1; j >= 0 && out[j].sentence == sentence; j-- {
					out[j].weight = butBefore
				}
			case t.has(fThough) && (prevComma || cur.first == i || midSplit && nextWord(toks, i) == i+1):
				flush(i - 1)
				cur.weight = thoughWeight
			case t.has(fThan) && !(toks[i-1].kind == kWord && toks[i-1].has(fMuchThan)):
				flush(i - 1)
				cur.compares = true
			case prevComma && (splitCommas || t.has(fConj)):
				flush(i - 1)
			}
		}
		if cur.first < 0 {
			if t.kind == kStop || t.kind == kExclaim || t.kind == kSemi || t.kind == kComma || t.kind == kDash {
				if len(out) > 0 && out[len(out)-1].last == i-1 {
					out[len(out)-1].last = i // trailing punctuation joins the clause before
				}
				if t.kind == kStop || t.kind == kExclaim {
					sentence++
					cur.sentence = sentence
				}
				continue
			}
			cur.first = i
			if t.kind == kWord && t.has(fThough) {
				cur.weight = thoughWeight
			}
		}
		switch t.kind {
		case kStop, kExclaim:
			flush(i)
			sentence++
			cur.sentence = sentence
		case kSemi, kDash:
			flush(i)
		}
	}
	flush(len(toks) - 1)
	return out
}

// has reports whether the token is a word with one of the flags f.
func (t *token) has(f uint32) bool {
	return t.info != nil && t.info.flags&f != 0
}

// normalize maps a sum of valences into (-1, 1) as VADER does.
func normalize(x float64) float64 {
	return x / math.Sqrt(x*x+alpha)
}
