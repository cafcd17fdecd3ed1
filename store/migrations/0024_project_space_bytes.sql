-- The bytes of the word space file trained on a project's texts (0: none),
-- charged to the project's owner as the project's other bytes are.
ALTER TABLE projects ADD COLUMN space_bytes BIGINT NOT NULL DEFAULT 0;
