package tonality

import (
	"math"
	"strconv"
	"unicode"

	"sync"
)

// Analyze scores a text of any length and script; the work is linear in
// the text's length.
func (a *Analyzer) Analyze(text string) Text {
	buf := bufPool.Get().(*buffers)
	defer bufPool.Put(buf)
	buf.toks = tokenize(text, a.tab, buf.toks)
	toks := buf.toks
	t := Text{size: len(text)}
	caps := allCaps(toks)
	buf.clauses = a.segment(toks, buf.clauses)
	clauses := buf.clauses
	t.Clauses = make([]Clause, 0, len(clauses))
	t.info = make([]clauseInfo, 0, len(clauses))
	for ci, c := range clauses {
		sum, n, learned := a.scoreClause(toks[c.first:c.last+1], caps, &t)
		info := clauseInfo{sentence: c.sentence, opinions: n > 0, learned: n > 0 && learned == n, weight: c.weight}
		score := normalize(sum)
		if n == 0 && c.compares && ci > 0 && clauses[ci-1].sentence == c.sentence &&
			a.hasComparative(toks[clauses[ci-1].first:clauses[ci-1].last+1]) {
			score = -t.Clauses[ci-1].Score // "better than X": X is worse
			info.opinions = score != 0
		}
		t.Clauses = append(t.Clauses, Clause{Start: toks[c.first].start, End: toks[c.last].end, Score: score})
		t.info = append(t.info, info)
	}
	// The clauses with lexicon opinions; when there are none, those with
	// learned words (Adapt).
	for _, learned := range []bool{false, true} {
		sum, w := 0.0, 0.0
		for i, c := range t.Clauses {
			if t.info[i].opinions && (learned || !t.info[i].learned) {
				sum += t.info[i].weight * c.Score
				w += t.info[i].weight
			}
		}
		if w > 0 {
			t.Score = sum / w
			break
		}
	}
	t.Label = LabelOf(t.Score)
	return t
}

// allCaps reports whether the text's words are all in capitals (then
// capitals are no emphasis).
func allCaps(toks []token) bool {
	for _, t := range toks {
		if t.kind == kWord && !t.caps {
			return false
		}
	}
	return true
}

// hasComparative reports whether a clause holds a comparative.
func (a *Analyzer) hasComparative(toks []token) bool {
	for _, t := range toks {
		if t.kind == kWord && t.has(fCompar) {
			return true
		}
	}
	return false
}

// scoreClause adds a clause's opinions and negated words to t and returns
// the sum of its valences, the number of its opinions and how many of them
// are learned words (Adapt).
func (a *Analyzer) scoreClause(toks []token, caps bool, t *Text) (sum float64, n, learned int) {
	scope, exclaims, unreal := 0, 0, 0
	bare := -1 // the token index of a negator whose scope has no opinion yet
	closeBare := func() {
		if bare >= 0 && negBare != 0 {
			t.Opinions = append(t.Opinions, Opinion{Start: toks[bare].start, End: toks[bare].end, Polarity: negBare})
			sum += negBare
			n++
		}
		bare = -1
	}
	firstWord, skip := true, -1
	lastOp, lastTok := -1, -1 // the last word opinion not negated, for fNegAfter
	waits := -1               // the clause's waiting words, counted at its first time word
	for i, tok := range toks {
		if i <= skip {
			continue
		}
		switch tok.kind {
		case kExclaim:
			exclaims++
			continue
		case kEmoji:
			t.Opinions = append(t.Opinions, Opinion{Start: tok.start, End: tok.end, Polarity: tok.val})
			sum += tok.val
			n++
			continue
		case kWord:
		default:
			continue
		}
		clauseStart := firstWord
		firstWord = false
		if p, last, ok := match(toks, i, clauseStart); ok {
			skip = last
			negated, inner := scope > 0, false
			for j := i; j <= last; j++ { // the scopes of negators before and in it
				switch {
				case toks[j].kind != kWord:
				case toks[j].has(fNeg):
					scope, inner = negScope, true
				case scope > 0:
					scope--
					t.negated = append(t.negated, span{toks[j].start, toks[j].end})
				}
			}
			if inner && phraseNegEnds {
				scope = 0 // the phrase's negator is spent ("for no reason without warning")
			}
			if p.val == 0 {
				continue
			}
			v := p.val * modifiers(toks, i)
			if negated {
				v *= negScale
			}
			bare = -1
			t.Opinions = append(t.Opinions, Opinion{Start: tok.start, End: toks[last].end, Polarity: clamp(v)})
			sum += clamp(v)
			n++
			continue
		}
		if unreal > 0 {
			unreal--
		}
		if tok.has(fWish|fWishFirst) && startsWish(toks, i) {
			unreal = unrealScope + 1 // this word and the next unrealScope
		}
		if tok.has(fThan) && i > 0 && toks[i-1].kind == kWord && toks[i-1].has(fLessThan) {
			closeBare()
			scope = negScope // "less than comfortable"; no fault by itself ("less than $10")
			continue
		}
		if tok.has(fNegAfter) {
			// A negator after what it negates ("अच्छा नहीं", "좋지 않다"): the
			// opinion word among the 2 words before it, else a bare negator.
			closeBare()
			if lastOp >= 0 && wordsBetween(toks, lastTok, i) <= 1 {
				o := &t.Opinions[lastOp]
				sum -= o.Polarity
				o.Polarity *= negScale
				sum += o.Polarity
				t.negated = append(t.negated, span{toks[lastTok].start, toks[lastTok].end})
				lastOp = -1
			} else {
				bare = i
			}
			continue
		}
		if tok.has(fNeg) {
			closeBare()
			scope, bare = negScope, i
			if next := nextWord(toks, i); next >= 0 && toks[next].has(fNotOnly) {
				scope, bare = 0, -1
			}
			continue
		}
		negated := scope > 0
		if negated {
			scope--
			t.negated = append(t.negated, span{tok.start, tok.end})
		}
		v, ok, weak := opinion(toks, i, caps, negated)
		if tok.has(fLong | fHours | fMinutes) {
			if waits < 0 {
				waits = waitWords(toks) // once a clause: "an hour an hour ..." stays linear
			}
			if longWait(toks, i, waits > 1 || waits == 1 && !tok.has(fWait)) {
				v, ok, weak = waitVal, true, false // "we waited 40 minutes", "it took an hour"
				if negated {
					v *= negScale
				}
			}
		}
		if i > 0 && toks[i-1].kind == kWord && toks[i-1].has(fToo) && !negated {
			switch {
			case ok && v > 0:
				v, weak = v*negScale, false // "too sweet"
			case !ok && tooBare != 0 && a.plainWord(&toks[i]):
				v, ok, weak = tooBare, true, false // "too long"
			}
		}
		if ok && v > 0 && unreal > 0 && !negated && unrealFlips {
			v = v * negScale // "could be faster", "wish it had a good webcam"
		}
		if !ok {
			continue
		}
		if weak {
			learned++
		}
		if negated {
			bare = -1
		} else {
			lastOp, lastTok = len(t.Opinions), i
		}
		t.Opinions = append(t.Opinions, Opinion{Start: tok.start, End: tok.end, Polarity: v})
		sum += v
		n++
	}
	closeBare()
	if n > 0 && exclaims > 0 {
		sum += math.Copysign(exclaimStep*float64(min(exclaims, 4)), sum)
	}
	return sum, n, learned
}

// opinion returns the polarity of the word toks[i] after its modifiers,
// emphasis and negation; ok is false when it is no opinion word, learned
// true when its polarity was learned (Adapt).
func opinion(toks []token, i int, caps, negated bool) (v float64, ok, learned bool) {
	in := toks[i].info
	if in == nil || in.flags&(fIntens|fDim) != 0 {
		return 0, false, false
	}
	v, ok, learned = in.valence()
	if !ok {
		return 0, false, false
	}
	v *= modifiers(toks, i)
	if toks[i].caps && !caps {
		v *= capsFactor
	}
	if negated {
		v *= negScale
	}
	return clamp(v), true, learned
}

// nextWord returns the index of the word after toks[i], -1 when none.
func nextWord(toks []token, i int) int {
	for j := i + 1; j < len(toks); j++ {
		if toks[j].kind == kWord {
			return j
		}
	}
	return -1
}

// modifiers returns the factor of the intensifiers and diminishers among
// the three words before toks[i].
func modifiers(toks []token, i int) float64 {
	f, seen := 1.0, 0
	for j := i - 1; j >= 0 && seen < 3; j-- {
		if toks[j].kind != kWord {
			continue
		}
		seen++
		switch {
		case toks[j].has(fIntens):
			f *= 1 + (intensFactor-1)*(1-0.05*float64(seen-1))
		case toks[j].has(fDim):
			f *= dimFactor
		}
	}
	return f
}

// plainWord reports whether word token t is a word of letters that is
// no stop word and no rule word.
func (a *Analyzer) plainWord(t *token) bool {
	for _, c := range t.w {
		if !unicode.IsLetter(c) && c != '\'' && c != '-' {
			return false
		}
	}
	return !t.has(fRule | fToo | fNeg | fNegAfter | fStop)
}

// startsWish reports whether a wish starts at word toks[i] ("wish",
// "could be"): the positive words after it are missing qualities.
func startsWish(toks []token, i int) bool {
	if toks[i].has(fWish) {
		return true
	}
	if j := i + 1; j < len(toks) && toks[j].kind == kWord {
		for _, w := range toks[i].info.wishNext {
			if toks[j].w == w {
				return true
			}
		}
	}
	return false
}

// buffers are the scratch slices of an analysis.
type buffers struct {
	toks    []token
	clauses []clauseStart
}

var bufPool = sync.Pool{New: func() any { return new(buffers) }}

// wordsBetween counts the word tokens strictly between toks[i] and toks[j].
func wordsBetween(toks []token, i, j int) int {
	n := 0
	for k := i + 1; k < j; k++ {
		if toks[k].kind == kWord {
			n++
		}
	}
	return n
}

// longWait reports whether time word toks[i] of a clause is a long wait:
// a time long by itself ("forever"), hours after a count ("an hour", "2
// hours") or minutes after a count of at least waitMinutes ("40 minutes",
// "forty-five minutes"), in a clause holding a waiting word ("waited",
// "took", "after") other than toks[i]: waiting tells that.
func longWait(toks []token, i int, waiting bool) bool {
	if !waiting {
		return false
	}
	if toks[i].has(fLong) {
		return true
	}
	j := i - 1
	for j >= 0 && toks[j].kind == kOther {
		j-- // "40-minute", "30+ minutes"
	}
	if j < 0 || toks[j].kind != kWord {
		return false
	}
	n, err := strconv.Atoi(toks[j].w)
	if toks[i].has(fHours) {
		return err == nil && n > 0 || toks[j].has(fCount|fFew)
	}
	return err == nil && n >= waitMinutes || toks[j].has(fCount)
}

// waitWords counts the waiting words of a clause.
func waitWords(toks []token) int {
	n := 0
	for k := range toks {
		if toks[k].kind == kWord && toks[k].has(fWait) {
			n++
		}
	}
	return n
}
