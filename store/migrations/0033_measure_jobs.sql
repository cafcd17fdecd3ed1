-- Tonality measurements are queued jobs (kind measure) that any instance
-- claims: a project has at most one measurement waiting, so that a second
-- change while one waits queues no other (an insert that would make a
-- second is skipped: ON CONFLICT DO NOTHING).
CREATE UNIQUE INDEX jobs_measure_queued ON jobs(project_id) WHERE kind = 'measure' AND state = 'queued';
