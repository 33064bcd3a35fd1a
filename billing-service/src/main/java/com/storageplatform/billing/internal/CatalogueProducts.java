package com.storageplatform.billing.internal;

import com.storageplatform.kit.db.AccountStatement;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The catalogue's products billing knows ({@link ProductsProjection}), each in the catalogue's REST shape. */
@Component
public class CatalogueProducts {

    private final DatabaseClient db;
    private final JsonMapper json;

    CatalogueProducts(DatabaseClient db, JsonMapper json) {
        this.db = db;
        this.json = json;
    }

    /** The account's product as the catalogue last published it; empty when unknown to billing or deleted. */
    public Mono<JsonNode> find(UUID accountId, UUID productId) {
        return AccountStatement.sql(db, accountId, """
                SELECT data::text AS data FROM catalogue_products
                 WHERE account_id = :account_id AND id = :id AND NOT deleted
                """)
                .bind("id", productId)
                .map(row -> json.readTree(row.get("data", String.class)))
                .one();
    }
}
