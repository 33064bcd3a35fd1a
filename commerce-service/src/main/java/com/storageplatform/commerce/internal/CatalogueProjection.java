package com.storageplatform.commerce.internal;

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
 * Keeps {@code catalogue_records} from the catalogue's events: the last REST shape of each site, unit type, unit,
 * product, coverage product and coupon commerce books and prices with. The kit's inbox applies each event id once;
 * an event older than the copy held (events may arrive out of order) changes nothing, and a deletion is kept as a
 * last view marked deleted, so a record named later reads as gone rather than unknown.
 */
@Component
class CatalogueProjection implements EventHandler {

    static final String TOPIC = "catalogue.events";
    static final Set<String> OBJECTS = Set.of("site", "unit_type", "unit", "product", "coverage_product", "coupon");

    private static final Logger log = LoggerFactory.getLogger(CatalogueProjection.class);

    private final DatabaseClient db;

    CatalogueProjection(DatabaseClient db) {
        this.db = db;
    }

    @Override
    public String topic() {
        return TOPIC;
    }

    @Override
    public Set<String> types() {
        Set<String> types = new java.util.HashSet<>();
        for (String object : OBJECTS) {
            for (String what : new String[] {"created", "updated", "archived", "deleted"}) {
                types.add(object + "." + what);
            }
        }
        return types;
    }

    @Override
    public Mono<Void> handle(ConsumedEvent event) {
        JsonNode data = event.data();
        UUID id = EventData.id(data, "id");
        if (id == null || event.accountId() == null) {
            log.warn("Catalogue event {} ({}) names no record id or account; nothing to project", event.id(),
                    event.type());
            return Mono.empty();
        }
        String object = event.type().substring(0, event.type().indexOf('.'));
        boolean deleted = event.type().endsWith(".deleted");
        return AccountStatement.sql(db, event.accountId(), """
                INSERT INTO catalogue_records (account_id, id, object, data, deleted, event_time)
                VALUES (:account_id, :id, :object, CAST(:data AS jsonb), :deleted, :time)
                ON CONFLICT (account_id, id) DO UPDATE
                   SET data = EXCLUDED.data, deleted = EXCLUDED.deleted, event_time = EXCLUDED.event_time
                 WHERE catalogue_records.event_time <= EXCLUDED.event_time
                   AND NOT catalogue_records.deleted
                """)
                .bind("id", id)
                .bind("object", object)
                .bind("data", data.toString())
                .bind("deleted", deleted)
                .bind("time", event.time())
                .then();
    }
}
