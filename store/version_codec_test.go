package store

import (
	"reflect"
	"testing"

	explorer "explorer"
)

// FuzzDecodeParts: decoding never panics nor allocates beyond its input,
// and what decodes encodes back to the same bytes (parts of the format
// before migration 0021 as that format wrote them).
func FuzzDecodeParts(f *testing.F) {
	t := explorer.Topic{ID: -3, Title: "T", Terms: []string{"a", "日本"}, Dictionary: map[string]string{"k": "v"}}
	f.Add(appendTopics(nil, []*explorer.Topic{&t}))
	f.Add(appendTopics(nil, []*explorer.Topic{&t, {}, &t}))
	f.Add(appendTopicV1(nil, &t))
	s := explorer.Structure{Groups: []explorer.Group{{ID: 1, Title: "g", Topics: []explorer.Topic{t, t}}, {ID: 2}}, IgnoreTerms: []explorer.IgnoreTerm{{ID: 2, Term: "x"}}}
	f.Add(appendIgnore(nil, &s))
	f.Add(appendManifest(nil, &s, 7, []int64{9}))
	f.Add(appendManifestV1(nil, &s, 7, []int64{9, 12}))
	f.Fuzz(func(t *testing.T, b []byte) {
		if ts, err := decodeTopics(b); err == nil && string(reencodeTopics(b[0], ts)) != string(b) {
			t.Fatalf("topics %+v encode as %x, read from %x", ts, reencodeTopics(b[0], ts), b)
		}
		var s explorer.Structure
		if err := decodeIgnore(b, &s); err == nil && string(appendIgnore(nil, &s)) != string(b) {
			t.Fatalf("ignore part %+v encodes differently", s)
		}
		if m, counts, ignore, refs, err := decodeManifest(b); err == nil {
			for i, n := range counts {
				if n >= 0 && n <= len(b) {
					m.Groups[i].Topics = make([]explorer.Topic, n)
				} else if n >= 0 {
					return // a count the encoding alone does not bound
				}
			}
			again := appendManifest(nil, m, ignore, refs)
			if b[0] == manifestPerTopic {
				again = appendManifestV1(nil, m, ignore, refs)
			}
			if !reflect.DeepEqual(again, b) {
				t.Fatalf("manifest %+v encodes differently", m)
			}
		}
	})
}

// reencodeTopics encodes topics read from a part of kind.
func reencodeTopics(kind byte, ts []explorer.Topic) []byte {
	if kind == partTopic {
		return appendTopicV1(nil, &ts[0])
	}
	ptrs := make([]*explorer.Topic, len(ts))
	for i := range ts {
		ptrs[i] = &ts[i]
	}
	return appendTopics(nil, ptrs)
}
