package store

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"fmt"
	"maps"
	"slices"
	"strings"

	"explorer/store/partcodec"

	explorer "explorer"
)

// Versions cost what changed: the topics of a version, in runs of a few
// consecutive topics, and its ignore terms with their dictionary, are
// parts stored once per model by content (model_parts, keyed by a SHA-256
// of the encoding) and shared by every version that holds them. A version
// row holds only a manifest: the groups (id, title, pinned, topic count)
// and the ids of the parts of its runs. Where a run ends depends on the
// ids of its topics (runEnds), not on their place, so an edit of one term
// stores one new run and a manifest of a few hundred bytes, and inserting
// or removing a topic changes only its run; reading a version reads its
// manifest and its parts in one query.

// partHash names a part's content within a model.
type partHash [16]byte

// part is one encoded part of a structure being stored; at is its index
// in the structure's parts (0 the ignore part, then the topics in order).
type part struct {
	at      int
	hash    partHash
	content []byte
}

// encoder encodes the parts of a structure into one buffer.
type encoder struct {
	buf   []byte
	parts []part
}

// add encodes one part with encode and hashes it.
func (e *encoder) add(at int, encode func([]byte) []byte) {
	start := len(e.buf)
	if cap(e.buf)-start < 4096 {
		// The parts already encoded keep the old array; the first
		// buffer is small, as usually one topic changed.
		e.buf, start = make([]byte, 0, min(64<<10, 4*cap(e.buf)+4096)), 0
	}
	e.buf = encode(e.buf)
	content := e.buf[start:len(e.buf):len(e.buf)]
	sum := sha256.Sum256(content)
	e.parts = append(e.parts, part{at: at, hash: partHash(sum[:16]), content: content})
}

// storeParts stores the parts of s that model does not hold yet and
// returns the manifest of s and the bytes of the parts it inserted
// (storage.go). Runs of topics and ignore terms equal to those the model
// stored last are not encoded again (partCache.last).
func (db *DB) storeParts(ctx context.Context, model int64, s *explorer.Structure) ([]byte, int64, error) {
	if manifest := db.takeStored(ctx, model, s); manifest != nil {
		return manifest, 0, nil
	}
	return db.storeNewParts(ctx, model, s)
}

// storedParts are the parts of s stored (and charged) for model by a
// write that then wrote no version (an amendment refused:
// AmendModelVersion): the next version of the model in the same
// transaction, of the same s, takes their manifest rather than resolving
// them again.
type storedParts struct {
	model    int64
	s        *explorer.Structure
	manifest []byte
}

// partsStored notes storedParts in the transaction of ctx.
func (db *DB) partsStored(ctx context.Context, model int64, s *explorer.Structure, manifest []byte) {
	if t := db.inTx(ctx); t != nil {
		t.stored = &storedParts{model: model, s: s, manifest: manifest}
	}
}

// takeStored returns and forgets the manifest noted for model and s
// (nil: none).
func (db *DB) takeStored(ctx context.Context, model int64, s *explorer.Structure) []byte {
	t := db.inTx(ctx)
	if t == nil || t.stored == nil {
		return nil
	}
	p := t.stored
	t.stored = nil
	if p.model != model || p.s != s {
		return nil
	}
	return p.manifest
}

// storeNewParts stores s's parts that model has not (storeParts).
func (db *DB) storeNewParts(ctx context.Context, model int64, s *explorer.Structure) ([]byte, int64, error) {
	last := db.parts.last(model)
	flat := flatTopics(s)
	runs := splitRuns(flat)
	ids := make([]int64, 2+len(runs)) // the ignore part, the runs, the groups part
	var enc encoder
	if last != nil && sameIgnore(&last.ignore, s) {
		ids[0] = last.ignoreID
	} else {
		enc.add(0, func(b []byte) []byte { return partcodec.AppendIgnore(b, s) })
	}
	for i, run := range runs {
		if id, ok := last.run(run); ok {
			ids[i+1] = id
		} else {
			enc.add(i+1, func(b []byte) []byte { return partcodec.AppendTopics(b, run) })
		}
	}
	enc.add(len(runs)+1, func(b []byte) []byte { return partcodec.AppendGroups(b, s) })
	added, err := db.resolveParts(ctx, model, enc.parts, ids)
	if err != nil {
		return nil, 0, err
	}
	db.afterCommit(ctx, func() { db.parts.remember(model, s, runs, ids) })
	manifest := make([]byte, 0, 32+len(runs)*3)
	return partcodec.AppendManifest(manifest, ids[0], ids[len(runs)+1], ids[1:len(runs)+1]), added, nil
}

// flatTopics returns the topics of s in order.
func flatTopics(s *explorer.Structure) []*explorer.Topic {
	n := 0
	for _, g := range s.Groups {
		n += len(g.Topics)
	}
	flat := make([]*explorer.Topic, 0, n)
	for gi := range s.Groups {
		for ti := range s.Groups[gi].Topics {
			flat = append(flat, &s.Groups[gi].Topics[ti])
		}
	}
	return flat
}

// Runs of topics: a run ends after a topic whose id hashes to 0 modulo
// runEndOdds once it holds minRunTopics topics (so about 8 topics a run,
// wherever the topic stands), or once it holds maxRunTopics topics or
// about maxRunBytes. An edit lands in a long run more often than in a
// short one, so what an edit stores grows with the spread of run lengths
// too, hence the minimum: with runs ending by the hash alone, 16 topics
// on average, 1,000 one-term edits of a 300-topic model grew the database
// by 4.4 MB; with these 1.8 MB (a part per topic: 1.2 MB).
const (
	minRunTopics = 4
	runEndOdds   = 4
	maxRunTopics = 32
	maxRunBytes  = 8 << 10
)

// splitRuns cuts the topics into runs (subslices of flat).
func splitRuns(flat []*explorer.Topic) [][]*explorer.Topic {
	runs := make([][]*explorer.Topic, 0, len(flat)/minRunTopics+1)
	start, size := 0, 0
	for i, t := range flat {
		size += topicSize(t)
		n := i + 1 - start
		if i+1 == len(flat) || n >= minRunTopics && runEnds(t.ID) || n >= maxRunTopics || size >= maxRunBytes {
			runs = append(runs, flat[start:i+1:i+1])
			start, size = i+1, 0
		}
	}
	return runs
}

// runEnds reports whether a run may end after the topic of id, by a hash
// of the id (a topic's id stays when it is edited or moved).
func runEnds(id int64) bool {
	h := uint64(id) * 0x9e3779b97f4a7c15
	return (h>>32)%runEndOdds == 0
}

// topicSize is about the bytes a topic encodes to.
func topicSize(t *explorer.Topic) int {
	n := 4 + len(t.Title) + len(t.Terms)
	for _, term := range t.Terms {
		n += len(term)
	}
	for k, v := range t.Dictionary {
		n += 2 + len(k) + len(v)
	}
	return n
}

// resolveParts finds or inserts parts and sets their ids; the cache
// learns them when the transaction commits. Parts unknown to the cache are
// inserted many to a statement; those the model already holds (stored
// before, or by another instance meanwhile) are then looked up. It
// returns what the parts it inserted store: their content and hash.
func (db *DB) resolveParts(ctx context.Context, model int64, parts []part, ids []int64) (int64, error) {
	var todo []part
	seen := map[partHash]bool{}
	for _, p := range parts {
		id, ok := db.parts.get(partKey{model, p.hash})
		ids[p.at] = id
		if !ok && !seen[p.hash] {
			seen[p.hash] = true
			todo = append(todo, p)
		}
	}
	if len(todo) == 0 {
		return 0, nil
	}
	found, err := db.insertModelParts(ctx, model, todo)
	if err != nil {
		return 0, err
	}
	var added int64
	var missing [][]byte
	for _, p := range todo {
		if _, ok := found[p.hash]; ok {
			added += int64(len(p.content) + len(p.hash))
		} else {
			missing = append(missing, p.hash[:])
		}
	}
	if len(missing) > 0 {
		held, err := db.findParts(ctx, model, missing)
		if err != nil {
			return 0, err
		}
		maps.Copy(found, held)
	}
	learned, learnedIDs := make([]partHash, 0, len(todo)), make([]int64, 0, len(todo))
	for _, p := range todo {
		id, ok := found[p.hash]
		if !ok {
			return 0, explorer.Internal(fmt.Errorf("model %d: part neither inserted nor found", model))
		}
		learned, learnedIDs = append(learned, p.hash), append(learnedIDs, id)
	}
	for _, p := range parts {
		if ids[p.at] == 0 {
			ids[p.at] = found[p.hash]
		}
	}
	db.afterCommit(ctx, func() { db.parts.put(model, learned, learnedIDs) })
	return added, nil
}

// modelPartsPerInsert is the most parts one INSERT stores (3 values a part,
// far below SQLite's 32,766 and PostgreSQL's 65,535 parameters).
const modelPartsPerInsert = 256

// insertModelParts inserts parts of distinct hashes, modelPartsPerInsert to a
// statement, and returns the ids of those it inserted by hash; a part the
// model holds already is skipped. A statement's rows are padded to 8 or a
// multiple of 64 with its last part (skipped as a duplicate), so that few
// statements are prepared.
func (db *DB) insertModelParts(ctx context.Context, model int64, parts []part) (map[partHash]int64, error) {
	found := make(map[partHash]int64, len(parts))
	for start := 0; start < len(parts); start += modelPartsPerInsert {
		chunk := parts[start:min(start+modelPartsPerInsert, len(parts))]
		_, size := inList(len(chunk))
		var q strings.Builder
		q.WriteString(`INSERT INTO model_parts (model_id, hash, content) VALUES `)
		q.WriteString(strings.TrimSuffix(strings.Repeat("(?, ?, ?), ", size), ", "))
		q.WriteString(` ON CONFLICT (model_id, hash) DO NOTHING RETURNING hash, id`)
		args := make([]any, 0, 3*size)
		for i := 0; i < size; i++ {
			p := &chunk[min(i, len(chunk)-1)]
			args = append(args, model, p.hash[:], p.content)
		}
		rows, err := db.query(ctx, q.String(), args...)
		if err != nil {
			return nil, err
		}
		if err := scanPartIDs(rows, found); err != nil {
			return nil, db.mapError(err, "")
		}
	}
	return found, nil
}

// scanPartIDs reads rows of (hash, id) into found and closes them.
func scanPartIDs(rows *sql.Rows, found map[partHash]int64) error {
	defer rows.Close()
	for rows.Next() {
		var h sql.RawBytes
		var id int64
		if err := rows.Scan(&h, &id); err != nil {
			return err
		}
		var k partHash
		copy(k[:], h)
		found[k] = id
	}
	return rows.Err()
}

// inChunk is the most values one IN list holds; lists are padded to 8 or
// a multiple of 64 values so that their statements are prepared once.
const inChunk = 512

// inList returns the placeholders of an IN list for n values padded to
// one of a few lengths, and that length.
func inList(n int) (string, int) {
	size := 8
	if n > size {
		size = min((n+63)/64*64, inChunk)
	}
	return strings.TrimSuffix(strings.Repeat("?, ", size), ", "), size
}

// padArgs returns the arguments of an IN list of size: vals, then the last
// one repeated.
func padArgs[T any](prefix []any, vals []T, size int) []any {
	args := append(prefix, make([]any, 0, size)...)
	for i := 0; i < size; i++ {
		args = append(args, vals[min(i, len(vals)-1)])
	}
	return args
}

// queryIn runs query, which ends in an IN list written "IN (%s)", with
// args then vals in the list, in chunks, and calls scan on each row.
func queryIn[T any](ctx context.Context, db *DB, query string, args []any, vals []T, scan func(*sql.Rows) error) error {
	for start := 0; start < len(vals); start += inChunk {
		chunk := vals[start:min(start+inChunk, len(vals))]
		list, size := inList(len(chunk))
		rows, err := db.query(ctx, fmt.Sprintf(query, list), padArgs(slices.Clone(args), chunk, size)...)
		if err != nil {
			return err
		}
		for rows.Next() {
			if err := scan(rows); err != nil {
				rows.Close()
				return db.mapError(err, "")
			}
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return db.mapError(err, "")
		}
	}
	return nil
}

// findParts returns the ids of the model's parts with the given hashes.
func (db *DB) findParts(ctx context.Context, model int64, hashes [][]byte) (map[partHash]int64, error) {
	found := make(map[partHash]int64, len(hashes))
	err := queryIn(ctx, db, `SELECT hash, id FROM model_parts WHERE model_id = ? AND hash IN (%s)`, []any{model}, hashes,
		func(rows *sql.Rows) error {
			var h sql.RawBytes
			var id int64
			if err := rows.Scan(&h, &id); err != nil {
				return err
			}
			var k partHash
			copy(k[:], h)
			found[k] = id
			return nil
		})
	return found, err
}

// readVersion builds the structure a manifest names. The parts are read
// by primary key alone (with model_id in the condition SQLite would walk
// the model's parts by its (model_id, hash) index) and decoded as they
// come; the ignore part once the groups are known.
func (db *DB) readVersion(ctx context.Context, model int64, manifest []byte) (*explorer.Structure, error) {
	m, err := partcodec.DecodeManifest(manifest)
	if err != nil {
		return nil, err
	}
	ids := append(slices.Clip(m.Refs), m.Ignore)
	if m.Groups != 0 {
		ids = append(ids, m.Groups)
	}
	runs := make(map[int64][]explorer.Topic, len(m.Refs))
	var ignore []byte
	err = queryIn(ctx, db, `SELECT id, model_id, content FROM model_parts WHERE id IN (%s)`, nil, ids,
		func(rows *sql.Rows) error {
			var id, owner int64
			var content sql.RawBytes
			if err := rows.Scan(&id, &owner, &content); err != nil || owner != model {
				return err
			}
			switch id {
			case m.Ignore:
				ignore = append([]byte{}, content...)
				return nil
			case m.Groups:
				var bad error
				m.S, m.Counts, bad = partcodec.DecodeGroups(content)
				return bad
			}
			ts, err := partcodec.DecodeTopics(content)
			runs[id] = ts
			return err
		})
	if err != nil {
		return nil, err
	}
	if ignore == nil || m.S == nil {
		return nil, partcodec.ErrCorrupt
	}
	if err := partcodec.DecodeIgnore(ignore, m.S); err != nil {
		return nil, err
	}
	return m.S, fillTopics(m.S, m.Counts, m.Refs, runs)
}

// fillTopics gives the groups of s the topics of the parts refs, in
// order, counts[i] topics to group i (-1: nil); the counts must add up to
// the topics read.
func fillTopics(s *explorer.Structure, counts []int, refs []int64, runs map[int64][]explorer.Topic) error {
	total := 0
	for _, ref := range refs {
		run, ok := runs[ref]
		if !ok {
			return partcodec.ErrCorrupt
		}
		total += len(run)
	}
	left := total
	for _, n := range counts {
		if n > left {
			return partcodec.ErrCorrupt
		}
		left -= max(n, 0)
	}
	if left != 0 {
		return partcodec.ErrCorrupt
	}
	flat := make([]explorer.Topic, 0, total)
	for _, ref := range refs {
		flat = append(flat, runs[ref]...)
	}
	for gi, n := range counts {
		if n >= 0 {
			s.Groups[gi].Topics, flat = flat[:n:n], flat[n:]
		}
	}
	return nil
}

// versionError wraps a problem of a stored version.
func versionError(model int64, version int, err error) error {
	if _, ok := err.(*explorer.Error); ok {
		return err
	}
	return explorer.Internal(fmt.Errorf("model %d version %d: %w", model, version, err))
}
