package com.storageplatform.crm.support;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * An account as commerce's and auth's events leave it in crm's projections, written straight into them: its
 * customers, its walk-in sales record and its operator settings. Also reads what crm published.
 */
public final class Accounts {

    private final DatabaseClient db;
    private final JsonMapper json;

    public Accounts(DatabaseClient db, JsonMapper json) {
        this.db = db;
        this.json = json;
    }

    /** A customer crm knows. */
    public UUID customer(Caller caller) {
        UUID id = Ids.newId();
        db.sql("""
                INSERT INTO contacts (account_id, id, email, status, data, event_time)
                VALUES (:account, :id, :email, 'active', CAST(:data AS jsonb), now())
                """)
                .bind("account", caller.accountId()).bind("id", id).bind("email", "ada." + id + "@example.com")
                .bind("data", "{\"id\":\"" + id + "\",\"first_name\":\"Ada\",\"last_name\":\"Lovelace\"}")
                .then().block();
        return id;
    }

    /** The account's operator settings ({@code settings} as the admin API's JSON); answers its walk-in record id. */
    public UUID settings(Caller caller, String settingsJson) {
        db.sql("""
                INSERT INTO account_settings (account_id, operator_id, environment, timezone, default_currency,
                       walk_in_contact_id, settings, event_time)
                VALUES (:account, :operator, :environment, 'Europe/London', 'GBP', :walk_in, CAST(:settings AS jsonb),
                       now())
                ON CONFLICT (account_id) DO UPDATE SET settings = EXCLUDED.settings
                """)
                .bind("account", caller.accountId()).bind("operator", caller.operatorId())
                .bind("environment", caller.environment().name().toLowerCase(Locale.ROOT))
                .bind("walk_in", Ids.newId()).bind("settings", settingsJson)
                .then().block();
        return db.sql("SELECT walk_in_contact_id FROM account_settings WHERE account_id = :account")
                .bind("account", caller.accountId())
                .map(row -> row.get(0, UUID.class)).one().block();
    }

    /** The types of the events crm wrote about {@code subject}, oldest first. */
    public List<String> eventTypes(Object subject) {
        return events(subject).stream().map(event -> event.get("type").asString()).toList();
    }

    /** The events crm wrote about {@code subject} (its outbox), oldest first. */
    public List<JsonNode> events(Object subject) {
        return db.sql("SELECT payload FROM outbox_events WHERE payload::jsonb ->> 'subject' = :id ORDER BY seq")
                .bind("id", subject.toString())
                .map(row -> json.readTree(row.get("payload", String.class)))
                .all().collectList().block();
    }
}
