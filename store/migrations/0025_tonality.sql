-- Tonality measured at explore time (issue 30). One row per project and
-- part: topic_id 0 is the whole text, else a topic of the project's
-- structure; pole_id 0 is the lexicon's tonality, else a pole the project
-- is measured with. positive/negative/neutral count texts by the label
-- of their mention, texts counts the texts with a mention (for poles:
-- those whose mention holds a pole term), score_sum sums their scores,
-- mentions lists (row, score) of each such text, compactly encoded.
CREATE TABLE project_tonality (
    project_id BIGINT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
    topic_id BIGINT NOT NULL,
    pole_id BIGINT NOT NULL,
    positive INTEGER NOT NULL,
    negative INTEGER NOT NULL,
    neutral INTEGER NOT NULL,
    texts INTEGER NOT NULL,
    score_sum {{FLOAT}} NOT NULL,
    mentions {{BLOB}} NOT NULL,
    PRIMARY KEY (project_id, topic_id, pole_id)
);

-- The poles a project is measured with, in the order chosen.
CREATE TABLE project_poles (
    project_id BIGINT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
    pole_id BIGINT NOT NULL REFERENCES poles(id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    PRIMARY KEY (project_id, pole_id)
);
CREATE INDEX project_poles_pole ON project_poles(pole_id);

-- An account's corrections of word polarity: -1, 0 (not an opinion) or 1,
-- per language, applied at the next measurement.
CREATE TABLE word_polarities (
    user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    language TEXT NOT NULL,
    word TEXT NOT NULL,
    polarity INTEGER NOT NULL,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, language, word)
);

-- tonality_state: '' never measured (explored before tonality existed, or
-- not explored), 'measured', 'stale' (a change awaits its measurement);
-- tonality_gen counts the changes, so a measurement saves only when no
-- change came meanwhile; tonality_bytes is what project_tonality stores
-- for it (charged to the owner); dropped_poles names the poles deleted
-- while the project used them, until the project page has shown them.
ALTER TABLE projects ADD COLUMN tonality_state TEXT NOT NULL DEFAULT '';
ALTER TABLE projects ADD COLUMN tonality_gen BIGINT NOT NULL DEFAULT 0;
ALTER TABLE projects ADD COLUMN tonality_bytes BIGINT NOT NULL DEFAULT 0;
ALTER TABLE projects ADD COLUMN dropped_poles TEXT NOT NULL DEFAULT '';
