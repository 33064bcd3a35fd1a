package com.storageplatform.commerce.internal;

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
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * Keeps {@code identity_checks} from compliance's identity-verification events (internal names; the feed calls the
 * cancelled one {@code identity_verification.canceled}). An outcome's event type says the outcome, so its status is
 * taken from it, not from {@code data.status}; only {@code identity_verification.updated} (any other change, such as
 * staff accepting a check while another document the operator asks for still waits) is read from
 * {@code data.status}, in compliance's spelling. An event older than the row changes nothing.
 */
@Component
class IdentityChecksProjection implements EventHandler {

    static final String TOPIC = "compliance.events";
    static final Map<String, String> STATUS_OF_TYPE = Map.of(
            "identity_verification.created", IdentityChecks.PENDING,
            "identity_verification.verified", IdentityChecks.VERIFIED,
            "identity_verification.requires_input", IdentityChecks.REQUIRES_INPUT,
            "identity_verification.cancelled", IdentityChecks.CANCELLED);
    static final String UPDATED = "identity_verification.updated";
    /** compliance's {@code status} values, as {@code identity_verification.updated} carries them. */
    static final Map<String, String> STATUS_OF_DATA = Map.of(
            "pending", IdentityChecks.PENDING,
            "verified", IdentityChecks.VERIFIED,
            "requires_input", IdentityChecks.REQUIRES_INPUT,
            "canceled", IdentityChecks.CANCELLED);

    private static final Logger log = LoggerFactory.getLogger(IdentityChecksProjection.class);

    private final DatabaseClient db;

    IdentityChecksProjection(DatabaseClient db) {
        this.db = db;
    }

    @Override
    public String topic() {
        return TOPIC;
    }

    @Override
    public Set<String> types() {
        Set<String> types = new HashSet<>(STATUS_OF_TYPE.keySet());
        types.add(UPDATED);
        return types;
    }

    @Override
    public Mono<Void> handle(ConsumedEvent event) {
        JsonNode data = event.data();
        UUID id = EventData.id(data, "id");
        UUID contact = EventData.id(data, "contact_id");
        String status = UPDATED.equals(event.type()) ? STATUS_OF_DATA.get(EventData.text(data, "status"))
                : STATUS_OF_TYPE.get(event.type());
        if (id == null || contact == null || status == null || event.accountId() == null) {
            log.warn("Identity verification event {} ({}) names no id, contact, status or account; nothing to "
                    + "project", event.id(), event.type());
            return Mono.empty();
        }
        return AccountStatement.sql(db, event.accountId(), """
                INSERT INTO identity_checks (account_id, id, contact_id, status, event_time)
                VALUES (:account_id, :id, :contact_id, :status, :time)
                ON CONFLICT (account_id, id) DO UPDATE
                   SET status = EXCLUDED.status, contact_id = EXCLUDED.contact_id, event_time = EXCLUDED.event_time
                 WHERE identity_checks.event_time <= EXCLUDED.event_time
                """)
                .bind("id", id)
                .bind("contact_id", contact)
                .bind("status", status)
                .bind("time", event.time())
                .then();
    }
}
