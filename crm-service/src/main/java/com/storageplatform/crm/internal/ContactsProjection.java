package com.storageplatform.crm.internal;

import com.storageplatform.kit.db.AccountStatement;
import com.storageplatform.kit.inbox.ConsumedEvent;
import com.storageplatform.kit.inbox.EventData;
import com.storageplatform.kit.inbox.EventHandler;
import java.util.Set;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.r2dbc.core.Parameter;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * Keeps {@code contacts} from commerce's {@code contact.created}, {@code contact.updated} and
 * {@code contact.unarchived}: the contact as commerce last published it. An event older than the row changes
 * nothing.
 */
@Component
class ContactsProjection implements EventHandler {

    private final DatabaseClient db;

    ContactsProjection(DatabaseClient db) {
        this.db = db;
    }

    @Override
    public String topic() {
        return "commerce.events";
    }

    @Override
    public Set<String> types() {
        return Set.of("contact.created", "contact.updated", "contact.unarchived");
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
