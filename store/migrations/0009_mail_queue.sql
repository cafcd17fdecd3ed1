-- Notification e-mails waiting to be sent (the outbox of the SMTP sender).
-- A sender claims a row by writing a random claim_token and a lease
-- (claimed_until) with a conditional update, so that instances sharing the
-- database never send one row at the same time; a sender that dies leaves
-- the lease to expire. status: pending, sent, failed (gave up).
CREATE TABLE mail_queue (
    id {{ID}},
    recipient TEXT NOT NULL,
    subject TEXT NOT NULL,
    body TEXT NOT NULL,
    status TEXT NOT NULL,
    attempts INTEGER NOT NULL,
    next_attempt_at BIGINT NOT NULL,
    claim_token TEXT,
    claimed_until BIGINT,
    last_error TEXT,
    created_at BIGINT NOT NULL,
    sent_at BIGINT
);
CREATE INDEX mail_queue_due ON mail_queue(status, next_attempt_at);
