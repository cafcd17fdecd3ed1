package store

import (
	"context"

	"explorer/store/partcodec"

	explorer "explorer"
)

// StoreVersionV1 stores a version as the store before migration 0021 did
// (a part per topic, inserted one at a time), with no storage charged.
func (db *DB) StoreVersionV1(ctx context.Context, model int64, version int, s *explorer.Structure) error {
	var parts []part
	var enc encoder
	enc.add(0, func(b []byte) []byte { return partcodec.AppendIgnore(b, s) })
	for _, t := range flatTopics(s) {
		enc.add(len(enc.parts), func(b []byte) []byte { return partcodec.AppendTopicV1(b, t) })
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
	manifest := partcodec.AppendManifestV1(nil, s, ids[0], ids[1:])
	_, err := db.exec(ctx, `INSERT INTO model_versions (model_id, version, created_at, content, parts) VALUES (?, ?, ?, '', ?)`,
		model, version, int64(version), manifest)
	return err
}
