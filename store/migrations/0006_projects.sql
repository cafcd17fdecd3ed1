-- The rows of imported projects (cells as a JSON array of strings, in the
-- order of the project's headers; num counts data rows from 1) and the
-- number of texts matching each topic when the project was last explored.
CREATE TABLE project_rows (
    project_id BIGINT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
    num INTEGER NOT NULL,
    cells TEXT NOT NULL,
    PRIMARY KEY (project_id, num)
);

CREATE TABLE project_topic_counts (
    project_id BIGINT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
    topic_id BIGINT NOT NULL,
    texts INTEGER NOT NULL,
    PRIMARY KEY (project_id, topic_id)
);

-- The column explored and how many texts it held (0: never explored).
ALTER TABLE projects ADD COLUMN text_column TEXT NOT NULL DEFAULT '';
ALTER TABLE projects ADD COLUMN explored_texts INTEGER NOT NULL DEFAULT 0;
