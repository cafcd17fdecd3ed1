package main

import (
	"archive/zip"
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	"explorer/language"

	"github.com/pemistahl/lingua-go"
	"github.com/pemistahl/lingua-go/serialization"
	"google.golang.org/protobuf/proto"
)

// genProfiles writes the profiles of package language (profiles.go) from
// lingua-go's models, as the Go module proxy serves them: for each
// language, its k trigrams of highest probability P(a)·P(b|a)·P(c|ab),
// each costing -ln P(c|ab) (lingua's trigram model), and a lacking
// trigram costing the dearest kept one plus missNats.
func genProfiles(out string, k int, missNats float64) error {
	dir, err := linguaDir()
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	buf.WriteString(language.ProfileMagic)
	buf.WriteByte(byte(len(linguaLanguages)))
	table := map[string][]byte{} // trigram → (language, cost) pairs
	for li, l := range linguaLanguages {
		code := strings.ToUpper(l.IsoCode639_1().String())
		code, _ = language.Canonical(code)
		kept, miss, err := profileOf(dir, l, k, missNats)
		if err != nil {
			return fmt.Errorf("%s: %w", code, err)
		}
		buf.WriteString(code)
		buf.WriteByte(miss)
		for g, cost := range kept {
			table[g] = append(table[g], byte(li), cost)
		}
	}
	grams := make([]string, 0, len(table))
	for g := range table {
		grams = append(grams, g)
	}
	// In increasing order of the code points, as the reader's keys.
	slices.SortFunc(grams, func(a, b string) int { return slices.Compare([]rune(a), []rune(b)) })
	buf.Write(binary.LittleEndian.AppendUint32(nil, uint32(len(grams))))
	for _, g := range grams {
		buf.WriteByte(byte(len(g)))
		buf.WriteString(g)
		buf.WriteByte(byte(len(table[g]) / 2))
		buf.Write(table[g])
	}
	var gz bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	zw.Write(buf.Bytes())
	if err := zw.Close(); err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "profiles: %d languages, %d trigrams each at most, %d distinct, %d bytes (%d compressed)\n",
		len(linguaLanguages), k, len(grams), buf.Len(), gz.Len())
	return os.WriteFile(out, gz.Bytes(), 0o644)
}

// profileOf returns a language's kept trigrams with their costs, and the
// cost of a trigram it lacks (255 for a language without trigram model).
func profileOf(dir string, l lingua.Language, k int, missNats float64) (map[string]byte, byte, error) {
	iso := strings.ToLower(l.IsoCode639_1().String())
	if _, err := os.Stat(filepath.Join(dir, "language-models", iso, "trigrams.pb.bin.zip")); err != nil {
		// Languages of their own alphabet (Greek, Hebrew, Chinese,
		// Japanese, Korean) have no trigram model: Detect tells them by
		// their script.
		return nil, 255, nil
	}
	var models [3]map[string]float64
	for i, name := range []string{"unigrams", "bigrams", "trigrams"} {
		m, err := readModel(dir, iso, name)
		if err != nil {
			return nil, 0, err
		}
		models[i] = m
	}
	type cand struct {
		g           string
		joint, cost float64
	}
	var cs []cand
	for g, p := range models[2] {
		r := []rune(g)
		if len(r) != 3 || len(g) > 255 {
			return nil, 0, fmt.Errorf("bad trigram %q", g)
		}
		joint := models[0][string(r[:1])] * models[1][string(r[:2])] * p
		cs = append(cs, cand{g, joint, -math.Log(p)})
	}
	slices.SortFunc(cs, func(a, b cand) int {
		if a.joint != b.joint {
			if a.joint > b.joint {
				return -1
			}
			return 1
		}
		return strings.Compare(a.g, b.g)
	})
	kept := map[string]byte{}
	dearest := 0.0
	for _, c := range cs[:min(k, len(cs))] {
		kept[c.g] = quantize(c.cost)
		dearest = max(dearest, c.cost)
	}
	return kept, quantize(dearest + missNats), nil
}

func quantize(nats float64) byte {
	return byte(min(255, math.Round(nats*language.CostScale)))
}

// readModel reads one of lingua's models: n-gram → probability.
func readModel(dir, iso, name string) (map[string]float64, error) {
	raw, err := os.ReadFile(filepath.Join(dir, "language-models", iso, name+".pb.bin.zip"))
	if err != nil {
		return nil, err
	}
	zr, err := zip.NewReader(bytes.NewReader(raw), int64(len(raw)))
	if err != nil || len(zr.File) != 1 {
		return nil, fmt.Errorf("%s: not a zip of one file", name)
	}
	f, err := zr.File[0].Open()
	if err != nil {
		return nil, err
	}
	defer f.Close()
	pb, err := io.ReadAll(f)
	if err != nil {
		return nil, err
	}
	var m serialization.SerializableLanguageModel
	if err := proto.Unmarshal(pb, &m); err != nil {
		return nil, err
	}
	out := map[string]float64{}
	for _, set := range m.GetNgramSets() {
		for _, g := range set.GetNgrams() {
			out[g] = set.GetProbability()
		}
	}
	return out, nil
}

// linguaDir is the folder of the lingua-go module this module requires.
func linguaDir() (string, error) {
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", "github.com/pemistahl/lingua-go").Output()
	if err != nil {
		return "", fmt.Errorf("go list lingua-go: %w", err)
	}
	return strings.TrimSpace(string(out)), nil
}
