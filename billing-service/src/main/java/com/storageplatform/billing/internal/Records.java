package com.storageplatform.billing.internal;

import com.storageplatform.kit.db.AccountStatement;
import com.storageplatform.kit.projection.ProjectedRecords;
import com.storageplatform.kit.projection.RecordsProjection;
import java.util.Collection;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * What billing knows of other services' records, kept in its {@code records} table (V62) by the kit's
 * {@link RecordsProjection} from their events, each in its owner's REST shape. Empty when the account has no such
 * record (or it was deleted), so a feature answers 422 {@code not_found} on the field that named it.
 */
@Component
public class Records {

    static final String TABLE = "records";

    private final ProjectedRecords records;
    private final DatabaseClient db;
    private final JsonMapper json;

    Records(DatabaseClient db, JsonMapper json) {
        this.records = new ProjectedRecords(db, json, TABLE);
        this.db = db;
        this.json = json;
    }

    public Mono<JsonNode> product(UUID accountId, UUID id) {
        return records.find(accountId, "product", id);
    }

    public Mono<JsonNode> site(UUID accountId, UUID id) {
        return records.find(accountId, "site", id);
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

    public Mono<JsonNode> unitType(UUID accountId, UUID id) {
        return records.find(accountId, "unit_type", id);
    }

    public Mono<JsonNode> coverageProduct(UUID accountId, UUID id) {
        return records.find(accountId, "coverage_product", id);
    }

    public Mono<JsonNode> coupon(UUID accountId, UUID id) {
        return records.find(accountId, "coupon", id);
    }

    public Mono<JsonNode> agreement(UUID accountId, UUID id) {
        return records.find(accountId, "agreement", id);
    }

    /**
     * The customer's agreements that hold a unit (pending move-in, active or under notice, with a unit), oldest
     * first: what an overlock can lock.
     */
    public Flux<JsonNode> agreementsHoldingUnits(UUID accountId, UUID contactId) {
        return AccountStatement.sql(db, accountId, """
                SELECT data::text AS data FROM records
                 WHERE account_id = :account_id AND object = 'agreement' AND NOT deleted
                   AND data ->> 'contact_id' = :contact_id
                 ORDER BY id
                """)
                .bind("contact_id", contactId.toString())
                .map(row -> json.readTree(row.get("data", String.class)))
                .all()
                .filter(Records::holdsUnit);
    }

    /** Whether an agreement (its REST shape) holds a unit an overlock can lock. */
    public static boolean holdsUnit(JsonNode agreement) {
        return agreement.hasNonNull("unit_id") && Set.of("pending_move_in", "active", "notice_given")
                .contains(agreement.path("status").asString(""));
    }

    public Mono<JsonNode> reservation(UUID accountId, UUID id) {
        return records.find(accountId, "reservation", id);
    }

    public Mono<JsonNode> order(UUID accountId, UUID id) {
        return records.find(accountId, "order", id);
    }

    /** The coupon with this code (the catalogue stores codes upper case and unique per account). */
    public Mono<JsonNode> couponByCode(UUID accountId, String code) {
        return records.findBy(accountId, "coupon", "code", code.toUpperCase(Locale.ROOT));
    }

    /** The two projections that keep {@code records}: the catalogue's records and commerce's. */
    @Configuration(proxyBeanMethods = false)
    static class Projections {

        /**
         * Sites (their time zone), unit types (the licence fee's VAT treatment), products (shop sales, plan charges),
         * coverage products (cover premiums) and coupons (promotions), from {@code catalogue.events}.
         */
        @Bean
        RecordsProjection catalogueRecordsProjection(DatabaseClient db) {
            Set<String> lifecycle = RecordsProjection.LIFECYCLE;
            return new RecordsProjection(db, TABLE, "catalogue.events", Map.of("site", lifecycle, "unit_type",
                    lifecycle, "product", lifecycle, "coverage_product", lifecycle, "coupon", lifecycle));
        }

        /**
         * Agreements (a plan's move-in date, unit, customer and cover), reservations and orders (the promotion a
         * booking took up) and covers, from {@code commerce.events}.
         */
        @Bean
        RecordsProjection commerceRecordsProjection(DatabaseClient db) {
            return new RecordsProjection(db, TABLE, "commerce.events", Map.of(
                    "agreement", Set.of("created", "activated", "updated", "terminated", "access_held",
                            "access_released"),
                    "reservation", Set.of("created", "cancelled", "expired", "converted"),
                    "order", Set.of("created", "updated", "completed", "cancelled"),
                    "cover", Set.of("started", "changed", "ended")));
        }
    }
}
