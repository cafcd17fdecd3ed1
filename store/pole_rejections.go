package store

import (
	"context"
	"time"

	explorer "explorer"
	"explorer/poles"
)

// AddPoleRejections records declined terms of a pole; a key the pole has
// already declined keeps its first spelling and time. The pole's owner is
// charged what the terms added store (rejectionBytes).
func (db *DB) AddPoleRejections(ctx context.Context, poleID int64, terms []string, at time.Time) error {
	return db.InTx(ctx, func(ctx context.Context) error {
		var added int64
		for _, t := range terms {
			key := explorer.TermKey(t)
			res, err := db.exec(ctx, `INSERT INTO pole_rejections (pole_id, term, term_key, created_at) VALUES (?, ?, ?, ?)
				ON CONFLICT (pole_id, term_key) DO NOTHING`, poleID, t, key, ms(at))
			if err != nil {
				return err
			}
			if n, err := res.RowsAffected(); err != nil {
				return db.mapError(err, "")
			} else if n == 1 {
				added += int64(len(t)+len(key)) + 8
			}
		}
		return db.chargeOwner(ctx, "poles", poleID, added, "0")
	})
}

// FindPoleRejections lists a pole's declined terms, newest first (the
// later spelling first among those of one time).
func (db *DB) FindPoleRejections(ctx context.Context, poleID int64) ([]poles.PoleRejection, error) {
	return queryList(ctx, db, `SELECT term, created_at FROM pole_rejections WHERE pole_id = ? ORDER BY created_at DESC, term_key`, []any{poleID},
		func(sc rowScanner) (r poles.PoleRejection, err error) {
			var created int64
			err = sc.Scan(&r.Term, &created)
			r.Created = fromMillis(created)
			return r, err
		})
}

// DeletePoleRejection removes a pole's declined term of that key and
// gives its owner back what it stored.
func (db *DB) DeletePoleRejection(ctx context.Context, poleID int64, key string) error {
	return db.InTx(ctx, func(ctx context.Context) error {
		var bytes int64
		err := db.queryRow(ctx, "term not declined", `SELECT OCTET_LENGTH(term) + OCTET_LENGTH(term_key) + 8 FROM pole_rejections WHERE pole_id = ? AND term_key = ?`,
			[]any{poleID, key}, &bytes)
		if err != nil {
			return err
		}
		if err := db.updateOne(ctx, "term not declined", `DELETE FROM pole_rejections WHERE pole_id = ? AND term_key = ?`, poleID, key); err != nil {
			return err
		}
		return db.chargeOwner(ctx, "poles", poleID, -bytes, "0")
	})
}
