-- The audit log: one row per security-relevant event (audit.go), written
-- in the transaction of the action it records. No foreign keys: a record
-- outlives the user, model or token it names. Refused sign-ins of one
-- name from one address within an hour are folded into one row (count,
-- last_at). Times are Unix milliseconds.
CREATE TABLE audit_events (
    id {{ID}},
    at BIGINT NOT NULL,
    last_at BIGINT NOT NULL,
    count BIGINT NOT NULL DEFAULT 1,
    actor TEXT NOT NULL,
    action TEXT NOT NULL,
    target TEXT NOT NULL,
    outcome TEXT NOT NULL,
    client_addr TEXT NOT NULL,
    request_id TEXT NOT NULL,
    detail TEXT NOT NULL
);
CREATE INDEX audit_events_at ON audit_events (at);
CREATE INDEX audit_events_actor ON audit_events (actor, at);
CREATE INDEX audit_events_target ON audit_events (target, at);
CREATE INDEX audit_events_action ON audit_events (action, at);
