package store

import (
	"cmp"
	"context"
	"explorer/models"
	"slices"
	"strings"
	"unicode/utf8"

	explorer "explorer"
	"explorer/poles"
)

// listOrder is the ORDER BY of a list query: the columns cols gives the
// query's sort key ("" is "created", which is id alone unless cols names
// it), then id, all in its direction. An unknown key is EINVALID.
func listOrder(cols map[string][]string, id string, q explorer.ListQuery) (string, error) {
	key := cmp.Or(q.Sort, "created")
	col, ok := cols[key]
	if !ok && key != "created" {
		return "", explorer.Invalid("sort is not a key of this list", explorer.FieldError{Field: "sort", Message: "is not a key of this list"})
	}
	dir := " ASC"
	if q.Desc {
		dir = " DESC"
	}
	parts := append(slices.Clone(col), id)
	return ` ORDER BY ` + strings.Join(parts, dir+", ") + dir, nil
}

// searchCond is the condition (with AND) and argument that keep the rows
// of alias (a row of table) whose column holds text in any case, through
// the list's text index (migration 0039): on SQLite the FTS5 trigram
// table for three characters or more, on PostgreSQL pg_trgm's index on
// the lower-case column. Shorter text on SQLite is a LIKE, in any case
// for ASCII letters (the list's other condition bounds the rows it reads).
func (db *DB) searchCond(table, alias, column, text string) (string, []any) {
	if text == "" {
		return "", nil
	}
	if db.dialect.Name() == "postgres" {
		return ` AND lower(` + alias + `.` + column + `) LIKE ? ESCAPE '\'`, []any{"%" + likeEscape(strings.ToLower(text)) + "%"}
	}
	if utf8.RuneCountInString(text) < 3 {
		return ` AND ` + alias + `.` + column + ` LIKE ? ESCAPE '\'`, []any{"%" + likeEscape(text) + "%"}
	}
	return ` AND ` + alias + `.id IN (SELECT rowid FROM ` + table + `_search WHERE ` + table + `_search MATCH ?)`,
		[]any{`"` + strings.ReplaceAll(text, `"`, `""`) + `"`}
}

// likeEscape escapes LIKE's wildcards and its escape character.
func likeEscape(s string) string {
	return strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(s)
}

// modelSortColumns are the columns of the models list's sort keys.
var modelSortColumns = map[string][]string{
	"title": {"COALESCE(m.title, '')"}, "type": {"m.type"}, "language": {"m.language"}, "owner": {"u.username"},
	"groups": {"m.groups_count"}, "topics": {"m.topics_count"}, "terms": {"m.terms_count"},
	"versions": {"m.versions_count"}, "changed": {"m.latest_at"},
}

// ListModels is the window of the models userID owns or has access to
// that q selects, with their counts, and the number of those models. In
// the order of creation and not searched it is FindModels' query (each id
// index read no further than the window's end); otherwise the user's
// models (bounded by the per-user budget and the shares) are read from
// the same indexes, searched and sorted.
func (db *DB) ListModels(ctx context.Context, userID int64, q explorer.ListQuery) ([]*models.ModelRecord, int, error) {
	total, err := db.countModels(ctx, userID, q.Q)
	if err != nil {
		return nil, 0, err
	}
	query, args, err := db.listModelsSQL(userID, q)
	if err != nil {
		return nil, 0, err
	}
	list, err := queryList(ctx, db, query, args, scanModel)
	return list, total, err
}

// modelIDs are the ids of the models a user (the two arguments) owns or
// has access to.
const modelIDs = `(SELECT id FROM models WHERE owner_id = ? UNION ALL SELECT model_id FROM model_accesses WHERE user_id = ?)`

func (db *DB) countModels(ctx context.Context, userID int64, text string) (int, error) {
	cond, cargs := db.searchCond("models", "m", "title", text)
	var n int
	err := db.queryRow(ctx, "", `SELECT COUNT(*) FROM `+modelIDs+` i JOIN models m ON m.id = i.id WHERE 1 = 1`+cond,
		append([]any{userID, userID}, cargs...), &n)
	return n, err
}

// listModelsSQL is the query of ListModels with its arguments.
func (db *DB) listModelsSQL(userID int64, q explorer.ListQuery) (string, []any, error) {
	if q.Q == "" && (q.Sort == "" || q.Sort == "created") {
		query, args := findModelsSQLDir(userID, q.Page, q.Desc)
		return query, args, nil
	}
	order, err := listOrder(modelSortColumns, "m.id", q)
	if err != nil {
		return "", nil, err
	}
	cond, cargs := db.searchCond("models", "m", "title", q.Q)
	window, wargs := q.Page.SQL()
	args := append([]any{userID, userID, userID, userID}, cargs...)
	return `SELECT ` + modelColumns + ` FROM ` + modelIDs + ` i JOIN models m ON m.id = i.id` + modelJoins +
		` WHERE 1 = 1` + cond + order + window, append(args, wargs...), nil
}

// projectSortColumns are the columns of the projects list's sort keys.
var projectSortColumns = map[string][]string{"title": {"p.title"}, "status": {"p.status"}, "rows": {"p.verbatims"}}

// failedImport is the condition of a project whose import failed: it
// holds no row and is only ever deleted.
const failedImport = `p.status = '` + explorer.ProjectFailed + `' AND p.status_message LIKE 'import failed:%'`

// ListProjects is the window of the projects ownerID owns that q selects,
// and their number: failed imports only, or all but them. The rows read
// are the owner's (projects_owner_id), bounded by the per-user budget.
func (db *DB) ListProjects(ctx context.Context, ownerID int64, q explorer.ListQuery, failed bool) ([]*explorer.Project, int, error) {
	where, args, order, err := db.listProjectsWhere(ownerID, q, failed)
	if err != nil {
		return nil, 0, err
	}
	var total int
	if err := db.queryRow(ctx, "", `SELECT COUNT(*) FROM projects p WHERE `+where, args, &total); err != nil {
		return nil, 0, err
	}
	window, wargs := q.Page.SQL()
	out, err := queryList(ctx, db, projectSelect+` WHERE `+where+order+window, append(args, wargs...), scanProject)
	if err != nil {
		return nil, 0, err
	}
	return out, total, db.loadHeaders(ctx, out)
}

// listProjectsWhere is the condition, arguments and order of ListProjects.
func (db *DB) listProjectsWhere(ownerID int64, q explorer.ListQuery, failed bool) (string, []any, string, error) {
	order, err := listOrder(projectSortColumns, "p.id", q)
	if err != nil {
		return "", nil, "", err
	}
	where := `p.owner_id = ? AND NOT (` + failedImport + `)`
	if failed {
		where = `p.owner_id = ? AND ` + failedImport
	}
	cond, cargs := db.searchCond("projects", "p", "title", q.Q)
	return where + cond, append([]any{ownerID}, cargs...), order, nil
}

// poleSortColumns are the columns of the poles list's sort keys; a
// pole's terms are counted from its parts (the owners' poles are bounded
// by the per-user budget).
var poleSortColumns = map[string][]string{
	"name": {"p.name"}, "language": {"p.language"}, "terms": {"(SELECT COUNT(*) FROM pole_parts x WHERE x.pole_id = p.id)"},
}

// ListPoles is the window of the poles of ownerIDs that q selects, with
// their parts, and their number: the window's ids are read first (the
// owners' rows, through poles_owner_id and the name's text index), then
// only those poles with their parts.
func (db *DB) ListPoles(ctx context.Context, ownerIDs []int64, q explorer.ListQuery) ([]*poles.Pole, int, error) {
	if len(ownerIDs) == 0 {
		return []*poles.Pole{}, 0, nil
	}
	from, args, order, err := db.listPolesSQL(ownerIDs, q)
	if err != nil {
		return nil, 0, err
	}
	var total int
	if err := db.queryRow(ctx, "", `SELECT COUNT(*)`+from, args, &total); err != nil {
		return nil, 0, err
	}
	window, wargs := q.Page.SQL()
	ids, err := queryList(ctx, db, `SELECT p.id`+from+order+window, append(args, wargs...),
		func(sc rowScanner) (id int64, err error) { return id, sc.Scan(&id) })
	if err != nil || len(ids) == 0 {
		return []*poles.Pole{}, total, err
	}
	in, iargs := inIDs(ids)
	list, err := db.findPoles(ctx, `SELECT `+poleColumns+`, pp.term, pp.weight`+poleFrom+
		` LEFT JOIN pole_parts pp ON pp.pole_id = p.id WHERE p.id IN `+in+` ORDER BY p.id, pp.seq`, iargs...)
	if err != nil {
		return nil, 0, err
	}
	byID := make(map[int64]*poles.Pole, len(list))
	for _, p := range list {
		byID[p.ID] = p
	}
	out := make([]*poles.Pole, 0, len(ids))
	for _, id := range ids {
		if p, ok := byID[id]; ok {
			out = append(out, p)
		}
	}
	return out, total, nil
}

// listPolesSQL is the FROM and WHERE of ListPoles' queries, with their
// arguments, and the order of its ids' query.
func (db *DB) listPolesSQL(ownerIDs []int64, q explorer.ListQuery) (string, []any, string, error) {
	order, err := listOrder(poleSortColumns, "p.id", q)
	if err != nil {
		return "", nil, "", err
	}
	owners, args := inIDs(ownerIDs)
	cond, cargs := db.searchCond("poles", "p", "name", q.Q)
	return ` FROM poles p WHERE p.owner_id IN ` + owners + cond, append(args, cargs...), order, nil
}

// inIDs is the parenthesised list of placeholders of ids, with them.
func inIDs(ids []int64) (string, []any) {
	args := make([]any, len(ids))
	for i, id := range ids {
		args[i] = id
	}
	return `(` + strings.TrimSuffix(strings.Repeat("?, ", len(ids)), ", ") + `)`, args
}
