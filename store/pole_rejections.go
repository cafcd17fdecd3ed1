package store

import (
	"context"
	"time"

	explorer "explorer"
)

// AddPoleRejections records declined terms of a pole; a key the pole has
// already declined keeps its first spelling and time.
func (db *DB) AddPoleRejections(ctx context.Context, poleID int64, terms []string, at time.Time) error {
	return db.InTx(ctx, func(ctx context.Context) error {
		for _, t := range terms {
			_, err := db.exec(ctx, `INSERT INTO pole_rejections (pole_id, term, term_key, created_at) VALUES (?, ?, ?, ?)
				ON CONFLICT (pole_id, term_key) DO NOTHING`, poleID, t, explorer.TermKey(t), ms(at))
			if err != nil {
				return err
			}
		}
		return nil
	})
}

// FindPoleRejections lists a pole's declined terms, newest first (the
// later spelling first among those of one time).
func (db *DB) FindPoleRejections(ctx context.Context, poleID int64) ([]explorer.PoleRejection, error) {
	return queryList(ctx, db, `SELECT term, created_at FROM pole_rejections WHERE pole_id = ? ORDER BY created_at DESC, term_key`, []any{poleID},
		func(sc rowScanner) (r explorer.PoleRejection, err error) {
			var created int64
			err = sc.Scan(&r.Term, &created)
			r.Created = fromMillis(created)
			return r, err
		})
}

// DeletePoleRejection removes a pole's declined term of that key.
func (db *DB) DeletePoleRejection(ctx context.Context, poleID int64, key string) error {
	return db.updateOne(ctx, "term not declined", `DELETE FROM pole_rejections WHERE pole_id = ? AND term_key = ?`, poleID, key)
}
