package com.storageplatform.commerce.internal;

import com.storageplatform.kit.db.AccountStatement;
import com.storageplatform.kit.projection.ProjectedRecords;
import com.storageplatform.kit.projection.RecordsProjection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * What commerce knows of the caller's catalogue, read from its local projection (its {@code catalogue_records}
 * table, which the kit's {@link RecordsProjection} keeps from {@code catalogue.events}): each record in the catalogue's
 * REST shape ({@code docs/api/catalogue.md}). Empty when the account has no such
 * record (or it was deleted), so a feature answers 422 {@code not_found} on the field that named it.
 */
@Component
public class CatalogueRecords {

    static final String TABLE = "catalogue_records";

    private final DatabaseClient db;
    private final JsonMapper json;
    private final ProjectedRecords records;

    CatalogueRecords(DatabaseClient db, JsonMapper json) {
        this.db = db;
        this.json = json;
        this.records = new ProjectedRecords(db, json, TABLE);
    }

    public Mono<CatalogueUnit> unit(UUID accountId, UUID id) {
        return record(accountId, "unit", id).map(CatalogueUnit::of);
    }

    public Mono<JsonNode> unitType(UUID accountId, UUID id) {
        return record(accountId, "unit_type", id);
    }

    public Mono<JsonNode> site(UUID accountId, UUID id) {
        return record(accountId, "site", id);
    }

    public Mono<JsonNode> product(UUID accountId, UUID id) {
        return record(accountId, "product", id);
    }

    public Mono<JsonNode> coverageProduct(UUID accountId, UUID id) {
        return record(accountId, "coverage_product", id);
    }

    public Mono<JsonNode> coupon(UUID accountId, UUID id) {
        return record(accountId, "coupon", id);
    }

    /** The coupon with this code (the catalogue stores codes upper case and unique per account). */
    public Mono<JsonNode> couponByCode(UUID accountId, String code) {
        return records.findBy(accountId, "coupon", "code", code.toUpperCase(java.util.Locale.ROOT));
    }

    /**
     * The account's records of {@code object} (sites, units) whose {@code name} is exactly {@code name}: an import's
     * rows name them so. Several units share a name across sites.
     */
    public reactor.core.publisher.Flux<JsonNode> named(UUID accountId, String object, String name) {
        return AccountStatement.sql(db, accountId, """
                SELECT data::text AS data FROM catalogue_records
                 WHERE account_id = :account_id AND object = :object AND NOT deleted AND data ->> 'name' = :name
                 ORDER BY id
                """)
                .bind("object", object).bind("name", name)
                .map(row -> json.readTree(row.get("data", String.class)))
                .all();
    }

    /** The active coupons that apply without a code ({@code auto_apply}). */
    public reactor.core.publisher.Flux<JsonNode> autoApplyCoupons(UUID accountId) {
        return AccountStatement.sql(db, accountId, """
                SELECT data::text AS data FROM catalogue_records
                 WHERE account_id = :account_id AND object = 'coupon' AND NOT deleted
                   AND data ->> 'auto_apply' = 'true' AND data ->> 'status' = 'active'
                 ORDER BY id
                """)
                .map(row -> json.readTree(row.get("data", String.class)))
                .all();
    }

    private Mono<JsonNode> record(UUID accountId, String object, UUID id) {
        return records.find(accountId, object, id);
    }

    /**
     * The catalogue's sites, unit types, units, products, coverage products and coupons commerce books and prices
     * with, kept from {@code catalogue.events}.
     */
    @org.springframework.context.annotation.Configuration(proxyBeanMethods = false)
    static class Projection {

        @org.springframework.context.annotation.Bean
        RecordsProjection catalogueProjection(DatabaseClient db) {
            Map<String, Set<String>> objects = new HashMap<>();
            for (String object : List.of("site", "unit_type", "unit", "product", "coverage_product", "coupon")) {
                objects.put(object, RecordsProjection.LIFECYCLE);
            }
            return new RecordsProjection(db, TABLE, "catalogue.events", objects);
        }
    }
}
