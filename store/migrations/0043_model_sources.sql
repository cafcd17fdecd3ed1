-- The project a model was made from ("Create a model from these topics",
-- issue 35, item 5): the project's page lists and links the models made
-- from it, the new model's page links back. A model made otherwise has no
-- row; deleting the model or the project deletes the row.
CREATE TABLE model_sources (
    model_id BIGINT PRIMARY KEY REFERENCES models(id) ON DELETE CASCADE,
    project_id BIGINT NOT NULL REFERENCES projects(id) ON DELETE CASCADE
);
CREATE INDEX model_sources_project ON model_sources(project_id, model_id);
