package com.storageplatform.billing.support;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * An account as commerce's and auth's events leave it in billing's projections, written straight into them: its
 * customers, its walk-in sales record and its operator settings. Also reads what billing published.
 */
public final class Accounts {

    private final DatabaseClient db;
    private final JsonMapper json;

    public Accounts(DatabaseClient db, JsonMapper json) {
        this.db = db;
        this.json = json;
    }

    /** A customer billing knows, with an email address. */
    public UUID customer(Caller caller) {
        UUID id = Ids.newId();
        String email = "ada." + id + "@example.com";
        db.sql("""
                INSERT INTO contacts (account_id, id, email, status, data, event_time)
                VALUES (:account, :id, :email, 'active', CAST(:data AS jsonb), now())
                """)
                .bind("account", caller.accountId()).bind("id", id).bind("email", email)
                .bind("data", "{\"id\":\"" + id + "\",\"first_name\":\"Ada\",\"last_name\":\"Lovelace\",\"email\":\""
                        + email + "\"}")
                .then().block();
        return id;
    }

    /** The account's operator settings ({@code settings} as the admin API's JSON) and its walk-in record id. */
    public UUID settings(Caller caller, String settingsJson) {
        UUID walkIn = Ids.newId();
        db.sql("""
                INSERT INTO account_settings (account_id, operator_id, environment, timezone, default_currency,
                       walk_in_contact_id, settings, event_time)
                VALUES (:account, :operator, :environment, 'Europe/London', 'GBP', :walk_in, CAST(:settings AS jsonb),
                       now())
                ON CONFLICT (account_id) DO UPDATE SET settings = EXCLUDED.settings
                """)
                .bind("account", caller.accountId()).bind("operator", caller.operatorId())
                .bind("environment", caller.environment().name().toLowerCase(java.util.Locale.ROOT))
                .bind("walk_in", walkIn).bind("settings", settingsJson)
                .then().block();
        return walkInOf(caller);
    }

    /** The account's walk-in sales record (settings are written with defaults when there are none yet). */
    public UUID walkIn(Caller caller) {
        UUID id = walkInOf(caller);
        return id != null ? id : settings(caller, "{}");
    }

    private UUID walkInOf(Caller caller) {
        return db.sql("SELECT walk_in_contact_id FROM account_settings WHERE account_id = :account")
                .bind("account", caller.accountId())
                .map(row -> row.get(0, UUID.class)).one().block();
    }

    /** The types of the events billing wrote about {@code subject}, oldest first. */
    public List<String> eventTypes(Object subject) {
        return events(subject).stream().map(event -> event.get("type").asString()).toList();
    }

    /** The events billing wrote about {@code subject} (its outbox), oldest first. */
    public List<JsonNode> events(Object subject) {
        return db.sql("SELECT payload FROM outbox_events WHERE payload::jsonb ->> 'subject' = :id ORDER BY seq")
                .bind("id", subject.toString())
                .map(row -> json.readTree(row.get("payload", String.class)))
                .all().collectList().block();
    }

    /** Now, for rows that need a time. */
    static Instant now() {
        return Instant.now();
    }
}
