-- Declined suggestions (pole_rejections) count in the storage budget of
-- the pole's owner from now on: each term, its key and 8 bytes of time,
-- as store/storage.go counts them. Existing ones are added to the
-- counters once.
INSERT INTO user_storage (user_id, bytes)
SELECT o.owner_id, CAST(SUM(OCTET_LENGTH(pr.term) + OCTET_LENGTH(pr.term_key) + 8) AS BIGINT)
FROM pole_rejections pr JOIN poles o ON o.id = pr.pole_id
WHERE 1 = 1
GROUP BY o.owner_id
ON CONFLICT (user_id) DO UPDATE SET bytes = user_storage.bytes + excluded.bytes;
