ALTER TABLE "tip_records" ADD COLUMN "corrected_odds" text;--> statement-breakpoint
ALTER TABLE "tip_records" ADD COLUMN "odds_corrected_at" timestamp with time zone;--> statement-breakpoint
-- Tip records keep their race as a 24-hour time and the course (decision 0034): a race typed by hand
-- as "2:10 Ascot" (course in the time, 'Daily Tips' as the placeholder location) becomes "14:10" and
-- "Ascot", with normaliseRaceTime's rule (an hour of 1 to 10 without am/pm is afternoon). A race
-- that does not start with a time is left as it is.
UPDATE "tip_records" SET
  "race_time" = lpad((CASE
      WHEN lower("parsed"."m"[3]) = 'pm' AND "parsed"."m"[1]::int < 12 THEN "parsed"."m"[1]::int + 12
      WHEN lower("parsed"."m"[3]) = 'am' AND "parsed"."m"[1]::int = 12 THEN 0
      WHEN "parsed"."m"[3] IS NULL AND "parsed"."m"[1]::int BETWEEN 1 AND 10 THEN "parsed"."m"[1]::int + 12
      ELSE "parsed"."m"[1]::int
    END)::text, 2, '0') || ':' || "parsed"."m"[2],
  "race_location" = CASE
      WHEN btrim("parsed"."m"[4]) <> '' THEN btrim("parsed"."m"[4])
      WHEN "tip_records"."race_location" = 'Daily Tips' THEN ''
      ELSE "tip_records"."race_location"
    END
FROM (SELECT "id", regexp_match("race_time", '^\s*(\d{1,2})[:.](\d{2})\s*(am|pm)?\s*(.*)$', 'i') AS "m" FROM "tip_records") AS "parsed"
WHERE "parsed"."id" = "tip_records"."id" AND "parsed"."m" IS NOT NULL AND "parsed"."m"[1]::int <= 23 AND "parsed"."m"[2]::int <= 59;
