package com.storageplatform.billing.internal;

import com.storageplatform.kit.db.AccountStatement;
import com.storageplatform.kit.inbox.ConsumedEvent;
import com.storageplatform.kit.inbox.EventData;
import com.storageplatform.kit.inbox.EventHandler;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.r2dbc.core.DatabaseClient;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * Keeps {@code records} from another service's events: each record as its owner last published it, read through
 * {@link Records}. The kit's inbox applies each event id once; an event older than the copy held (events may arrive
 * out of order) changes nothing, and a deletion is kept, marked deleted, and final. The object is the event type's
 * first word ({@code unit_type.updated} keeps a {@code unit_type}).
 */
abstract class RecordsProjection implements EventHandler {

    private static final Logger log = LoggerFactory.getLogger(RecordsProjection.class);

    private final DatabaseClient db;
    private final String topic;
    private final Set<String> types;

    /** @param actions what each object's events are called after its first word, per object */
    RecordsProjection(DatabaseClient db, String topic, Map<String, Set<String>> actions) {
        this.db = db;
        this.topic = topic;
        Set<String> all = new HashSet<>();
        actions.forEach((object, verbs) -> verbs.forEach(verb -> all.add(object + "." + verb)));
        this.types = Set.copyOf(all);
    }

    @Override
    public String topic() {
        return topic;
    }

    @Override
    public Set<String> types() {
        return types;
    }

    @Override
    public Mono<Void> handle(ConsumedEvent event) {
        JsonNode data = event.data();
        UUID id = EventData.id(data, "id");
        if (id == null || event.accountId() == null) {
            log.warn("Event {} ({}) names no record id or account; nothing to project", event.id(), event.type());
            return Mono.empty();
        }
        return AccountStatement.sql(db, event.accountId(), """
                INSERT INTO records (account_id, id, object, data, deleted, event_time)
                VALUES (:account_id, :id, :object, CAST(:data AS jsonb), :deleted, :time)
                ON CONFLICT (account_id, id) DO UPDATE
                   SET data = EXCLUDED.data, deleted = EXCLUDED.deleted, event_time = EXCLUDED.event_time
                 WHERE records.event_time <= EXCLUDED.event_time
                   AND NOT records.deleted
                """)
                .bind("id", id)
                .bind("object", event.type().substring(0, event.type().indexOf('.')))
                .bind("data", data.toString())
                .bind("deleted", event.type().endsWith(".deleted"))
                .bind("time", event.time())
                .then();
    }
}
