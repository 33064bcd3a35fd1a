package com.storageplatform.catalogue;

import java.util.List;
import org.springframework.r2dbc.core.DatabaseClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The catalogue's events as its outbox holds them (the CloudEvents the relay sends to Kafka), for tests. */
public final class Outbox {

    private Outbox() {
    }

    /** Every event written about {@code subject} (a resource id), oldest first. */
    public static List<JsonNode> about(DatabaseClient db, JsonMapper json, String subject) {
        return db.sql("""
                SELECT payload FROM outbox_events WHERE payload::jsonb ->> 'subject' = :id ORDER BY seq
                """)
                .bind("id", subject)
                .map(row -> json.readTree(row.get("payload", String.class)))
                .all().collectList().block();
    }

    /** The types of the events about {@code subject}, oldest first. */
    public static List<String> types(DatabaseClient db, JsonMapper json, String subject) {
        return about(db, json, subject).stream().map(event -> event.get("type").asString()).toList();
    }
}
