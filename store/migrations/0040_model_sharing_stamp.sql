-- The sharing stamp of a model (issue 34, item 1: a 304 decided from one
-- row): it counts the changes of the model's accesses and invitations
-- (the store bumps it in the transaction of each, and for the models of
-- a deleted user, whose accesses and invitations go with it). With the
-- model's row (version, revision, title, outdated, owner, ...) it tells
-- whether a model answer's head changed, without reading its sharing.
ALTER TABLE models ADD COLUMN sharing_stamp BIGINT NOT NULL DEFAULT 0;
