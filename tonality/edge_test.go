package tonality

import (
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestOverrides(t *testing.T) {
	a := analyzer(t, "EN")
	text := "The new phone is sick."
	if s := a.Analyze(text).Score; s >= 0 {
		t.Fatalf("without override: %v, want negative", s)
	}
	b := a.WithOverrides(map[string]float64{"SICK": 1, "good": 0})
	if s := b.Analyze(text).Score; s <= 0 {
		t.Errorf("with override: %v, want positive", s)
	}
	if s := b.Analyze("The food was good.").Score; s != 0 {
		t.Errorf("good removed: %v, want 0", s)
	}
	if s := a.Analyze(text).Score; s >= 0 {
		t.Errorf("receiver changed: %v", s)
	}
}

func TestEmptyText(t *testing.T) {
	got := analyzer(t, "EN").Analyze("")
	if got.Score != 0 || got.Label != Neutral || len(got.Clauses) != 0 || len(got.Opinions) != 0 {
		t.Errorf("empty: %+v", got)
	}
	if _, ok := got.Mention([]int{0}); ok {
		t.Error("Mention in empty text: ok")
	}
	if _, ok := analyzer(t, "EN").Analyze("good").Mention(nil); ok {
		t.Error("Mention of no offsets: ok")
	}
	if _, ok := analyzer(t, "EN").Analyze("good").Mention([]int{99}); ok {
		t.Error("Mention outside the text: ok")
	}
}

func TestNegated(t *testing.T) {
	a := analyzer(t, "EN")
	text := "Never again, the staff was not friendly. The view was good."
	got := a.Analyze(text)
	for _, c := range []struct {
		word string
		want bool
	}{{"again", true}, {"friendly", true}, {"staff", false}, {"view", false}, {"good", false}} {
		if n := got.Negated(strings.Index(text, c.word)); n != c.want {
			t.Errorf("Negated(%q) = %v, want %v", c.word, n, c.want)
		}
	}
	nl := "Het eten was niet lekker."
	if !analyzer(t, "NL").Analyze(nl).Negated(strings.Index(nl, "lekker")) {
		t.Error("NL: lekker not negated")
	}
}

// checkShape checks the invariants of a Text of text.
func checkShape(t *testing.T, text string, got Text) {
	t.Helper()
	if got.Score < -1 || got.Score > 1 || got.Label != LabelOf(got.Score) {
		t.Errorf("score %v, label %v", got.Score, got.Label)
	}
	end := 0
	for _, c := range got.Clauses {
		if c.Start < end || c.End <= c.Start || c.End > len(text) || c.Score < -1 || c.Score > 1 {
			t.Fatalf("clause %+v after %d in %d bytes", c, end, len(text))
		}
		end = c.End
	}
	end = 0
	for _, o := range got.Opinions {
		if o.Start < end || o.End <= o.Start || o.End > len(text) || o.Polarity == 0 {
			t.Fatalf("opinion %+v after %d", o, end)
		}
		end = o.End
	}
}

func TestOddTexts(t *testing.T) {
	for _, c := range []struct{ lang, text string }{
		{"EN", "good \xff\xfe bad \xc3"},
		{"EN", "The food was great, но обслуживание ужасное 😍 食物很好"},
		{"RU", "Еда была отличная, but the service was slow"},
		{"AR", "الطعام ممتاز لكن الخدمة بطيئة"},
		{"EN", "!!!???... ,,, ;;; --"},
		{"EN", "GREAT FOOD!!! :) :-("},
	} {
		got := analyzer(t, c.lang).Analyze(c.text)
		checkShape(t, c.text, got)
	}
	if got := analyzer(t, "EN").Analyze("The food was great, но обслуживание ужасное"); got.Score <= 0 {
		t.Errorf("mixed scripts: %v, want positive from the English part", got.Score)
	}
	text := "good \xff\xfe bad"
	for _, o := range analyzer(t, "EN").Analyze(text).Opinions {
		if !utf8.ValidString(text[o.Start:o.End]) {
			t.Errorf("opinion %q is invalid UTF-8", text[o.Start:o.End])
		}
	}
}

// TestHugeText: a 1 MB text is analysed whole (its shape holds and its
// last mention is scored). Its cost per byte is BenchmarkAnalyzeHuge's,
// at 100 kB and 1 MB: a timing is no unit test's business.
func TestHugeText(t *testing.T) {
	a := analyzer(t, "EN")
	huge := strings.Repeat(hugeUnit, 1_000_000/len(hugeUnit))
	got := a.Analyze(huge)
	checkShape(t, huge, got)
	if s, ok := got.Mention([]int{len(huge) - len(hugeUnit) + 4}); !ok || s <= 0 {
		t.Errorf("last food: %v %v", s, ok)
	}
}

const hugeUnit = "The food was great but the service was painfully slow :( 😍 "

// BenchmarkAnalyzeHuge: ns per byte at 100 kB and 1 MB should match
// (Analyze is linear in the text), for the mixed review unit and for
// one clause of time words ("an hour an hour ...", where the long-wait
// rule once looked for a waiting word again at each time word).
func BenchmarkAnalyzeHuge(b *testing.B) {
	a := analyzer(b, "EN")
	for _, unit := range []struct{ name, text string }{{"review", hugeUnit}, {"hours", "an hour "}} {
		for _, n := range []int{100_000, 1_000_000} {
			text := strings.Repeat(unit.text, n/len(unit.text))
			b.Run(unit.name+"/"+strconv.Itoa(n/1000)+"kB", func(b *testing.B) {
				b.SetBytes(int64(len(text)))
				for b.Loop() {
					a.Analyze(text)
				}
			})
		}
	}
}

func TestLanguagesAndLabels(t *testing.T) {
	langs := strings.Join(Languages(), " ")
	for _, l := range []string{"DA", "DE", "EN", "ES", "FR", "IT", "NL", "NO", "PT", "SV"} {
		if !strings.Contains(langs, l) {
			t.Errorf("Languages() = %s, lacks %s", langs, l)
		}
	}
	if a, ok := For("nb"); !ok || a.Lang() != "NO" {
		t.Errorf("For(nb) = %v, %v", a, ok)
	}
	if _, ok := For("xx"); ok {
		t.Error("For(xx): ok")
	}
	if LabelOf(0.5) != Positive || LabelOf(-0.5) != Negative || LabelOf(0.01) != Neutral || LabelOf(0) != Neutral {
		t.Error("LabelOf")
	}
}

func TestConcurrentFor(t *testing.T) {
	done := make(chan *Analyzer)
	for range 8 {
		go func() { a, _ := For("DE"); done <- a }()
	}
	first := <-done
	for range 7 {
		if a := <-done; a != first {
			t.Error("For returned different analyzers")
		}
	}
}

// reviewSentences are short review sentences for BenchmarkAnalyze.
var reviewSentences = []string{
	"The food was great but the service was painfully slow.",
	"I would definitely come back, the staff were friendly and the prices reasonable.",
	"Battery life is not what they advertised and the screen stopped working after a week.",
	"Nothing to complain about, great value for money.",
	"The room was small, noisy and not worth the price.",
	"Best pizza in town!",
	"We waited over an hour for a table and nobody apologized.",
	"It could be better, but for the price it's fine.",
}

// BenchmarkAnalyze measures Analyze and one Mention on short review
// sentences (README.md reports the time per text).
func BenchmarkAnalyze(b *testing.B) {
	a, _ := For("EN")
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		t := a.Analyze(reviewSentences[i%len(reviewSentences)])
		t.Mention([]int{4})
	}
}
