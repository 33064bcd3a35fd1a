package com.storageplatform.commerce.contact;

import com.storageplatform.kit.testsupport.TestEvents;
import java.time.Duration;
import java.util.List;
import org.springframework.r2dbc.core.DatabaseClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * What commerce published about a contact: the events on {@code commerce.events} (read with {@link TestEvents}),
 * and the outbox rows a request wrote (committed with it, so "nothing was published" can be asserted at once).
 */
final class Published implements AutoCloseable {

    static final String TOPIC = "commerce.events";
    static final Duration WAIT = Duration.ofSeconds(30);

    private final TestEvents events = TestEvents.on(TOPIC);
    private final JsonMapper json;
    private final DatabaseClient db;

    Published(JsonMapper json, DatabaseClient db) {
        this.json = json;
        this.db = db;
    }

    /** The first {@code count} events about {@code id} that reached Kafka, oldest first (waits for them). */
    List<JsonNode> about(String id, int count) {
        return events.await(record -> id.equals(json.readTree(record.value()).path("subject").asString()), count,
                        WAIT).stream()
                .map(record -> json.readTree(record.value())).toList();
    }

    /** The types of the first {@code count} events about {@code id}. */
    List<String> types(String id, int count) {
        return about(id, count).stream().map(event -> event.get("type").asString()).toList();
    }

    /** The types of every event the requests so far wrote about {@code id}, oldest first (the outbox). */
    List<String> written(String id) {
        return db.sql("""
                SELECT payload::jsonb ->> 'type' AS type FROM outbox_events
                 WHERE payload::jsonb ->> 'subject' = :id ORDER BY seq
                """)
                .bind("id", id)
                .map(row -> row.get("type", String.class)).all().collectList().block();
    }

    @Override
    public void close() {
        events.close();
    }
}
