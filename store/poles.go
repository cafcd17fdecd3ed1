package store

import (
	"context"
	"database/sql"
	"strings"

	explorer "explorer"
	"explorer/poles"
)

const poleColumns = `p.id, p.owner_id, u.username, p.name, p.description, p.language, p.created_at, p.updated_at`

const poleFrom = ` FROM poles p JOIN users u ON u.id = p.owner_id`

// CreatePole inserts p with its parts and sets its ID.
func (db *DB) CreatePole(ctx context.Context, p *poles.Pole) error {
	id, err := db.insert(ctx, `INSERT INTO poles (owner_id, name, description, language, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)`,
		p.OwnerID, p.Name, p.Description, p.Language, ms(p.Created), ms(p.Updated))
	if err != nil {
		return err
	}
	p.ID = id
	if err := db.insertParts(ctx, id, 0, p.Parts); err != nil {
		return err
	}
	return db.charge(ctx, p.OwnerID, poleTextBytes(p)+polePartsBytes(p.Parts))
}

// partsPerInsert is how many parts one INSERT statement carries.
const partsPerInsert = 200

// insertParts inserts parts in order, numbering them from first.
func (db *DB) insertParts(ctx context.Context, poleID int64, first int, parts []poles.PolePart) error {
	for start := 0; start < len(parts); start += partsPerInsert {
		chunk := parts[start:min(start+partsPerInsert, len(parts))]
		var q strings.Builder
		q.WriteString(`INSERT INTO pole_parts (pole_id, seq, term, term_key, weight) VALUES `)
		args := make([]any, 0, 5*len(chunk))
		for i, part := range chunk {
			if i > 0 {
				q.WriteString(", ")
			}
			q.WriteString("(?, ?, ?, ?, ?)")
			args = append(args, poleID, first+start+i, part.Term, explorer.TermKey(part.Term), part.Weight)
		}
		if _, err := db.exec(ctx, q.String(), args...); err != nil {
			if explorer.ErrorCode(err) == explorer.ECONFLICT {
				return explorer.Invalid("a pole holds each term once", explorer.FieldError{Field: "parts", Message: "holds a term twice"})
			}
			return err
		}
	}
	return nil
}

// FindPoleByID returns a pole with its parts: its row, then its parts
// alone (a join would repeat the pole's columns on each of up to 10,000
// rows: 3.5 times the CPU for 10,000 parts on SQLite), both read from
// one snapshot: in the caller's transaction, else in a read-only one.
func (db *DB) FindPoleByID(ctx context.Context, id int64) (*poles.Pole, error) {
	if t, ok := ctx.Value(txKey{}).(*tx); ok && t.db == db {
		return db.poleWithParts(ctx, t, id)
	}
	rtx, err := db.read.BeginTx(ctx, &sql.TxOptions{ReadOnly: true, Isolation: sql.LevelRepeatableRead})
	if err != nil {
		return nil, db.mapError(err, "")
	}
	defer rtx.Rollback()
	return db.poleWithParts(ctx, rtx, id)
}

// poleWithParts reads pole id and its parts through q.
func (db *DB) poleWithParts(ctx context.Context, q querier, id int64) (*poles.Pole, error) {
	var (
		p                poles.Pole
		created, updated int64
	)
	err := q.QueryRowContext(ctx, db.dialect.Rebind(`SELECT `+poleColumns+poleFrom+` WHERE p.id = ?`), id).
		Scan(&p.ID, &p.OwnerID, &p.Owner, &p.Name, &p.Description, &p.Language, &created, &updated)
	if err != nil {
		return nil, db.mapError(err, "pole not found")
	}
	p.Created, p.Updated = fromMillis(created), fromMillis(updated)
	rows, err := q.QueryContext(ctx, db.dialect.Rebind(`SELECT term, weight FROM pole_parts WHERE pole_id = ? ORDER BY seq`), id)
	if err != nil {
		return nil, db.mapError(err, "")
	}
	defer rows.Close()
	p.Parts = []poles.PolePart{}
	for rows.Next() {
		var part poles.PolePart
		if err := rows.Scan(&part.Term, &part.Weight); err != nil {
			return nil, db.mapError(err, "")
		}
		p.Parts = append(p.Parts, part)
	}
	return &p, db.mapError(rows.Err(), "")
}

// FindPoleForUpdate returns a pole like FindPoleByID; inside a transaction
// it first writes the pole's row, which locks it until the transaction
// ends on every database (SQLite already holds the write lock).
func (db *DB) FindPoleForUpdate(ctx context.Context, id int64) (*poles.Pole, error) {
	if _, ok := ctx.Value(txKey{}).(*tx); ok {
		if _, err := db.exec(ctx, `UPDATE poles SET updated_at = updated_at WHERE id = ?`, id); err != nil {
			return nil, err
		}
	}
	return db.FindPoleByID(ctx, id)
}

// FindPoles lists the poles of the filter's owners by id, with parts.
func (db *DB) FindPoles(ctx context.Context, f poles.PoleFilter) ([]*poles.Pole, error) {
	if len(f.OwnerIDs) == 0 {
		return []*poles.Pole{}, nil
	}
	query, args := findPolesSQL(f)
	return db.findPoles(ctx, query, args...)
}

// findPolesSQL is the query of FindPoles with its arguments: the poles
// of the owners, by id, with their parts; in a window, the poles' ids
// are read first, through the index poles_owner_id, and only the
// window's poles are joined with their parts. For one owner the ids are
// read no further than the window's end. For several (a manager's list)
// every pole of those owners is read and sorted before the window is
// cut: a union of per-owner reads each bounded by the window's end, as
// findModelsSQL's, would bound it, but it would be one term per managed
// user and SQLite allows 500 terms in a compound select.
func findPolesSQL(f poles.PoleFilter) (string, []any) {
	in, args := inIDs(f.OwnerIDs)
	owners := `owner_id IN ` + in
	parts := ` LEFT JOIN pole_parts pp ON pp.pole_id = p.id`
	window, wargs := f.Page.SQL()
	if window == "" {
		return `SELECT ` + poleColumns + `, pp.term, pp.weight` + poleFrom + parts + ` WHERE p.` + owners + ` ORDER BY p.id, pp.seq`, args
	}
	// The window counts poles, not the rows of their parts.
	return `SELECT ` + poleColumns + `, pp.term, pp.weight FROM (SELECT id FROM poles WHERE ` + owners + ` ORDER BY id` + window + `) i
		JOIN poles p ON p.id = i.id JOIN users u ON u.id = p.owner_id` + parts + ` ORDER BY p.id, pp.seq`, append(args, wargs...)
}

// findPoles reads the poles a query of findPolesSQL finds, by id, with
// their parts, in one query so that a pole and its parts come from one
// snapshot.
func (db *DB) findPoles(ctx context.Context, query string, args ...any) ([]*poles.Pole, error) {
	rows, err := db.query(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []*poles.Pole{}
	var last *poles.Pole
	for rows.Next() {
		var (
			p       poles.Pole
			created int64
			updated int64
			term    sql.NullString
			weight  sql.NullFloat64
		)
		if err := rows.Scan(&p.ID, &p.OwnerID, &p.Owner, &p.Name, &p.Description, &p.Language, &created, &updated, &term, &weight); err != nil {
			return nil, db.mapError(err, "")
		}
		if last == nil || last.ID != p.ID {
			p.Created, p.Updated = fromMillis(created), fromMillis(updated)
			p.Parts = []poles.PolePart{}
			last = &p
			out = append(out, last)
		}
		if term.Valid {
			last.Parts = append(last.Parts, poles.PolePart{Term: term.String, Weight: weight.Float64})
		}
	}
	return out, db.mapError(rows.Err(), "")
}

// weightUpdatesMax is how many weights UpdatePole changes one by one;
// beyond, it rewrites the parts from the first change.
const weightUpdatesMax = 20

// UpdatePole replaces the fields of p and makes its parts p.Parts. old
// are the parts the pole holds, read in the same transaction: the parts
// the two share at the start are kept (their weights updated), the rest
// is rewritten. Appending a term or changing a weight thus writes little.
func (db *DB) UpdatePole(ctx context.Context, p *poles.Pole, old []poles.PolePart) error {
	return db.InTx(ctx, func(ctx context.Context) error {
		// The owner is charged what the pole stores now less what it
		// stored: its old name and description (read by the statement)
		// and old parts.
		grown := poleTextBytes(p) + polePartsBytes(p.Parts) - polePartsBytes(old)
		if err := db.chargeOwner(ctx, "poles", p.ID, grown, "OCTET_LENGTH(name) + OCTET_LENGTH(description)"); err != nil {
			return err
		}
		err := db.updateOne(ctx, "pole not found", `UPDATE poles SET name = ?, description = ?, language = ?, updated_at = ? WHERE id = ?`,
			p.Name, p.Description, p.Language, ms(p.Updated), p.ID)
		if err != nil {
			return err
		}
		keep := 0
		for keep < len(old) && keep < len(p.Parts) && old[keep].Term == p.Parts[keep].Term {
			keep++
		}
		var changed []int
		for i := 0; i < keep; i++ {
			if old[i].Weight != p.Parts[i].Weight {
				changed = append(changed, i)
			}
		}
		if len(changed) > weightUpdatesMax {
			keep, changed = changed[0], nil
		}
		for _, i := range changed {
			if _, err := db.exec(ctx, `UPDATE pole_parts SET weight = ? WHERE pole_id = ? AND seq = ?`, p.Parts[i].Weight, p.ID, i); err != nil {
				return err
			}
		}
		if keep < len(old) {
			if _, err := db.exec(ctx, `DELETE FROM pole_parts WHERE pole_id = ? AND seq >= ?`, p.ID, keep); err != nil {
				return err
			}
		}
		return db.insertParts(ctx, p.ID, keep, p.Parts[keep:])
	})
}

// DeletePole deletes a pole; its parts and declined terms go with it, and
// its owner gets back what they stored.
func (db *DB) DeletePole(ctx context.Context, id int64) error {
	return db.InTx(ctx, func(ctx context.Context) error {
		if err := db.chargeOwner(ctx, "poles", id, 0, poleBytesSQL); err != nil {
			return err
		}
		if _, err := db.exec(ctx, `DELETE FROM pole_rejections WHERE pole_id = ?`, id); err != nil {
			return err
		}
		if _, err := db.exec(ctx, `DELETE FROM pole_parts WHERE pole_id = ?`, id); err != nil {
			return err
		}
		return db.updateOne(ctx, "pole not found", `DELETE FROM poles WHERE id = ?`, id)
	})
}
