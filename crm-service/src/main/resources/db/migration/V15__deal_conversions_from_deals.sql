-- The deals quoted or reserved before the conversion tables existed (V14), counted once as the report counts new
-- ones: quoted on the day of quoted_at, reserved on the day of reserved_at (the reservation made for the deal,
-- which is what moves a deal to its reserved stage), each day in the operator's time zone (London when auth has
-- not published the operator's settings yet, or names a zone PostgreSQL does not know).
INSERT INTO deal_conversions (account_id, deal_id, kind, day, site_id, channel, unit_type_id, counted_at)
SELECT d.account_id, d.id, c.kind, CAST(c.at AT TIME ZONE coalesce(z.name, 'Europe/London') AS date),
       d.site_id, d.channel, d.unit_type_id, now()
  FROM deals d
  LEFT JOIN account_settings s ON s.account_id = d.account_id
  LEFT JOIN pg_timezone_names z ON z.name = s.timezone
 CROSS JOIN LATERAL (VALUES ('quoted', d.quoted_at), ('reserved', d.reserved_at)) AS c (kind, at)
 WHERE c.at IS NOT NULL;

INSERT INTO conversion_days (account_id, day, site_id, channel, unit_type_id, quoted, reserved)
SELECT account_id, day, site_id, channel, unit_type_id, count(*) FILTER (WHERE kind = 'quoted'),
       count(*) FILTER (WHERE kind = 'reserved')
  FROM deal_conversions
 GROUP BY account_id, day, site_id, channel, unit_type_id;

INSERT INTO conversion_months_by_channel (account_id, month, site_id, channel, quoted, reserved)
SELECT account_id, day - CAST(extract(day FROM day) AS integer) + 1, site_id, channel,
       count(*) FILTER (WHERE kind = 'quoted'), count(*) FILTER (WHERE kind = 'reserved')
  FROM deal_conversions
 GROUP BY 1, 2, 3, 4;

INSERT INTO conversion_months_by_unit_type (account_id, month, site_id, unit_type_id, quoted, reserved)
SELECT account_id, day - CAST(extract(day FROM day) AS integer) + 1, site_id, unit_type_id,
       count(*) FILTER (WHERE kind = 'quoted'), count(*) FILTER (WHERE kind = 'reserved')
  FROM deal_conversions
 GROUP BY 1, 2, 3, 4;
