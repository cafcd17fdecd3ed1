package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	explorer "explorer"
	"explorer/identity"
)

const userColumns = `id, username, password_hash, role, status, created_at, password_changed_at, disabled_at, tokens_revoked, auth_source, external_id`

// userColumnsAs is userColumns of a table aliased as alias.
func userColumnsAs(alias string) string {
	return alias + "." + strings.ReplaceAll(userColumns, ", ", ", "+alias+".")
}

// userWrites is the column a single user's read adds to userColumns: the
// override of writes per minute of the user of table (or alias) table
// (scanUserWrites).
func userWrites(table string) string {
	return `, (SELECT b.writes_per_minute FROM user_budgets b WHERE b.user_id = ` + table + `.id)`
}

// userSettings is the column a page request's user read adds: the
// values the user of table (or alias) table has set, as one JSON object
// (settingValues); NULL or {} when none.
func (db *DB) userSettings(table string) string {
	agg := `json_group_object(st.key, st.value)`
	if db.dialect.Name() == "postgres" {
		agg = `json_object_agg(st.key, st.value)::text`
	}
	return `, (SELECT ` + agg + ` FROM user_settings st WHERE st.user_id = ` + table + `.id)`
}

// settingValues decodes the userSettings column.
func settingValues(col sql.NullString) (explorer.SettingValues, error) {
	v := explorer.SettingValues{Read: true, Values: map[string]string{}}
	if col.Valid && col.String != "" {
		if err := json.Unmarshal([]byte(col.String), &v.Values); err != nil {
			return explorer.SettingValues{}, explorer.Internal(fmt.Errorf("reading a user's settings: %w", err))
		}
	}
	return v, nil
}

func scanUser(sc rowScanner) (*explorer.User, error) { return scanUserWith(sc) }

// scanUserWith scans userColumns, then extra.
func scanUserWith(sc rowScanner, extra ...any) (*explorer.User, error) {
	var u explorer.User
	var created, changed int64
	var disabled sql.NullInt64
	var external sql.NullString
	dest := append([]any{&u.ID, &u.Username, &u.PasswordHash, &u.Role, &u.Status, &created, &changed, &disabled, &u.TokensRevoked, &u.Source, &external}, extra...)
	if err := sc.Scan(dest...); err != nil {
		return nil, err
	}
	u.ExternalID = external.String
	if disabled.Valid {
		at := fromMillis(disabled.Int64)
		u.Disabled = &at
	}
	u.Created = fromMillis(created)
	u.PasswordChanged = fromMillis(changed)
	return &u, nil
}

// CreateUser inserts u and sets its ID.
func (db *DB) CreateUser(ctx context.Context, u *explorer.User) error {
	if u.Source == "" {
		u.Source = explorer.SourceLocal
	}
	var external any
	if u.ExternalID != "" {
		external = u.ExternalID
	}
	id, err := db.insert(ctx, `INSERT INTO users (username, name_key, password_hash, role, status, created_at, password_changed_at, auth_source, external_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		u.Username, explorer.UsernameKey(u.Username), u.PasswordHash, u.Role, u.Status, ms(u.Created), ms(u.PasswordChanged), u.Source, external)
	if err != nil {
		if explorer.ErrorCode(err) == explorer.ECONFLICT {
			return explorer.Errorf(explorer.ECONFLICT, "user %s already exists", u.Username)
		}
		return err
	}
	u.ID = id
	return nil
}

func (db *DB) findUser(ctx context.Context, notFound, where string, args ...any) (*explorer.User, error) {
	// Prepared: every authenticated request reads its user.
	u, err := scanUserWrites(db.pointRow(ctx, `SELECT `+userColumns+userWrites("users")+` FROM users WHERE `+where, args...))
	if err != nil {
		return nil, db.mapError(err, notFound)
	}
	return u, nil
}

// scanUserWrites scans a user read with its writes override (userWrites).
func scanUserWrites(sc rowScanner) (*explorer.User, error) {
	var limit sql.NullInt64
	u, err := scanUserWith(sc, &limit)
	if err != nil {
		return nil, err
	}
	u.Writes = writesOverride(limit)
	return u, nil
}

// writesOverride is the override read with a user (userWrites).
func writesOverride(limit sql.NullInt64) explorer.WritesOverride {
	o := explorer.WritesOverride{Read: true}
	if limit.Valid {
		n := int(limit.Int64)
		o.Limit = &n
	}
	return o
}

// FindUserByID returns the user with id.
func (db *DB) FindUserByID(ctx context.Context, id int64) (*explorer.User, error) {
	return db.findUser(ctx, "user not found", "id = ?", id)
}

// FindUserByName returns the user whose name is username in its
// canonical form (explorer.UsernameKey); a user whose exact name it is
// comes first (one that migration 26 left without the shared key).
func (db *DB) FindUserByName(ctx context.Context, username string) (*explorer.User, error) {
	return db.findUser(ctx, "user "+username+" not found", `name_key = ? OR username = ?
		ORDER BY CASE WHEN username = ? THEN 0 ELSE 1 END LIMIT 1`, explorer.UsernameKey(username), username, username)
}

// FindUserByExternal returns the user a directory (source) knows as id.
func (db *DB) FindUserByExternal(ctx context.Context, source, id string) (*explorer.User, error) {
	return db.findUser(ctx, "no user of that directory entry", "auth_source = ? AND external_id = ?", source, id)
}

// FindUsers lists all users by username.
func (db *DB) FindUsers(ctx context.Context) ([]*explorer.User, error) {
	rows, err := db.query(ctx, `SELECT `+userColumns+` FROM users ORDER BY username`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []*explorer.User
	for rows.Next() {
		u, err := scanUser(rows)
		if err != nil {
			return nil, db.mapError(err, "")
		}
		out = append(out, u)
	}
	return out, db.mapError(rows.Err(), "")
}

// CountUsers returns the number of users.
func (db *DB) CountUsers(ctx context.Context) (int, error) {
	var n int
	err := db.queryRow(ctx, "", `SELECT COUNT(*) FROM users`, nil, &n)
	return n, err
}

// UpdateUserPassword replaces a user's password hash.
func (db *DB) UpdateUserPassword(ctx context.Context, id int64, hash string, changed time.Time) error {
	return db.updateOne(ctx, "user not found", `UPDATE users SET password_hash = ?, password_changed_at = ? WHERE id = ?`, hash, ms(changed), id)
}

// UpdateUserStatus sets a user's account status.
func (db *DB) UpdateUserStatus(ctx context.Context, id int64, status string) error {
	return db.updateOne(ctx, "user not found", `UPDATE users SET status = ? WHERE id = ?`, status, id)
}

// updateOne runs a statement that must touch at least one row.
func (db *DB) updateOne(ctx context.Context, notFound, query string, args ...any) error {
	res, err := db.exec(ctx, query, args...)
	if err != nil {
		return err
	}
	n, err := res.RowsAffected()
	if err != nil {
		return explorer.Internal(err)
	}
	if n == 0 {
		return explorer.Errorf(explorer.ENOTFOUND, "%s", notFound)
	}
	return nil
}

// CreateToken inserts t and sets its ID.
func (db *DB) CreateToken(ctx context.Context, t *identity.Token) error {
	id, err := db.insert(ctx, `INSERT INTO api_tokens (user_id, name, token_hash, created_at, scope, expires_at) VALUES (?, ?, ?, ?, ?, ?)`,
		t.UserID, t.Name, t.Hash, ms(t.Created), t.Scope, nullMillis(t.ExpiresAt))
	t.ID = id
	return err
}

func scanToken(sc rowScanner) (*identity.Token, error) {
	var t identity.Token
	var created int64
	var used, expires sql.NullInt64
	if err := sc.Scan(&t.ID, &t.UserID, &t.Name, &t.Hash, &created, &used, &t.Scope, &expires); err != nil {
		return nil, err
	}
	t.Created, t.LastUsed, t.ExpiresAt = fromMillis(created), timeOrNil(used), timeOrNil(expires)
	return &t, nil
}

const tokenColumns = `id, user_id, name, token_hash, created_at, last_used_at, scope, expires_at`

// FindTokenByHash returns the token whose secret hashes to hash, with its
// user's count of revoked tokens read in the same statement (one snapshot:
// a revocation committed later counts the user's tokens_revoked up).
func (db *DB) FindTokenByHash(ctx context.Context, hash string) (*identity.Token, error) {
	var t identity.Token
	var created int64
	var used, expires sql.NullInt64
	err := db.pointRow(ctx, `SELECT t.id, t.user_id, t.name, t.token_hash, t.created_at, t.last_used_at, t.scope, t.expires_at, u.tokens_revoked
		FROM api_tokens t JOIN users u ON u.id = t.user_id WHERE t.token_hash = ?`, hash).
		Scan(&t.ID, &t.UserID, &t.Name, &t.Hash, &created, &used, &t.Scope, &expires, &t.UserRevoked)
	if err != nil {
		return nil, db.mapError(err, "token not found")
	}
	t.Created, t.LastUsed, t.ExpiresAt = fromMillis(created), timeOrNil(used), timeOrNil(expires)
	return &t, nil
}

// FindTokens lists a user's tokens, newest first.
func (db *DB) FindTokens(ctx context.Context, userID int64) ([]*identity.Token, error) {
	return queryList(ctx, db, `SELECT `+tokenColumns+` FROM api_tokens WHERE user_id = ? ORDER BY id DESC`, []any{userID}, scanToken)
}

// DeleteToken deletes one of a user's tokens and counts the user's
// revoked tokens up, which drops the token from every instance's cache
// (auth.go); call it in a transaction.
func (db *DB) DeleteToken(ctx context.Context, userID, id int64) error {
	if err := db.updateOne(ctx, "token not found", `DELETE FROM api_tokens WHERE id = ? AND user_id = ?`, id, userID); err != nil {
		return err
	}
	_, err := db.exec(ctx, `UPDATE users SET tokens_revoked = tokens_revoked + 1 WHERE id = ?`, userID)
	return err
}

// TouchToken records when a token was last used.
func (db *DB) TouchToken(ctx context.Context, id int64, at time.Time) error {
	_, err := db.exec(ctx, `UPDATE api_tokens SET last_used_at = ? WHERE id = ?`, ms(at), id)
	return err
}

// CreateSession inserts a page session.
func (db *DB) CreateSession(ctx context.Context, s *identity.Session) error {
	var pending any
	if s.Pending {
		pending = 0
	}
	_, err := db.exec(ctx, `INSERT INTO sessions (hash, user_id, csrf, created_at, expires_at, pending_attempts) VALUES (?, ?, ?, ?, ?, ?)`, s.Hash, s.UserID, s.CSRF, ms(s.Created), ms(s.Expires), pending)
	return err
}

// FindSession returns the session with hash.
func (db *DB) FindSession(ctx context.Context, hash string) (*identity.Session, error) {
	var s identity.Session
	var created, expires int64
	var pending sql.NullInt64
	err := db.queryRow(ctx, "session not found", `SELECT hash, user_id, csrf, created_at, expires_at, pending_attempts FROM sessions WHERE hash = ?`, []any{hash}, &s.Hash, &s.UserID, &s.CSRF, &created, &expires, &pending)
	if err != nil {
		return nil, err
	}
	s.Pending, s.Attempts = pending.Valid, int(pending.Int64)
	s.Created, s.Expires = fromMillis(created), fromMillis(expires)
	return &s, nil
}

// FindSessionUser returns a session and its user in one statement (every
// page request reads both).
func (db *DB) FindSessionUser(ctx context.Context, hash string) (*identity.Session, *explorer.User, error) {
	var s identity.Session
	var created, expires int64
	var pending, limit sql.NullInt64
	var settings sql.NullString
	u, err := scanUserWith(db.pointRow(ctx, `SELECT `+userColumnsAs("u")+userWrites("u")+db.userSettings("u")+`,
		s.hash, s.user_id, s.csrf, s.created_at, s.expires_at, s.pending_attempts
		FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.hash = ?`, hash),
		&limit, &settings, &s.Hash, &s.UserID, &s.CSRF, &created, &expires, &pending)
	if err != nil {
		return nil, nil, db.mapError(err, "session not found")
	}
	u.Writes = writesOverride(limit)
	if u.Settings, err = settingValues(settings); err != nil {
		return nil, nil, err
	}
	s.Pending, s.Attempts = pending.Valid, int(pending.Int64)
	s.Created, s.Expires = fromMillis(created), fromMillis(expires)
	return &s, u, nil
}

// DeleteSession deletes a session; deleting a missing one is no error.
func (db *DB) DeleteSession(ctx context.Context, hash string) error {
	_, err := db.exec(ctx, `DELETE FROM sessions WHERE hash = ?`, hash)
	return err
}

// DeleteUserSessions deletes every session of a user.
func (db *DB) DeleteUserSessions(ctx context.Context, userID int64) error {
	_, err := db.exec(ctx, `DELETE FROM sessions WHERE user_id = ?`, userID)
	return err
}

// DeleteOtherSessions deletes every session of a user but the one whose
// hash is keep (all of them when keep is empty).
func (db *DB) DeleteOtherSessions(ctx context.Context, userID int64, keep string) error {
	_, err := db.exec(ctx, `DELETE FROM sessions WHERE user_id = ? AND hash <> ?`, userID, keep)
	return err
}

// TrimUserSessions deletes a user's sessions but the session kept (the
// one just made) and the newest keep−1 others. Sessions made within the
// same millisecond tie on created_at: the one kept is named, so that a
// tie never ends it.
func (db *DB) TrimUserSessions(ctx context.Context, userID int64, keep int, kept string) error {
	_, err := db.exec(ctx, `DELETE FROM sessions WHERE user_id = ? AND hash <> ? AND hash NOT IN
		(SELECT hash FROM sessions WHERE user_id = ? AND hash <> ? ORDER BY created_at DESC, hash DESC LIMIT ?)`,
		userID, kept, userID, kept, max(keep-1, 0))
	return err
}

// DeleteExpiredSessions deletes sessions that expired before now.
func (db *DB) DeleteExpiredSessions(ctx context.Context, now time.Time) error {
	_, err := db.exec(ctx, `DELETE FROM sessions WHERE expires_at <= ?`, ms(now))
	return err
}
