package com.storageplatform.billing.internal;

import com.storageplatform.kit.db.AccountStatement;
import com.storageplatform.kit.inbox.ConsumedEvent;
import com.storageplatform.kit.inbox.EventData;
import com.storageplatform.kit.inbox.EventHandler;
import java.util.Set;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * Keeps {@code catalogue_products} from the catalogue's {@code product.*} events on {@code catalogue.events} (data:
 * the product, docs/api/catalogue.md "Products"): the product as the catalogue last published it, read through
 * {@link CatalogueProducts}. As commerce's projection of the catalogue: an event older than the copy held (events
 * may arrive out of order) changes nothing, and a deletion is kept, marked deleted, and final. The catalogue
 * archives products rather than deleting them today; {@code product.deleted} is read all the same, as its
 * resources' events define it.
 */
@Component
class ProductsProjection implements EventHandler {

    private static final Logger log = LoggerFactory.getLogger(ProductsProjection.class);

    private final DatabaseClient db;

    ProductsProjection(DatabaseClient db) {
        this.db = db;
    }

    @Override
    public String topic() {
        return "catalogue.events";
    }

    @Override
    public Set<String> types() {
        return Set.of("product.created", "product.updated", "product.archived", "product.deleted");
    }

    @Override
    public Mono<Void> handle(ConsumedEvent event) {
        JsonNode product = event.data();
        UUID id = EventData.id(product, "id");
        if (id == null || event.accountId() == null) {
            log.warn("Product event {} ({}) names no product id or account; nothing to project", event.id(),
                    event.type());
            return Mono.empty();
        }
        return AccountStatement.sql(db, event.accountId(), """
                INSERT INTO catalogue_products (account_id, id, data, deleted, event_time)
                VALUES (:account_id, :id, CAST(:data AS jsonb), :deleted, :time)
                ON CONFLICT (account_id, id) DO UPDATE
                   SET data = EXCLUDED.data, deleted = EXCLUDED.deleted, event_time = EXCLUDED.event_time
                 WHERE catalogue_products.event_time <= EXCLUDED.event_time
                   AND NOT catalogue_products.deleted
                """)
                .bind("id", id)
                .bind("data", product.toString())
                .bind("deleted", "product.deleted".equals(event.type()))
                .bind("time", event.time())
                .then();
    }
}
