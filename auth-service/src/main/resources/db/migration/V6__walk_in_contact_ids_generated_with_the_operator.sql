-- The walk-in sales records' ids are now generated with the operator: commerce-service creates the records under
-- exactly those ids when it consumes operator.created (or operator.settings_updated), so no operator is without
-- them. Operators created before get fresh ids here, UUIDv7 like every platform id: the 48-bit Unix time in
-- milliseconds of clock_timestamp() over the first six bytes of gen_random_uuid()'s random bits, then its version
-- nibble (0100) turned to 7 (0111) by setting bits 4 and 5 of byte 6 (set_bit counts from each byte's lowest bit);
-- gen_random_uuid() already carries the RFC 9562 variant (10). The expression is written out twice rather than
-- kept as a function: nothing but this backfill needs ids made in SQL.
UPDATE operators SET
    walk_in_contact_id_live = coalesce(walk_in_contact_id_live, encode(set_bit(set_bit(
        overlay(uuid_send(gen_random_uuid())
                PLACING substring(int8send(floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint) FROM 3)
                FROM 1 FOR 6),
        52, 1), 53, 1), 'hex')::uuid),
    walk_in_contact_id_test = coalesce(walk_in_contact_id_test, encode(set_bit(set_bit(
        overlay(uuid_send(gen_random_uuid())
                PLACING substring(int8send(floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint) FROM 3)
                FROM 1 FOR 6),
        52, 1), 53, 1), 'hex')::uuid)
WHERE walk_in_contact_id_live IS NULL OR walk_in_contact_id_test IS NULL;

-- Every operator now has both, and creation always writes them.
ALTER TABLE operators
    ALTER COLUMN walk_in_contact_id_live SET NOT NULL,
    ALTER COLUMN walk_in_contact_id_test SET NOT NULL,
    ADD CONSTRAINT operators_walk_in_contact_ids_distinct CHECK (walk_in_contact_id_live <> walk_in_contact_id_test);
