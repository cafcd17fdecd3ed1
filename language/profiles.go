package language

import (
	"bytes"
	"compress/gzip"
	_ "embed"
	"encoding/binary"
	"errors"
	"io"
	"slices"
	"unicode/utf8"
)

// profiles.bin.gz holds the character trigram profiles Detect scores texts
// with, made by tools/langdetect (`make detect-profiles`) from lingua-go's
// trigram models (Apache-2.0; see THIRD_PARTY.md): for each language, its
// most frequent trigrams with their costs. Uncompressed layout:
//
//	magic "EXLANGP2", languages u8, then per language: code [2]byte and
//	the cost of a trigram it lacks u8 (255: no profile, told by script);
//	then trigrams u32, and for each trigram, in increasing order of its
//	three code points: its UTF-8 length u8, its bytes, its languages u8
//	and for each of them its index u8 and its cost u8
//
// A cost is -ln(probability) × CostScale, rounded, at most 255.
//
//go:embed profiles.bin.gz
var profilesGz []byte

// ProfileMagic starts an uncompressed profiles file.
const ProfileMagic = "EXLANGP2"

// CostScale is the number of cost units in one nat.
const CostScale = 4

// profiles are the trigram profiles in a form searched without a map: the
// trigram keys sorted, and for key i the (language, cost) pairs
// pairs[start[i]:start[i+1]].
type profiles struct {
	langs []string
	miss  []uint8
	keys  []uint64
	start []uint32
	pairs []uint16 // language index << 8 | cost
}

// trigramKey packs three runes into one key.
func trigramKey(a, b, c rune) uint64 {
	return uint64(a)<<42 | uint64(b)<<21 | uint64(c)
}

// readProfiles reads an uncompressed profiles file.
func readProfiles(data []byte) (*profiles, error) {
	bad := errors.New("language profiles: damaged")
	if !bytes.HasPrefix(data, []byte(ProfileMagic)) || len(data) < len(ProfileMagic)+1 {
		return nil, bad
	}
	p := &profiles{}
	nl := int(data[len(ProfileMagic)])
	data = data[len(ProfileMagic)+1:]
	if len(data) < 3*nl+4 {
		return nil, bad
	}
	for li := 0; li < nl; li++ {
		p.langs = append(p.langs, string(data[3*li:3*li+2]))
		p.miss = append(p.miss, data[3*li+2])
	}
	n := int(binary.LittleEndian.Uint32(data[3*nl:]))
	data = data[3*nl+4:]
	if n > len(data)/5 {
		return nil, bad
	}
	p.keys, p.start = make([]uint64, 0, n), make([]uint32, 0, n+1)
	for i := 0; i < n; i++ {
		if len(data) < 1 || len(data) < 2+int(data[0]) {
			return nil, bad
		}
		k, ok := keyOf(data[1 : 1+data[0]])
		np := int(data[1+data[0]])
		data = data[2+data[0]:]
		if !ok || i > 0 && k <= p.keys[i-1] || np == 0 || len(data) < 2*np {
			return nil, bad
		}
		p.keys = append(p.keys, k)
		p.start = append(p.start, uint32(len(p.pairs)))
		for j := 0; j < np; j++ {
			if int(data[2*j]) >= nl {
				return nil, bad
			}
			p.pairs = append(p.pairs, uint16(data[2*j])<<8|uint16(data[2*j+1]))
		}
		data = data[2*np:]
	}
	if len(data) != 0 {
		return nil, bad
	}
	p.start = append(p.start, uint32(len(p.pairs)))
	return p, nil
}

// keyOf returns the key of a trigram given as UTF-8.
func keyOf(b []byte) (uint64, bool) {
	var r [3]rune
	for i := range r {
		c, n := utf8.DecodeRune(b)
		if c == utf8.RuneError || n == 0 {
			return 0, false
		}
		r[i], b = c, b[n:]
	}
	return trigramKey(r[0], r[1], r[2]), len(b) == 0
}

// lookup returns the (language, cost) pairs of a trigram, nil when no
// language has it.
func (p *profiles) lookup(key uint64) []uint16 {
	i, ok := slices.BinarySearch(p.keys, key)
	if !ok {
		return nil
	}
	return p.pairs[p.start[i]:p.start[i+1]]
}

// loadProfiles decompresses and reads the embedded profiles.
func loadProfiles() *profiles {
	zr, err := gzip.NewReader(bytes.NewReader(profilesGz))
	if err != nil {
		panic("language: embedded profiles: " + err.Error())
	}
	raw, err := io.ReadAll(zr)
	if err != nil {
		panic("language: embedded profiles: " + err.Error())
	}
	p, err := readProfiles(raw)
	if err != nil {
		panic("language: embedded profiles: " + err.Error())
	}
	return p
}
