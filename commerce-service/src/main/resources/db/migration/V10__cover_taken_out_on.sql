-- The day each cover was taken out, in the site's time zone. Cover starts on the move-in date, or on this day
-- when that is later, and keeps to that rule when the move-in date changes (docs/api/commerce.md, Cover): a
-- move into the past never starts cover before it was taken out.
ALTER TABLE agreements ADD COLUMN cover_taken_out_on date;

-- Cover taken out before the column existed: the day of its id (a UUIDv7, whose first 48 bits are the Unix time
-- in milliseconds it was made), in UTC, and never after the day it starts.
UPDATE agreements
   SET cover_taken_out_on = LEAST(cover_starts_on,
           (to_timestamp(('x' || substr(replace(cover_id::text, '-', ''), 1, 12))::bit(48)::bigint / 1000.0)
                AT TIME ZONE 'UTC')::date)
 WHERE cover_id IS NOT NULL;

ALTER TABLE agreements ADD CONSTRAINT agreements_cover_taken_out_on
    CHECK ((cover_id IS NULL) = (cover_taken_out_on IS NULL));
