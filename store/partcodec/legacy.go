package partcodec

import (
	"encoding/binary"

	explorer "explorer"
)

// The encodings before migration 0021 (a part per topic) and before 0040
// (the groups in each manifest), as they were written, which only tests
// of their readers and of the migrations write now.

// AppendTopicV1 encodes a part of one topic.
func AppendTopicV1(b []byte, t *explorer.Topic) []byte {
	return appendTopicBody(append(b, PartTopic), t)
}

// AppendManifestV1 encodes a manifest with a part id per topic.
func AppendManifestV1(b []byte, s *explorer.Structure, ignore int64, refs []int64) []byte {
	b = append(b, ManifestPerTopic)
	b = binary.AppendVarint(b, ignore)
	b = appendLen(b, len(s.Groups), s.Groups == nil)
	prev, i := int64(0), 0
	for _, g := range s.Groups {
		b = appendGroup(b, &g)
		b = appendLen(b, len(g.Topics), g.Topics == nil)
		for range g.Topics {
			b = binary.AppendVarint(b, refs[i]-prev)
			prev = refs[i]
			i++
		}
	}
	return b
}

// AppendManifestV2 encodes a manifest with the groups and a part id per
// run of topics, as the store wrote them from migration 0021 to 0040.
func AppendManifestV2(b []byte, s *explorer.Structure, ignore int64, refs []int64) []byte {
	b = append(b, ManifestRuns)
	b = binary.AppendVarint(b, ignore)
	return appendRefs(appendGroupCounts(b, s), refs)
}
