package store

import (
	"context"
	"database/sql"
	"strings"

	explorer "explorer"
	"explorer/poles"
)

// What a user stores is counted in user_storage (migration 0017), one row
// per user, charged to the owner of each object by the store method that
// writes it, in the same transaction, and given back by its delete:
//   - a model: each of its parts (the encoding and its 16-byte hash) and
//     each version's manifest (and each amended revision's, kept in
//     model_amendments), so a version costs what it stored anew;
//   - a pole: its name and description, and per term the term, its key
//     (the term in lower case) and 8 bytes of weight; per declined term
//     (pole_rejections, migration 0027) the term, its key and 8 bytes of
//     time;
//   - a project: its title, its groups, topics and ignore terms (JSON),
//     its header names and its rows' text as text_bytes counts it (each
//     cell's bytes plus 3), and the file of its word space (space_bytes,
//     kept in the data directory, not in the database), and what its
//     measured tonality stores (tonality_bytes: each part's encoded
//     mentions plus tonalityPartBytes).
//
// Ids, times, flags and weights of other rows, model titles (at most 500
// characters, one per model) and the topic counts of an explored project
// (one small row per topic of its structure, which counts) are not.
// storageRecount computes the same sum from the data.

// storageRecount is the bytes a user's objects store, from the data; its
// one argument, the user's id, is given nine times.
const storageRecount = `SELECT CAST(
	(SELECT COALESCE(SUM(OCTET_LENGTH(p.content) + 16), 0) FROM model_parts p JOIN models m ON m.id = p.model_id WHERE m.owner_id = ?)
	+ (SELECT COALESCE(SUM(COALESCE(OCTET_LENGTH(v.parts), 0) + OCTET_LENGTH(v.content)), 0) FROM model_versions v JOIN models m ON m.id = v.model_id WHERE m.owner_id = ?)
	+ (SELECT COALESCE(SUM(OCTET_LENGTH(a.parts)), 0) FROM model_amendments a JOIN models m ON m.id = a.model_id WHERE m.owner_id = ?)
	+ (SELECT COALESCE(SUM(OCTET_LENGTH(o.name) + OCTET_LENGTH(o.description)), 0) FROM poles o WHERE o.owner_id = ?)
	+ (SELECT COALESCE(SUM(OCTET_LENGTH(pp.term) + OCTET_LENGTH(pp.term_key) + 8), 0) FROM pole_parts pp JOIN poles o ON o.id = pp.pole_id WHERE o.owner_id = ?)
	+ (SELECT COALESCE(SUM(OCTET_LENGTH(pr.term) + OCTET_LENGTH(pr.term_key) + 8), 0) FROM pole_rejections pr JOIN poles o ON o.id = pr.pole_id WHERE o.owner_id = ?)
	+ (SELECT COALESCE(SUM(j.text_bytes + j.space_bytes + OCTET_LENGTH(j.title) + OCTET_LENGTH(j.structure)), 0) FROM projects j WHERE j.owner_id = ?)
	+ (SELECT COALESCE(SUM(OCTET_LENGTH(h.header)), 0) FROM project_headers h JOIN projects j ON j.id = h.project_id WHERE j.owner_id = ?)
	+ (SELECT COALESCE(SUM(OCTET_LENGTH(t.mentions) + OCTET_LENGTH(t.examples) + 48), 0) FROM project_tonality t JOIN projects j ON j.id = t.project_id WHERE j.owner_id = ?)
	AS BIGINT)`

// StorageUsed returns the bytes charged to a user.
func (db *DB) StorageUsed(ctx context.Context, userID int64) (int64, error) {
	var n int64
	err := db.queryRow(ctx, "", `SELECT COALESCE(MAX(bytes), 0) FROM user_storage WHERE user_id = ?`, []any{userID}, &n)
	return n, err
}

// RecountStorage computes the bytes a user's objects store from the data,
// reading all of them: for tests and checks, never on a write.
func (db *DB) RecountStorage(ctx context.Context, userID int64) (int64, error) {
	var n int64
	err := db.queryRow(ctx, "", storageRecount, []any{userID, userID, userID, userID, userID, userID, userID, userID, userID}, &n)
	return n, err
}

// charge adds delta bytes (negative: frees them) to a user's counter
// and notes in the transaction what it charged and the bytes after.
func (db *DB) charge(ctx context.Context, userID, delta int64) error {
	if delta == 0 {
		return nil
	}
	var c chargeRow
	err := c.scan(db.queryRowTx(ctx, `INSERT INTO user_storage (user_id, bytes) VALUES (?, ?)`+chargeUpsert, userID, delta))
	if err != nil {
		return db.mapError(err, "")
	}
	db.charged(ctx, c, delta)
	return nil
}

// chargeUpsert adds an inserted user_storage row's bytes to the user's
// row when there is one and returns a chargeRow: the user, its bytes
// after and its storage budget override (NULL: none), read in the same
// statement so that the budget's check needs no round trip of its own.
const chargeUpsert = `
	ON CONFLICT (user_id) DO UPDATE SET bytes = user_storage.bytes + excluded.bytes
	RETURNING user_id, bytes, (SELECT b.storage FROM user_budgets b WHERE b.user_id = user_storage.user_id)`

// chargeRow is what chargeUpsert returns.
type chargeRow struct {
	user, used int64
	override   sql.NullInt64
}

func (c *chargeRow) scan(r *sql.Row) error {
	return r.Scan(&c.user, &c.used, &c.override)
}

// charged notes in the transaction of ctx that it charged c.user delta
// bytes, leaving it with c.used, and the budget override it read.
func (db *DB) charged(ctx context.Context, c chargeRow, delta int64) {
	if t := db.inTx(ctx); t != nil {
		if t.charged == nil {
			t.charged = map[int64]explorer.StorageCharge{}
		}
		ch := explorer.StorageCharge{Added: t.charged[c.user].Added + delta, Used: c.used, Read: true}
		if c.override.Valid {
			ch.Override = &c.override.Int64
		}
		t.charged[c.user] = ch
	}
}

// StorageCharged returns what the transaction of ctx charged a user so
// far and the user's bytes after its last charge (zero when none).
func (db *DB) StorageCharged(ctx context.Context, userID int64) explorer.StorageCharge {
	if t := db.inTx(ctx); t != nil {
		return t.charged[userID]
	}
	return explorer.StorageCharge{}
}

// chargeOwner charges the owner of row id of table (models, poles or
// projects) with bytes minus what the SQL expression minus gives,
// evaluated before the row changes ("0" for nothing; each ? in it stands
// for id). A missing row charges nobody. On PostgreSQL the read takes the
// row's lock (the lock an update of it takes) before the owner's storage
// counter: the object before the counter, the order every transaction
// takes them in (DECISIONS-LOCAL.md, "Lock order").
func (db *DB) chargeOwner(ctx context.Context, table string, id, bytes int64, minus string) error {
	args := []any{bytes}
	for range strings.Count(minus, "?") {
		args = append(args, id)
	}
	lock := ""
	if db.path == "" {
		lock = " FOR NO KEY UPDATE"
	}
	var owner, delta int64
	err := db.queryRowTx(ctx, `SELECT owner_id, CAST(CAST(? AS BIGINT) - (`+minus+`) AS BIGINT) FROM `+table+` WHERE id = ?`+lock,
		append(args, id)...).Scan(&owner, &delta)
	if err == sql.ErrNoRows {
		return nil
	}
	if err != nil {
		return db.mapError(err, "")
	}
	return db.charge(ctx, owner, delta)
}

// Expressions of what one object stores (see above), for chargeOwner
// before the object is deleted; each ? stands for the object's id.
const (
	modelBytesSQL = `(SELECT COALESCE(SUM(OCTET_LENGTH(content) + 16), 0) FROM model_parts WHERE model_id = ?)
		+ (SELECT COALESCE(SUM(COALESCE(OCTET_LENGTH(parts), 0) + OCTET_LENGTH(content)), 0) FROM model_versions WHERE model_id = ?)
		+ (SELECT COALESCE(SUM(OCTET_LENGTH(parts)), 0) FROM model_amendments WHERE model_id = ?)`
	poleBytesSQL = `OCTET_LENGTH(name) + OCTET_LENGTH(description)
		+ (SELECT COALESCE(SUM(OCTET_LENGTH(term) + OCTET_LENGTH(term_key) + 8), 0) FROM pole_parts WHERE pole_id = ?)
		+ (SELECT COALESCE(SUM(OCTET_LENGTH(term) + OCTET_LENGTH(term_key) + 8), 0) FROM pole_rejections WHERE pole_id = ?)`
	projectBytesSQL = `text_bytes + space_bytes + tonality_bytes + OCTET_LENGTH(title) + OCTET_LENGTH(structure)
		+ (SELECT COALESCE(SUM(OCTET_LENGTH(header)), 0) FROM project_headers WHERE project_id = ?)`
)

// poleTextBytes is what a pole's name and description store.
func poleTextBytes(p *poles.Pole) int64 {
	return int64(len(p.Name) + len(p.Description))
}

// polePartsBytes is what parts store: term, key and weight.
func polePartsBytes(parts []poles.PolePart) int64 {
	var n int64
	for _, p := range parts {
		n += int64(len(p.Term)+len(explorer.TermKey(p.Term))) + 8
	}
	return n
}
