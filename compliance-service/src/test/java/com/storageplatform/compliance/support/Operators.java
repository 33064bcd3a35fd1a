package com.storageplatform.compliance.support;

import static com.storageplatform.kit.testsupport.ResourceApi.eventually;

import com.storageplatform.compliance.internal.AccountSettings;
import com.storageplatform.compliance.internal.Customers;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.TestEvents;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * An account as the other services' events leave it in compliance's projections, published on the real Kafka as
 * auth and commerce publish them (and awaited): its operator settings and walk-in record, its customers. Also reads
 * what compliance published (its outbox).
 */
public final class Operators {

    private final AccountSettings settings;
    private final Customers customers;
    private final DatabaseClient db;
    private final JsonMapper json;

    public Operators(AccountSettings settings, Customers customers, DatabaseClient db, JsonMapper json) {
        this.settings = settings;
        this.customers = customers;
        this.db = db;
        this.json = json;
    }

    /**
     * The account's operator, as auth publishes it, with {@code online_id_checks_enabled} as given; answers its
     * walk-in record id once compliance knows it.
     */
    public UUID operator(Caller caller, boolean onlineIdChecks) {
        UUID walkIn = Ids.newId();
        TestEvents.publishForOperator("auth.events", "operator.created", caller.operatorId(), Map.of(
                "id", caller.operatorId().toString(), "object", "operator", "timezone", "Europe/London",
                "default_currency", "GBP",
                "accounts", List.of(Map.of("id", caller.accountId().toString(), "environment",
                        caller.environment().value())),
                "walk_in_contact_ids", Map.of(caller.environment().value(), walkIn.toString()),
                "settings", Map.of("online_id_checks_enabled", onlineIdChecks)));
        eventually(() -> walkIn.equals(settings.of(caller.accountId()).block().walkInContactId()));
        return walkIn;
    }

    /** A customer of the account as commerce publishes it (null email: none); answers once compliance knows it. */
    public UUID customer(Caller caller, String email) {
        UUID id = Ids.newId();
        Map<String, Object> contact = new LinkedHashMap<>();
        contact.put("id", id.toString());
        contact.put("object", "contact");
        contact.put("first_name", "Ada");
        contact.put("last_name", "Lovelace");
        contact.put("email", email);
        contact.put("status", "active");
        TestEvents.publish("commerce.events", "contact.created", caller.accountId(), contact);
        eventually(() -> customers.find(caller.accountId(), id).block() != null);
        return id;
    }

    /** A customer with an email address. */
    public UUID customer(Caller caller) {
        return customer(caller, "ada." + Ids.newId() + "@harbour-storage.co.uk");
    }

    /** The events compliance wrote about {@code subject} (its outbox), oldest first. */
    public List<JsonNode> events(Object subject) {
        return db.sql("SELECT payload FROM outbox_events WHERE payload::jsonb ->> 'subject' = :id ORDER BY seq")
                .bind("id", subject.toString())
                .map(row -> json.readTree(row.get("payload", String.class)))
                .all().collectList().block();
    }

    public List<String> eventTypes(Object subject) {
        return events(subject).stream().map(event -> event.get("type").asString()).toList();
    }
}
