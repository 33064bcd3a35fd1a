package com.storageplatform.crm.internal;

import static com.storageplatform.kit.db.Bindings.nullable;

import com.storageplatform.kit.db.AccountStatement;
import com.storageplatform.kit.projection.ProjectedRecords;
import com.storageplatform.kit.projection.RecordsProjection;
import java.time.Instant;
import java.util.Collection;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * What crm knows of other services' records, kept in its {@code records} table (V2) by the kit's
 * {@link RecordsProjection} from their events, each in its owner's REST shape. Empty when the account has no such
 * record (or it was deleted), so a feature answers 422 {@code not_found} on the field that named it.
 */
@Component
public class Records {

    static final String TABLE = "records";

    private final DatabaseClient db;
    private final ProjectedRecords records;

    Records(DatabaseClient db, JsonMapper json) {
        this.db = db;
        this.records = new ProjectedRecords(db, json, TABLE);
    }

    public Mono<JsonNode> site(UUID accountId, UUID id) {
        return records.find(accountId, "site", id);
    }

    public Mono<JsonNode> unitType(UUID accountId, UUID id) {
        return records.find(accountId, "unit_type", id);
    }

    /** A unit of the catalogue (the subject of a note). */
    public Mono<JsonNode> unit(UUID accountId, UUID id) {
        return records.find(accountId, "unit", id);
    }

    public Mono<JsonNode> agreement(UUID accountId, UUID id) {
        return records.find(accountId, "agreement", id);
    }

    /**
     * The names of the account's records of {@code object} among {@code ids}, by id, in one read (a report's labels);
     * deleted records too, so a report over past days still names them. Ids without a record are left out.
     */
    public Mono<Map<UUID, String>> names(UUID accountId, String object, Collection<UUID> ids) {
        return AccountStatement.sql(db, accountId, """
                SELECT id, coalesce(data ->> 'name', CAST(id AS text)) AS name FROM records
                 WHERE account_id = :account_id AND object = :object AND id = ANY(:ids)
                """)
                .bind("object", object).bind("ids", ids.toArray(UUID[]::new))
                .map(row -> Map.entry(row.get("id", UUID.class), row.get("name", String.class)))
                .all()
                .collectMap(Map.Entry::getKey, Map.Entry::getValue);
    }

    public Mono<JsonNode> reservation(UUID accountId, UUID id) {
        return records.find(accountId, "reservation", id);
    }

    /**
     * The id of a reservation that holds a unit (or unit type) for the deal at {@code now}: the one the deal names,
     * or any made for it ({@code deal_id}), still {@code active} with its {@code held_until} not passed. Empty when
     * none does.
     */
    public Mono<UUID> reservedFor(UUID accountId, UUID dealId, UUID reservationId, Instant now) {
        var select = AccountStatement.sql(db, accountId, """
                SELECT id FROM records
                 WHERE account_id = :account_id AND object = 'reservation' AND NOT deleted
                   AND (id = :reservation_id OR data ->> 'deal_id' = :deal_id)
                   AND data ->> 'status' = 'active'
                   AND (data ->> 'held_until' IS NULL OR CAST(data ->> 'held_until' AS timestamptz) > :now)
                 ORDER BY id LIMIT 1
                """)
                .bind("deal_id", dealId.toString())
                .bind("now", now);
        return nullable(select, "reservation_id", reservationId, UUID.class)
                .map(row -> row.get("id", UUID.class))
                .one();
    }

    /**
     * Whether the customer has another hold or booking at the site: an {@code active} reservation other than
     * {@code exceptReservationId}, or an agreement not {@code terminated}.
     */
    public Mono<Boolean> otherHoldOrBooking(UUID accountId, UUID contactId, UUID siteId, UUID exceptReservationId) {
        return AccountStatement.sql(db, accountId, """
                SELECT 1 FROM records
                 WHERE account_id = :account_id AND NOT deleted
                   AND data ->> 'contact_id' = :contact_id AND data ->> 'site_id' = :site_id
                   AND ((object = 'reservation' AND data ->> 'status' = 'active' AND id <> :reservation_id)
                        OR (object = 'agreement' AND data ->> 'status' IS DISTINCT FROM 'terminated'))
                 LIMIT 1
                """)
                .bind("contact_id", contactId.toString())
                .bind("site_id", siteId.toString())
                .bind("reservation_id", exceptReservationId)
                .map(row -> true)
                .one()
                .defaultIfEmpty(false);
    }

    /** The two projections that keep {@code records}: the catalogue's records and commerce's. */
    @Configuration(proxyBeanMethods = false)
    static class Projections {

        /**
         * Sites, unit types and units (a deal's site and the unit type it asks about, a note's unit and its site),
         * from {@code catalogue.events}.
         */
        @Bean
        RecordsProjection catalogueRecordsProjection(DatabaseClient db) {
            Set<String> lifecycle = RecordsProjection.LIFECYCLE;
            return new RecordsProjection(db, TABLE, "catalogue.events", Map.of("site", lifecycle, "unit_type",
                    lifecycle, "unit", lifecycle));
        }

        /** Agreements (a won deal's booking) and reservations (a deal's hold), from {@code commerce.events}. */
        @Bean
        RecordsProjection commerceRecordsProjection(DatabaseClient db) {
            return new RecordsProjection(db, TABLE, "commerce.events", Map.of(
                    "agreement", Set.of("created", "activated", "updated", "terminated", "access_held",
                            "access_released"),
                    "reservation", Set.of("created", "cancelled", "expired", "converted")));
        }
    }
}
