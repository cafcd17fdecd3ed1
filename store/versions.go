package store

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"fmt"
	"strings"
	"sync"

	explorer "explorer"
)

// Versions cost what changed: every topic of a version, and its ignore
// terms with their dictionary, are parts stored once per model by content
// (model_parts, keyed by a SHA-256 of the encoding) and shared by every
// version that holds them. A version row holds only a manifest: the
// groups (id, title, pinned) and the ids of their topics' parts. An edit
// of one term stores one new topic part and a manifest of a few hundred
// bytes; reading a version reads its manifest and its parts in one query.

// partHash names a part's content within a model.
type partHash [16]byte

// part is one encoded part of a structure being stored.
type part struct {
	hash    partHash
	content []byte
}

// encodeParts encodes the parts of s: the ignore part first, then the
// topics in order.
func encodeParts(s *explorer.Structure) []part {
	n := 1
	for _, g := range s.Groups {
		n += len(g.Topics)
	}
	parts := make([]part, 0, n)
	buf := make([]byte, 0, 64<<10)
	add := func(start int) {
		content := buf[start:len(buf):len(buf)]
		sum := sha256.Sum256(content)
		parts = append(parts, part{hash: partHash(sum[:16]), content: content})
	}
	start := len(buf)
	buf = appendIgnore(buf, s)
	add(start)
	for gi := range s.Groups {
		for ti := range s.Groups[gi].Topics {
			if cap(buf)-len(buf) < 4096 {
				// The parts already encoded keep the old array.
				buf = make([]byte, 0, 64<<10)
			}
			start := len(buf)
			buf = appendTopic(buf, &s.Groups[gi].Topics[ti])
			add(start)
		}
	}
	return parts
}

// partKey names a part in the cache of part ids.
type partKey struct {
	model int64
	hash  partHash
}

// partCacheMax bounds the part ids the cache keeps (about 60 bytes each);
// a full cache starts over.
const partCacheMax = 200_000

// partCache remembers the ids of committed parts by content. A part is
// never changed and only deleted with its model, whose id is never used
// again, so an entry stays true also while other instances write. Entries
// are added only after the transaction that read or wrote them commits.
type partCache struct {
	mu  sync.Mutex
	ids map[partKey]int64
}

func (c *partCache) get(k partKey) (int64, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	id, ok := c.ids[k]
	return id, ok
}

func (c *partCache) put(model int64, hashes []partHash, ids []int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.ids == nil || len(c.ids)+len(hashes) > partCacheMax {
		c.ids = make(map[partKey]int64, len(hashes))
	}
	for i, h := range hashes {
		c.ids[partKey{model, h}] = ids[i]
	}
}

// storeParts stores the parts of s that model does not hold yet and
// returns the manifest of s.
func (db *DB) storeParts(ctx context.Context, model int64, s *explorer.Structure) ([]byte, error) {
	parts := encodeParts(s)
	ids := make([]int64, len(parts))
	var missing []int
	for i := range parts {
		id, ok := db.parts.get(partKey{model, parts[i].hash})
		if !ok {
			missing = append(missing, i)
		}
		ids[i] = id
	}
	if len(missing) > 0 {
		if err := db.resolveParts(ctx, model, parts, ids, missing); err != nil {
			return nil, err
		}
	}
	manifest := make([]byte, 0, 64+len(parts)*3)
	return appendManifest(manifest, s, ids[0], ids[1:]), nil
}

// resolveParts finds or inserts the parts at missing and sets their ids;
// the cache learns them when the transaction commits.
func (db *DB) resolveParts(ctx context.Context, model int64, parts []part, ids []int64, missing []int) error {
	hashes := make([][]byte, len(missing))
	for j, i := range missing {
		hashes[j] = parts[i].hash[:]
	}
	found, err := db.findParts(ctx, model, hashes)
	if err != nil {
		return err
	}
	learned := make([]partHash, len(missing))
	learnedIDs := make([]int64, len(missing))
	for j, i := range missing {
		h := parts[i].hash
		id, ok := found[h]
		if !ok {
			if id, err = db.insertPart(ctx, model, parts[i]); err != nil {
				return err
			}
			found[h] = id
		}
		ids[i], learned[j], learnedIDs[j] = id, h, id
	}
	db.afterCommit(ctx, func() { db.parts.put(model, learned, learnedIDs) })
	return nil
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

// findParts returns the ids of the model's parts with the given hashes.
func (db *DB) findParts(ctx context.Context, model int64, hashes [][]byte) (map[partHash]int64, error) {
	found := make(map[partHash]int64, len(hashes))
	for start := 0; start < len(hashes); start += inChunk {
		chunk := hashes[start:min(start+inChunk, len(hashes))]
		list, size := inList(len(chunk))
		rows, err := db.query(ctx, `SELECT hash, id FROM model_parts WHERE model_id = ? AND hash IN (`+list+`)`,
			padArgs([]any{model}, chunk, size)...)
		if err != nil {
			return nil, err
		}
		for rows.Next() {
			var h sql.RawBytes
			var id int64
			if err := rows.Scan(&h, &id); err != nil {
				rows.Close()
				return nil, db.mapError(err, "")
			}
			var k partHash
			copy(k[:], h)
			found[k] = id
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, db.mapError(err, "")
		}
	}
	return found, nil
}

// insertPart stores a part and returns its id; a part with the same
// content stored meanwhile (another instance) is returned instead.
func (db *DB) insertPart(ctx context.Context, model int64, p part) (int64, error) {
	var id int64
	err := db.queryRowTx(ctx, `INSERT INTO model_parts (model_id, hash, content) VALUES (?, ?, ?)
		ON CONFLICT (model_id, hash) DO NOTHING RETURNING id`, model, p.hash[:], p.content).Scan(&id)
	if err == sql.ErrNoRows {
		err = db.queryRowTx(ctx, `SELECT id FROM model_parts WHERE model_id = ? AND hash = ?`, model, p.hash[:]).Scan(&id)
	}
	return id, db.mapError(err, "")
}

// readParts returns the content of the model's parts with the given ids.
func (db *DB) readParts(ctx context.Context, model int64, ids []int64) (map[int64][]byte, error) {
	out := make(map[int64][]byte, len(ids))
	for start := 0; start < len(ids); start += inChunk {
		chunk := ids[start:min(start+inChunk, len(ids))]
		list, size := inList(len(chunk))
		rows, err := db.query(ctx, `SELECT id, content FROM model_parts WHERE model_id = ? AND id IN (`+list+`)`,
			padArgs([]any{model}, chunk, size)...)
		if err != nil {
			return nil, err
		}
		for rows.Next() {
			var id int64
			var content []byte
			if err := rows.Scan(&id, &content); err != nil {
				rows.Close()
				return nil, db.mapError(err, "")
			}
			out[id] = content
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, db.mapError(err, "")
		}
	}
	return out, nil
}

// readVersion builds the structure a manifest names.
func (db *DB) readVersion(ctx context.Context, model int64, manifest []byte) (*explorer.Structure, error) {
	s, ignore, refs, err := decodeManifest(manifest)
	if err != nil {
		return nil, err
	}
	contents, err := db.readParts(ctx, model, append(refs, ignore))
	if err != nil {
		return nil, err
	}
	if err := decodeIgnore(contents[ignore], s); err != nil {
		return nil, err
	}
	i := 0
	for gi := range s.Groups {
		for ti := range s.Groups[gi].Topics {
			t, err := decodeTopic(contents[refs[i]])
			if err != nil {
				return nil, err
			}
			s.Groups[gi].Topics[ti] = t
			i++
		}
	}
	return s, nil
}

// versionError wraps a problem of a stored version.
func versionError(model int64, version int, err error) error {
	if _, ok := err.(*explorer.Error); ok {
		return err
	}
	return explorer.Internal(fmt.Errorf("model %d version %d: %w", model, version, err))
}
