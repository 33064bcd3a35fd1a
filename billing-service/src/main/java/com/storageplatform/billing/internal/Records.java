package com.storageplatform.billing.internal;

import com.storageplatform.kit.db.AccountStatement;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * What billing knows of other services' records ({@link RecordsProjection}), each in its owner's REST shape. Empty
 * when the account has no such record (or it was deleted), so a feature answers 422 {@code not_found} on the field
 * that named it.
 */
@Component
public class Records {

    private final DatabaseClient db;
    private final JsonMapper json;

    Records(DatabaseClient db, JsonMapper json) {
        this.db = db;
        this.json = json;
    }

    public Mono<JsonNode> product(UUID accountId, UUID id) {
        return record(accountId, "product", id);
    }

    public Mono<JsonNode> site(UUID accountId, UUID id) {
        return record(accountId, "site", id);
    }

    public Mono<JsonNode> unitType(UUID accountId, UUID id) {
        return record(accountId, "unit_type", id);
    }

    public Mono<JsonNode> coverageProduct(UUID accountId, UUID id) {
        return record(accountId, "coverage_product", id);
    }

    public Mono<JsonNode> coupon(UUID accountId, UUID id) {
        return record(accountId, "coupon", id);
    }

    public Mono<JsonNode> agreement(UUID accountId, UUID id) {
        return record(accountId, "agreement", id);
    }

    public Mono<JsonNode> reservation(UUID accountId, UUID id) {
        return record(accountId, "reservation", id);
    }

    public Mono<JsonNode> order(UUID accountId, UUID id) {
        return record(accountId, "order", id);
    }

    /** The coupon with this code (the catalogue stores codes upper case and unique per account). */
    public Mono<JsonNode> couponByCode(UUID accountId, String code) {
        return AccountStatement.sql(db, accountId, """
                SELECT data::text AS data FROM records
                 WHERE account_id = :account_id AND object = 'coupon' AND NOT deleted
                   AND data ->> 'code' = upper(:code)
                """)
                .bind("code", code)
                .map(row -> json.readTree(row.get("data", String.class)))
                .first();
    }

    private Mono<JsonNode> record(UUID accountId, String object, UUID id) {
        return AccountStatement.sql(db, accountId, """
                SELECT data::text AS data FROM records
                 WHERE account_id = :account_id AND id = :id AND object = :object AND NOT deleted
                """)
                .bind("id", id)
                .bind("object", object)
                .map(row -> json.readTree(row.get("data", String.class)))
                .one();
    }
}
