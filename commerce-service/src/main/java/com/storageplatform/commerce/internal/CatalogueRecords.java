package com.storageplatform.commerce.internal;

import com.storageplatform.kit.db.AccountStatement;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * What commerce knows of the caller's catalogue, read from its local projection ({@link CatalogueProjection}):
 * each record in the catalogue's REST shape ({@code docs/api/catalogue.md}). Empty when the account has no such
 * record (or it was deleted), so a feature answers 422 {@code not_found} on the field that named it.
 */
@Component
public class CatalogueRecords {

    private final DatabaseClient db;
    private final JsonMapper json;

    CatalogueRecords(DatabaseClient db, JsonMapper json) {
        this.db = db;
        this.json = json;
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
        return AccountStatement.sql(db, accountId, """
                SELECT data::text AS data FROM catalogue_records
                 WHERE account_id = :account_id AND object = 'coupon' AND NOT deleted
                   AND data ->> 'code' = upper(:code)
                """)
                .bind("code", code)
                .map(row -> json.readTree(row.get("data", String.class)))
                .first();
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
        return AccountStatement.sql(db, accountId, """
                SELECT data::text AS data FROM catalogue_records
                 WHERE account_id = :account_id AND id = :id AND object = :object AND NOT deleted
                """)
                .bind("id", id)
                .bind("object", object)
                .map(row -> json.readTree(row.get("data", String.class)))
                .one();
    }
}
