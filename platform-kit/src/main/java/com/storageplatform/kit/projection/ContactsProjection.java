package com.storageplatform.kit.projection;

import com.storageplatform.kit.db.AccountStatement;
import com.storageplatform.kit.inbox.ConsumedEvent;
import com.storageplatform.kit.inbox.EventData;
import com.storageplatform.kit.inbox.EventHandler;
import java.util.Set;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.r2dbc.core.Parameter;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * Keeps a service's {@code contacts} table from commerce's {@code contact.created}, {@code contact.updated} and
 * {@code contact.unarchived}: each contact as commerce last published it, with its email and status pulled out for
 * queries. An event older than the row changes nothing (events may arrive out of order).
 *
 * <p>A service declares it as a bean and owns the table in a migration of its own: {@code account_id} uuid,
 * {@code id} uuid, {@code email} text, {@code status} text, {@code data} jsonb, {@code event_time} timestamptz,
 * primary key {@code (account_id, id)}.
 */
public class ContactsProjection implements EventHandler {

    private static final String TOPIC = "commerce.events";
    private static final Set<String> TYPES = Set.of("contact.created", "contact.updated", "contact.unarchived");

    private final DatabaseClient db;

    public ContactsProjection(DatabaseClient db) {
        this.db = db;
    }

    @Override
    public String topic() {
        return TOPIC;
    }

    @Override
    public Set<String> types() {
        return TYPES;
    }

    @Override
    public Mono<Void> handle(ConsumedEvent event) {
        JsonNode contact = event.data();
        UUID id = EventData.id(contact, "id");
        if (id == null || event.accountId() == null) {
            return Mono.empty();
        }
        String status = EventData.text(contact, "status");
        return AccountStatement.sql(db, event.accountId(), """
                INSERT INTO contacts (account_id, id, email, status, data, event_time)
                VALUES (:account_id, :id, :email, :status, CAST(:data AS jsonb), :time)
                ON CONFLICT (account_id, id) DO UPDATE
                   SET email = EXCLUDED.email, status = EXCLUDED.status, data = EXCLUDED.data,
                       event_time = EXCLUDED.event_time
                 WHERE contacts.event_time <= EXCLUDED.event_time
                """)
                .bind("id", id)
                .bind("email", Parameter.fromOrEmpty(EventData.text(contact, "email"), String.class))
                .bind("status", status == null ? "active" : status)
                .bind("data", contact.toString())
                .bind("time", event.time())
                .then();
    }
}
