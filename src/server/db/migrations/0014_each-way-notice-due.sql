-- Decision 0034 (addendum): every member who has an each-way bet when this runs is due one notice
-- of how the per-part reading changed their record. The row's time is this upgrade's: the bets
-- logged up to it are the ones whose figures are shown before and after. Nothing else changes.
INSERT INTO "notices_sent" ("user_id", "kind", "occasion", "sent_at")
SELECT DISTINCT "user_id", 'each_way_per_part', 'due', now() FROM "member_bets" WHERE "each_way"
ON CONFLICT DO NOTHING;
