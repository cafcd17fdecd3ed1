-- Models with their immutable versions, accesses and invitations; projects
-- (which models are created from and applied to). Times are Unix
-- milliseconds. A version's content is the JSON of its groups, topics and
-- ignore terms.
CREATE TABLE models (
    id {{ID}},
    title TEXT,
    type TEXT NOT NULL,
    language TEXT NOT NULL,
    outdated BOOLEAN NOT NULL DEFAULT FALSE,
    owner_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    created_at BIGINT NOT NULL,
    version INTEGER NOT NULL,
    -- The master project of a DYNAMIC model (no foreign key: projects
    -- refer to models).
    master_project_id BIGINT,
    next_group_id BIGINT NOT NULL,
    next_topic_id BIGINT NOT NULL,
    next_ignore_term_id BIGINT NOT NULL
);
CREATE INDEX models_owner ON models(owner_id);

CREATE TABLE model_versions (
    model_id BIGINT NOT NULL REFERENCES models(id) ON DELETE CASCADE,
    version INTEGER NOT NULL,
    created_at BIGINT NOT NULL,
    content TEXT NOT NULL,
    PRIMARY KEY (model_id, version)
);

CREATE TABLE model_accesses (
    id {{ID}},
    model_id BIGINT NOT NULL REFERENCES models(id) ON DELETE CASCADE,
    user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    rights TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    UNIQUE (model_id, user_id)
);
CREATE INDEX model_accesses_user ON model_accesses(user_id);

CREATE TABLE model_invitations (
    id {{ID}},
    model_id BIGINT NOT NULL REFERENCES models(id) ON DELETE CASCADE,
    sender_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    recipient_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    rights TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    UNIQUE (model_id, recipient_id)
);
CREATE INDEX model_invitations_recipient ON model_invitations(recipient_id);

CREATE TABLE projects (
    id {{ID}},
    owner_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    title TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    verbatims INTEGER NOT NULL,
    encoding TEXT NOT NULL,
    status TEXT NOT NULL,
    status_message TEXT NOT NULL,
    language TEXT NOT NULL,
    -- The project's own groups, topics and ignore terms, as JSON.
    structure TEXT NOT NULL,
    model_id BIGINT REFERENCES models(id) ON DELETE SET NULL,
    explored_version INTEGER
);
CREATE INDEX projects_owner ON projects(owner_id);
CREATE INDEX projects_model ON projects(model_id);

CREATE TABLE project_headers (
    id {{ID}},
    project_id BIGINT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    header TEXT NOT NULL,
    time_series_candidate BOOLEAN NOT NULL,
    filterable BOOLEAN NOT NULL,
    nps_candidate BOOLEAN NOT NULL,
    suggested_language TEXT NOT NULL,
    column_data_size INTEGER NOT NULL,
    empty_cells INTEGER NOT NULL
);
CREATE INDEX project_headers_project ON project_headers(project_id, position);
