-- The notification budget: at most a fixed number of mails an hour to one
-- recipient; more are folded into one digest.
-- counted_at is when a mail counts against its recipient's budget: its
-- queuing time, or for a mail folded into a digest (folded = 1) the
-- digest's due time, which all the rows of one digest share (a digest is
-- the folded rows of one recipient with one counted_at, sent as one mail).
-- about names what a mail is about (such as model-invitation:12), so that
-- its unsent mail is withdrawn (status withdrawn) when that goes away.
ALTER TABLE mail_queue ADD COLUMN about TEXT;
ALTER TABLE mail_queue ADD COLUMN folded INTEGER NOT NULL DEFAULT 0;
ALTER TABLE mail_queue ADD COLUMN counted_at BIGINT;
UPDATE mail_queue SET counted_at = created_at;
CREATE INDEX mail_queue_recipient ON mail_queue(recipient, counted_at);
CREATE INDEX mail_queue_about ON mail_queue(about);
-- One row per recipient ever mailed: queuing a mail updates its row first,
-- so that on PostgreSQL two instances queuing to one recipient wait for
-- each other (the row lock) and count its budget one after the other.
CREATE TABLE mail_recipients (
    recipient TEXT PRIMARY KEY,
    last_queued_at BIGINT NOT NULL
);
