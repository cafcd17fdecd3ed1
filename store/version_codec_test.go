package store

import (
	"reflect"
	"testing"

	explorer "explorer"
)

// FuzzDecodeParts: decoding never panics nor allocates beyond its input,
// and what decodes encodes back to the same bytes.
func FuzzDecodeParts(f *testing.F) {
	t := explorer.Topic{ID: -3, Title: "T", Terms: []string{"a", "日本"}, Dictionary: map[string]string{"k": "v"}}
	f.Add(appendTopic(nil, &t))
	f.Add(appendTopic(nil, &explorer.Topic{}))
	s := explorer.Structure{Groups: []explorer.Group{{ID: 1, Title: "g", Topics: []explorer.Topic{t}}}, IgnoreTerms: []explorer.IgnoreTerm{{ID: 2, Term: "x"}}}
	f.Add(appendIgnore(nil, &s))
	f.Add(appendManifest(nil, &s, 7, []int64{9}))
	f.Fuzz(func(t *testing.T, b []byte) {
		if topic, err := decodeTopic(b); err == nil && string(appendTopic(nil, &topic)) != string(b) {
			t.Fatalf("topic %+v encodes as %x, read from %x", topic, appendTopic(nil, &topic), b)
		}
		var s explorer.Structure
		if err := decodeIgnore(b, &s); err == nil && string(appendIgnore(nil, &s)) != string(b) {
			t.Fatalf("ignore part %+v encodes differently", s)
		}
		if m, ignore, refs, err := decodeManifest(b); err == nil {
			n := 0
			for _, g := range m.Groups {
				n += len(g.Topics)
			}
			if n != len(refs) || !reflect.DeepEqual(appendManifest(nil, m, ignore, refs), b) {
				t.Fatalf("manifest %+v encodes differently", m)
			}
		}
	})
}
