package store

import (
	"context"
	"encoding/binary"

	explorer "explorer"
)

// The encodings before migration 0021 (a part per topic) and before 0040
// (the groups in each manifest), as they were written, for tests of their
// readers and of the migrations.

// appendTopicV1 encodes a part of one topic.
func appendTopicV1(b []byte, t *explorer.Topic) []byte {
	return appendTopicBody(append(b, partTopic), t)
}

// appendManifestV1 encodes a manifest with a part id per topic.
func appendManifestV1(b []byte, s *explorer.Structure, ignore int64, refs []int64) []byte {
	b = append(b, manifestPerTopic)
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

// appendManifestV2 encodes a manifest with the groups and a part id per
// run of topics, as the store wrote them from migration 0021 to 0040.
func appendManifestV2(b []byte, s *explorer.Structure, ignore int64, refs []int64) []byte {
	b = append(b, manifestRuns)
	b = binary.AppendVarint(b, ignore)
	return appendRefs(appendGroupCounts(b, s), refs)
}

// StoreVersionV1 stores a version as the store before migration 0021 did
// (a part per topic, inserted one at a time), with no storage charged.
func (db *DB) StoreVersionV1(ctx context.Context, model int64, version int, s *explorer.Structure) error {
	var parts []part
	var enc encoder
	enc.add(0, func(b []byte) []byte { return appendIgnore(b, s) })
	for _, t := range flatTopics(s) {
		enc.add(len(enc.parts), func(b []byte) []byte { return appendTopicV1(b, t) })
	}
	parts = enc.parts
	ids := make([]int64, len(parts))
	for i, p := range parts {
		if err := db.queryRow(ctx, "", `SELECT id FROM model_parts WHERE model_id = ? AND hash = ?`, []any{model, p.hash[:]}, &ids[i]); err == nil {
			continue
		}
		if err := db.queryRow(ctx, "", `INSERT INTO model_parts (model_id, hash, content) VALUES (?, ?, ?) RETURNING id`,
			[]any{model, p.hash[:], p.content}, &ids[i]); err != nil {
			return err
		}
	}
	manifest := appendManifestV1(nil, s, ids[0], ids[1:])
	_, err := db.exec(ctx, `INSERT INTO model_versions (model_id, version, created_at, content, parts) VALUES (?, ?, ?, '', ?)`,
		model, version, int64(version), manifest)
	return err
}
