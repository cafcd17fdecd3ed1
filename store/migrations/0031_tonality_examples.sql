-- Typical examples (issue 31, item 5): the rows of a topic's most typical
-- texts, chosen when its tonality is measured, comma-separated in the
-- order shown ('' when none were chosen: the first mentions are shown).
ALTER TABLE project_tonality ADD COLUMN examples TEXT NOT NULL DEFAULT '';
