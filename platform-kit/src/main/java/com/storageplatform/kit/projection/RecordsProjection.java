package com.storageplatform.kit.projection;

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
 * Keeps a table of another service's records from its events, each record as its owner last published it (its REST
 * shape), read through {@link ProjectedRecords}. The kit's inbox applies each event id once; an event older than
 * the copy held (events may arrive out of order) changes nothing, and a deletion is kept, marked deleted, and
 * final, so a record named later reads as gone rather than unknown. The object is the event type's first word
 * ({@code unit_type.updated} keeps a {@code unit_type}).
 *
 * <p>A service declares one bean per topic and owns the table in a migration of its own: {@code account_id} uuid,
 * {@code id} uuid, {@code object} text, {@code data} jsonb, {@code deleted} boolean, {@code event_time}
 * timestamptz, primary key {@code (account_id, id)}.
 */
public class RecordsProjection implements EventHandler {

    private static final Logger log = LoggerFactory.getLogger(RecordsProjection.class);

    private final DatabaseClient db;
    private final String table;
    private final String topic;
    private final Set<String> types;

    /**
     * @param table   the service's table (a name from code, never from input)
     * @param actions for each object, the second words of its events kept ({@code created}, {@code updated}, ...)
     */
    public RecordsProjection(DatabaseClient db, String table, String topic, Map<String, Set<String>> actions) {
        this.db = db;
        this.table = table;
        this.topic = topic;
        Set<String> all = new HashSet<>();
        actions.forEach((object, verbs) -> verbs.forEach(verb -> all.add(object + "." + verb)));
        this.types = Set.copyOf(all);
    }

    /** The lifecycle events of a catalogue-like resource. */
    public static final Set<String> LIFECYCLE = Set.of("created", "updated", "archived", "deleted");

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
                INSERT INTO %1$s (account_id, id, object, data, deleted, event_time)
                VALUES (:account_id, :id, :object, CAST(:data AS jsonb), :deleted, :time)
                ON CONFLICT (account_id, id) DO UPDATE
                   SET data = EXCLUDED.data, deleted = EXCLUDED.deleted, event_time = EXCLUDED.event_time
                 WHERE %1$s.event_time <= EXCLUDED.event_time
                   AND NOT %1$s.deleted
                """.formatted(table))
                .bind("id", id)
                .bind("object", event.type().substring(0, event.type().indexOf('.')))
                .bind("data", data.toString())
                .bind("deleted", event.type().endsWith(".deleted"))
                .bind("time", event.time())
                .then();
    }
}
