// Package partcodec is the binary encoding of a model version's parts
// and manifests (the store keeps versions as parts shared between them).
package partcodec

import (
	"encoding/binary"
	"errors"
	"slices"

	explorer "explorer"
)

// A model version is stored as parts shared between versions (see
// the store's versions.go): each run of consecutive topics is one part, the ignore
// terms with their dictionary are one part, and the version row holds a
// manifest naming them. Parts and manifests use the compact binary encoding of this file:
// unsigned varints for lengths and counts, signed varints for ids, strings
// as length and bytes. A slice or map is its length plus one, 0 meaning
// nil, so that a version reads back exactly as it was written. Map keys
// are written in ascending order, so equal content encodes equally.

// Part kinds, the first byte of a part. Parts of one topic each were
// written before migration 0021, which converts them to runs; they are
// still read, by that migration.
const (
	PartTopic  byte = 't'
	PartTopics byte = 'r'
	PartIgnore byte = 'i'
	PartGroups byte = 'g'
)

// Manifest formats, the first byte of a manifest: the groups and one part
// id per topic (before migration 0021), the groups and one part id per run
// of topics (before migration 0040), or the ids of a groups part and of
// the runs (ManifestShared, written since).
const (
	ManifestPerTopic byte = 1
	ManifestRuns     byte = 2
	ManifestShared   byte = 3
)

var ErrCorrupt = errors.New("stored version is malformed")

func appendString(b []byte, s string) []byte {
	b = binary.AppendUvarint(b, uint64(len(s)))
	return append(b, s...)
}

// appendLen writes the length of a slice or map, 0 when it is nil.
func appendLen(b []byte, n int, isNil bool) []byte {
	if isNil {
		return append(b, 0)
	}
	return binary.AppendUvarint(b, uint64(n)+1)
}

func appendStrings(b []byte, ss []string) []byte {
	b = appendLen(b, len(ss), ss == nil)
	for _, s := range ss {
		b = appendString(b, s)
	}
	return b
}

func appendMap(b []byte, m map[string]string) []byte {
	b = appendLen(b, len(m), m == nil)
	if len(m) == 0 {
		return b
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		b = appendString(appendString(b, k), m[k])
	}
	return b
}

// appendTopicBody encodes a topic.
func appendTopicBody(b []byte, t *explorer.Topic) []byte {
	b = binary.AppendVarint(b, t.ID)
	b = appendString(b, t.Title)
	b = appendStrings(b, t.Terms)
	return appendMap(b, t.Dictionary)
}

// AppendTopics encodes a part of a run of topics (at least one).
func AppendTopics(b []byte, ts []*explorer.Topic) []byte {
	b = append(b, PartTopics)
	b = binary.AppendUvarint(b, uint64(len(ts)))
	for _, t := range ts {
		b = appendTopicBody(b, t)
	}
	return b
}

// AppendIgnore encodes the ignore part of a structure.
func AppendIgnore(b []byte, s *explorer.Structure) []byte {
	b = append(b, PartIgnore)
	b = appendLen(b, len(s.IgnoreTerms), s.IgnoreTerms == nil)
	for _, t := range s.IgnoreTerms {
		b = appendString(binary.AppendVarint(b, t.ID), t.Term)
	}
	return appendMap(b, s.IgnoreTermsDictionary)
}

// AppendGroups encodes the groups part of a structure: its groups, each
// with its topic count, as the manifests before migration 0040 held them.
func AppendGroups(b []byte, s *explorer.Structure) []byte {
	return appendGroupCounts(append(b, PartGroups), s)
}

// appendGroupCounts writes the groups of s with their topic counts.
func appendGroupCounts(b []byte, s *explorer.Structure) []byte {
	b = appendLen(b, len(s.Groups), s.Groups == nil)
	for _, g := range s.Groups {
		b = appendGroup(b, &g)
		b = appendLen(b, len(g.Topics), g.Topics == nil)
	}
	return b
}

// AppendManifest encodes a manifest: the ids of the ignore part and of
// the groups part, then the part ids of the runs of topics (refs, in
// order), each written as the difference to the one before. A one-term
// edit leaves the groups part as it was, so its manifest is a few bytes a
// run (about 130 for a 300-topic model instead of 750 with the groups).
func AppendManifest(b []byte, ignore, groups int64, refs []int64) []byte {
	b = append(b, ManifestShared)
	b = binary.AppendVarint(b, ignore)
	b = binary.AppendVarint(b, groups)
	return appendRefs(b, refs)
}

// appendRefs writes part ids as a slice of differences.
func appendRefs(b []byte, refs []int64) []byte {
	b = binary.AppendUvarint(b, uint64(len(refs))+1)
	prev := int64(0)
	for _, r := range refs {
		b = binary.AppendVarint(b, r-prev)
		prev = r
	}
	return b
}

func appendGroup(b []byte, g *explorer.Group) []byte {
	b = binary.AppendVarint(b, g.ID)
	b = appendString(b, g.Title)
	if g.Pinned {
		return append(b, 1)
	}
	return append(b, 0)
}

// Manifest is a decoded manifest: the structure's groups without their
// topics and how many topics each holds (-1 for nil), or, in a manifest
// since migration 0040, the id of the groups part that holds them; the
// ignore part's id and the part ids of the topics (runs, or one per
// topic) in order.
type Manifest struct {
	S      *explorer.Structure
	Counts []int
	Ignore int64
	Groups int64
	Refs   []int64
}

// DecodeManifest reads a manifest of any format. The counts are checked
// against the parts read (fillTopics), not here: a run of several topics
// is one ref.
func DecodeManifest(b []byte) (Manifest, error) {
	var m Manifest
	d := decoder{b: string(b)}
	format := d.byte()
	if format < ManifestPerTopic || format > ManifestShared {
		return m, ErrCorrupt
	}
	m.Ignore = d.varint()
	switch format {
	case ManifestShared:
		m.Groups = d.varint()
		m.Refs = d.refs()
	case ManifestRuns:
		m.S, m.Counts = d.groups(nil)
		m.Refs = d.refs()
	default:
		m.S, m.Counts = d.groups(&m.Refs)
	}
	return m, d.end()
}

// groups reads groups with their topic counts; with perTopic, each
// group's count is followed by its topics' part ids (the format before
// migration 0021), appended to *perTopic.
func (d *decoder) groups(perTopic *[]int64) (*explorer.Structure, []int) {
	s := &explorer.Structure{}
	var counts []int
	if n := d.len(); n >= 0 {
		s.Groups = make([]explorer.Group, n)
		counts = make([]int, n)
	}
	prev := int64(0)
	for gi := range s.Groups {
		g := &s.Groups[gi]
		g.ID = d.varint()
		g.Title = d.string()
		switch d.byte() {
		case 0:
		case 1:
			g.Pinned = true
		default:
			d.fail()
		}
		if perTopic == nil {
			counts[gi] = d.count()
			continue
		}
		counts[gi] = d.len()
		for range max(counts[gi], 0) {
			prev += d.varint()
			*perTopic = append(*perTopic, prev)
		}
	}
	return s, counts
}

// refs reads part ids as appendRefs writes them.
func (d *decoder) refs() []int64 {
	n := d.len() // written as for a slice, never nil
	if n < 0 {
		d.fail()
		return nil
	}
	refs := make([]int64, 0, n)
	prev := int64(0)
	for range n {
		prev += d.varint()
		refs = append(refs, prev)
	}
	return refs
}

// DecodeGroups reads a groups part.
func DecodeGroups(b []byte) (*explorer.Structure, []int, error) {
	d := decoder{b: string(b)}
	if d.byte() != PartGroups {
		return nil, nil, ErrCorrupt
	}
	s, counts := d.groups(nil)
	return s, counts, d.end()
}

// decoder reads the encoding from a string, so that the strings it
// returns share the one copy of the encoded part instead of one
// allocation each; the first problem sticks in err and later reads
// answer zero values.
type decoder struct {
	b   string
	err error
}

func (d *decoder) fail() {
	if d.err == nil {
		d.err = ErrCorrupt
	}
	d.b = ""
}

func (d *decoder) byte() byte {
	if len(d.b) == 0 {
		d.fail()
		return 0
	}
	c := d.b[0]
	d.b = d.b[1:]
	return c
}

// uvarint reads an unsigned varint as binary.AppendUvarint writes it.
func (d *decoder) uvarint() uint64 {
	var v uint64
	for i := 0; i < len(d.b) && i < binary.MaxVarintLen64; i++ {
		c := d.b[i]
		if i == binary.MaxVarintLen64-1 && c > 1 {
			break // overflows 64 bits
		}
		v |= uint64(c&0x7f) << (7 * i)
		if c < 0x80 {
			if c == 0 && i > 0 {
				break // longer than it needs to be: not what was written
			}
			d.b = d.b[i+1:]
			return v
		}
	}
	d.fail()
	return 0
}

// varint reads a signed varint (zig-zag, as binary.AppendVarint writes).
func (d *decoder) varint() int64 {
	u := d.uvarint()
	x := int64(u >> 1)
	if u&1 != 0 {
		x = ^x
	}
	return x
}

func (d *decoder) string() string {
	n := d.uvarint()
	if n > uint64(len(d.b)) {
		d.fail()
		return ""
	}
	s := d.b[:n]
	d.b = d.b[n:]
	return s
}

// len reads a slice or map length: -1 for nil. A length that the
// remaining bytes cannot hold (each element takes at least one byte) is
// corrupt, so that no allocation exceeds what is stored.
func (d *decoder) len() int {
	n := d.uvarint()
	if n == 0 {
		return -1
	}
	if n-1 > uint64(len(d.b)) {
		d.fail()
		return -1
	}
	return int(n - 1)
}

// count reads a slice length as len does, -1 for nil, without bounding it
// by the bytes left (topics of a manifest are in other parts); at most
// 1<<40.
func (d *decoder) count() int {
	n := d.uvarint()
	if n > 1<<40 {
		d.fail()
		return -1
	}
	return int(n) - 1
}

func (d *decoder) strings() []string {
	n := d.len()
	if n < 0 {
		return nil
	}
	out := make([]string, n)
	for i := range out {
		out[i] = d.string()
	}
	return out
}

func (d *decoder) stringMap() map[string]string {
	n := d.len()
	if n < 0 {
		return nil
	}
	m := make(map[string]string, n)
	prev := ""
	for i := 0; i < n; i++ {
		k := d.string()
		if i > 0 && k <= prev {
			d.fail() // keys are written once each, in ascending order
		}
		m[k], prev = d.string(), k
	}
	return m
}

// DecodeTopics reads a part of topics: a run, or one topic as written
// before migration 0021.
func DecodeTopics(b []byte) ([]explorer.Topic, error) {
	d := decoder{b: string(b)}
	n := uint64(1)
	switch d.byte() {
	case PartTopic:
	case PartTopics:
		if n = d.uvarint(); n == 0 || n > uint64(len(d.b)) {
			return nil, ErrCorrupt
		}
	default:
		return nil, ErrCorrupt
	}
	ts := make([]explorer.Topic, n)
	for i := range ts {
		ts[i] = explorer.Topic{ID: d.varint(), Title: d.string()}
		ts[i].Terms = d.strings()
		ts[i].Dictionary = d.stringMap()
	}
	return ts, d.end()
}

// DecodeIgnore reads an ignore part into s.
func DecodeIgnore(b []byte, s *explorer.Structure) error {
	d := decoder{b: string(b)}
	if d.byte() != PartIgnore {
		return ErrCorrupt
	}
	if n := d.len(); n >= 0 {
		s.IgnoreTerms = make([]explorer.IgnoreTerm, n)
		for i := range s.IgnoreTerms {
			s.IgnoreTerms[i].ID = d.varint()
			s.IgnoreTerms[i].Term = d.string()
		}
	}
	s.IgnoreTermsDictionary = d.stringMap()
	return d.end()
}

// end reports the first problem, or trailing bytes.
func (d *decoder) end() error {
	if d.err == nil && len(d.b) > 0 {
		return ErrCorrupt
	}
	return d.err
}
