-- The service layer's code of a failed job's error (invalid, too-large,
-- ...; '' when it did not fail): a request waiting for a job run by
-- another instance, or one that ended before it waited, answers with the
-- step's own status instead of a conflict.
ALTER TABLE jobs ADD COLUMN error_code TEXT NOT NULL DEFAULT '';
