package main

import (
	"fmt"
	"os"
	"slices"
	"strings"

	"explorer/poles"
	"explorer/tonality"
)

// tally sums the top 10 slots of some probes.
type tally struct {
	poles, slots, acceptable, opposite, unjudged int
}

func (t *tally) add(o tally) {
	t.poles += o.poles
	t.slots += o.slots
	t.acceptable += o.acceptable
	t.opposite += o.opposite
	t.unjudged += o.unjudged
}

// score judges the top 10 of list for p: acceptable words by the
// judgements (an unjudged word counts as not acceptable and is returned
// as a line to judge), opposite-polarity words by the tonality lexicon of
// the language (the one the server filters with, without an account's
// corrections).
func score(p probe, list []string, judged judgements) (tally, []string) {
	t := tally{poles: 1, slots: 10}
	var unjudged []string
	a, hasLexicon := tonality.For(p.lang)
	pole := 0
	if hasLexicon {
		var parts []poles.PolePart
		for _, term := range p.terms {
			parts = append(parts, poles.PolePart{Term: term, Weight: 1})
		}
		pole = poles.PolePolarity(a, parts)
	}
	for _, w := range list[:min(10, len(list))] {
		ok, seen := judged.verdict(p, w)
		switch {
		case !seen:
			t.unjudged++
			unjudged = append(unjudged, p.key()+"\t"+w+"\t?")
		case ok:
			t.acceptable++
		}
		if pole != 0 && poles.TermPolarity(a, w) == -pole {
			t.opposite++
		}
	}
	return t, unjudged
}

// precisionTable prints strict precision at 10 and opposite-polarity
// words per 100 slots by language and pole size, and answers the lines
// not judged yet.
func precisionTable(title string, probes []probe, lists [][]string, judged judgements) []string {
	fmt.Printf("Precision at 10 on the judged probes, %s (an unjudged word counts as not acceptable; fewer than 10 suggestions count the empty slots as not acceptable). Opposite polarity: a top-10 word whose tonality-lexicon polarity is the opposite of the pole's (the lexicon the server filters with, so a floor: a person's judgement is the acceptance).\n\n", title)
	fmt.Println("| language | poles | terms a pole | P@10 | opposite-polarity per 100 slots | unjudged words |")
	fmt.Println("|---|---|---|---|---|---|")
	var unjudged []string
	var other tally
	for _, l := range languages(probes) {
		for _, multi := range []bool{false, true} {
			var t tally
			for i, p := range probes {
				if p.lang != l || p.multi() != multi {
					continue
				}
				s, u := score(p, lists[i], judged)
				t.add(s)
				unjudged = append(unjudged, u...)
			}
			if t.poles == 0 {
				continue
			}
			if l != "EN" {
				other.add(t)
			}
			printTally(l, map[bool]string{false: "1", true: "3"}[multi], t)
		}
	}
	if other.poles > 0 {
		printTally("the 8 others", "1 and 3", other)
	}
	fmt.Println()
	if len(unjudged) > 0 {
		fmt.Printf("Not judged (counted as not acceptable): %s\n\n", strings.Join(unjudgedWords(unjudged), "; "))
	}
	return unjudged
}

func printTally(lang, size string, t tally) {
	fmt.Printf("| %s | %d | %s | %.2f | %.1f | %d |\n", lang, t.poles, size,
		float64(t.acceptable)/float64(t.slots), 100*float64(t.opposite)/float64(t.slots), t.unjudged)
}

// unjudgedWords shortens lines to judge to "LANG pole: term".
func unjudgedWords(lines []string) []string {
	out := make([]string, len(lines))
	for i, l := range lines {
		f := strings.Split(l, "\t")
		out[i] = fmt.Sprintf("%s {%s}: %s", f[0], f[1], f[2])
	}
	return out
}

// dumpUnjudged writes the lines to judge to path (none: nothing).
func dumpUnjudged(path string, lines []string) error {
	if path == "" || len(lines) == 0 {
		return nil
	}
	slices.Sort(lines)
	lines = slices.Compact(lines)
	return os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o644)
}

// declineTable declines the first 3 suggestions of a new pole of each
// probe and prints, by language, the most places a word of the other
// top-20 words fell (its rank among the words not declined, before and
// after), and the words that left the list (the declined words'
// inflections and spelling variants are meant to).
func declineTable(cl *client, probes []probe) error {
	fmt.Println("Decline side effect: the first 3 suggestions of each probe declined (POST /v1/poles/{id}/rejections); for each other top-20 word, its rank among the words not declined before and after (asked with limit=100).")
	fmt.Println()
	fmt.Println("| language | poles | most places a word fell | that word | words gone from the list |")
	fmt.Println("|---|---|---|---|---|")
	for _, l := range languages(probes) {
		worst, worstWord := 0, "–"
		var gone []string
		n := 0
		for _, p := range probes {
			if p.lang != l {
				continue
			}
			n++
			fell, word, g, err := declineOne(cl, p)
			if err != nil {
				return err
			}
			if fell > worst {
				worst, worstWord = fell, fmt.Sprintf("%s (pole {%s})", word, strings.Join(p.terms, ", "))
			}
			gone = append(gone, g...)
		}
		fmt.Printf("| %s | %d | %d | %s | %s |\n", l, n, worst, worstWord, strings.Join(gone, ", "))
	}
	fmt.Println()
	return nil
}

// declineOne declines the first 3 of p's top 20 on a new pole and answers
// the most places another top-20 word fell, that word, and the words that
// left the first 100.
func declineOne(cl *client, p probe) (int, string, []string, error) {
	id, err := newPole(cl, "admin", p)
	if err != nil {
		return 0, "", nil, err
	}
	before, err := suggestions(cl, "admin", id, 20)
	if err != nil || len(before) < 4 {
		return 0, "", nil, err
	}
	body := map[string]any{"terms": before[:3]}
	if err := cl.do("POST", fmt.Sprintf("/v1/poles/%d/rejections", id), body, nil); err != nil {
		return 0, "", nil, err
	}
	after, err := suggestions(cl, "admin", id, 100)
	if err != nil {
		return 0, "", nil, err
	}
	worst, word := 0, ""
	var gone []string
	for i, w := range before[3:] {
		j := slices.Index(after, w)
		if j < 0 {
			gone = append(gone, fmt.Sprintf("%s (declined %s)", w, strings.Join(before[:3], "/")))
			continue
		}
		if j-i > worst {
			worst, word = j-i, w
		}
	}
	return worst, word, gone, nil
}

// printLists prints each probe's top 10, each word marked + (acceptable),
// - (not) or ? (not judged): the -quick mode's view for tuning.
func printLists(probes []probe, lists [][]string, judged judgements) {
	for i, p := range probes {
		var marked []string
		for _, w := range lists[i][:min(10, len(lists[i]))] {
			ok, seen := judged.verdict(p, w)
			mark := map[bool]string{true: "+", false: "-"}[ok]
			if !seen {
				mark = "?"
			}
			marked = append(marked, w+" "+mark)
		}
		fmt.Printf("- %s {%s}: %s\n", p.lang, strings.Join(p.terms, ", "), strings.Join(marked, ", "))
	}
	fmt.Println()
}
