-- A project's learnt word space ("Learn words", issue 33): the file kept in
-- the database, so that every instance behind a load balancer suggests the
-- same words (each kept its own folder before). version grows at every
-- build: instances cache a loaded space by project and version.
CREATE TABLE project_spaces (
    project_id BIGINT PRIMARY KEY REFERENCES projects(id) ON DELETE CASCADE,
    account_id BIGINT NOT NULL,
    language TEXT NOT NULL,
    version BIGINT NOT NULL,
    data {{BLOB}} NOT NULL
);
CREATE INDEX project_spaces_account ON project_spaces(account_id, language);
CREATE INDEX project_spaces_language ON project_spaces(language);
