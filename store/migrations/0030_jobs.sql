-- Long work as jobs (issue 31, item 7). A job is one step of a project
-- run outside the request that asked for it: kind import, explore, apply,
-- learn-words or measure; state queued, running, done, failed,
-- interrupted or cancelled. done/total count what it went through (texts
-- read, or bytes of an import's file: unit); result is the URL to read
-- when it is done, error the message when it failed. instance names the
-- server instance running it, or the only one that may (an import, whose
-- file is on that instance: pinned). column_name, topics, groups_n and
-- model_id are the step's parameters. cancel_asked is set by a cancel
-- that the running instance reads at its next progress write.
CREATE TABLE jobs (
    id {{ID}},
    owner_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    project_id BIGINT NOT NULL,
    state TEXT NOT NULL,
    instance TEXT NOT NULL DEFAULT '',
    pinned BOOLEAN NOT NULL DEFAULT FALSE,
    column_name TEXT NOT NULL DEFAULT '',
    topics INTEGER NOT NULL DEFAULT 0,
    groups_n INTEGER NOT NULL DEFAULT 0,
    model_id BIGINT NOT NULL DEFAULT 0,
    unit TEXT NOT NULL DEFAULT 'texts',
    done BIGINT NOT NULL DEFAULT 0,
    total BIGINT NOT NULL DEFAULT 0,
    result TEXT NOT NULL DEFAULT '',
    error TEXT NOT NULL DEFAULT '',
    cancel_asked BOOLEAN NOT NULL DEFAULT FALSE,
    created_at BIGINT NOT NULL,
    started_at BIGINT NOT NULL DEFAULT 0,
    updated_at BIGINT NOT NULL DEFAULT 0,
    ended_at BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX jobs_owner ON jobs(owner_id, id);
CREATE INDEX jobs_state ON jobs(state, id);
CREATE INDEX jobs_project ON jobs(project_id, id);
