package partcodec

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
	f.Add(AppendTopics(nil, []*explorer.Topic{&t}))
	f.Add(AppendTopics(nil, []*explorer.Topic{&t, {}, &t}))
	f.Add(AppendTopicV1(nil, &t))
	s := explorer.Structure{Groups: []explorer.Group{{ID: 1, Title: "g", Topics: []explorer.Topic{t, t}}, {ID: 2}}, IgnoreTerms: []explorer.IgnoreTerm{{ID: 2, Term: "x"}}}
	f.Add(AppendIgnore(nil, &s))
	f.Add(AppendManifest(nil, 7, 8, []int64{9}))
	f.Add(AppendManifestV2(nil, &s, 7, []int64{9}))
	f.Add(AppendManifestV1(nil, &s, 7, []int64{9, 12}))
	f.Add(AppendGroups(nil, &s))
	f.Fuzz(func(t *testing.T, b []byte) {
		if ts, err := DecodeTopics(b); err == nil && string(reencodeTopics(b[0], ts)) != string(b) {
			t.Fatalf("topics %+v encode as %x, read from %x", ts, reencodeTopics(b[0], ts), b)
		}
		var s explorer.Structure
		if err := DecodeIgnore(b, &s); err == nil && string(AppendIgnore(nil, &s)) != string(b) {
			t.Fatalf("ignore part %+v encodes differently", s)
		}
		if gs, counts, err := DecodeGroups(b); err == nil && withCounts(gs, counts, len(b)) && string(AppendGroups(nil, gs)) != string(b) {
			t.Fatalf("groups part %+v encodes differently", gs)
		}
		if m, err := DecodeManifest(b); err == nil {
			again := AppendManifest(nil, m.Ignore, m.Groups, m.Refs)
			switch {
			case b[0] == ManifestShared:
			case !withCounts(m.S, m.Counts, len(b)):
				return // a count the encoding alone does not bound
			case b[0] == ManifestPerTopic:
				again = AppendManifestV1(nil, m.S, m.Ignore, m.Refs)
			default:
				again = AppendManifestV2(nil, m.S, m.Ignore, m.Refs)
			}
			if !reflect.DeepEqual(again, b) {
				t.Fatalf("manifest %+v encodes differently", m)
			}
		}
	})
}

// reencodeTopics encodes topics read from a part of kind.
func reencodeTopics(kind byte, ts []explorer.Topic) []byte {
	if kind == PartTopic {
		return AppendTopicV1(nil, &ts[0])
	}
	ptrs := make([]*explorer.Topic, len(ts))
	for i := range ts {
		ptrs[i] = &ts[i]
	}
	return AppendTopics(nil, ptrs)
}

// withCounts gives the groups of s counts[i] empty topics each, and
// reports false when a count exceeds limit (one the encoding alone does
// not bound).
func withCounts(s *explorer.Structure, counts []int, limit int) bool {
	for i, n := range counts {
		if n > limit {
			return false
		}
		if n >= 0 {
			s.Groups[i].Topics = make([]explorer.Topic, n)
		}
	}
	return true
}
