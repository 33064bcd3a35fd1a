package com.storageplatform.crm.message;

import com.storageplatform.crm.support.Accounts;
import com.storageplatform.crm.support.CrmApi;
import com.storageplatform.kit.caller.ActorType;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.caller.Environment;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.TestCallers;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.r2dbc.core.Parameter;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** One test account with its walk-in record, contacts as commerce's events leave them, and /v1/messages. */
final class MessageFixtures {

    static final String[] SCOPES = {"messages:read", "messages:write"};

    final CrmApi api;
    final CrmApi helpers;
    final Accounts accounts;
    final Caller caller;
    final UUID walkIn;
    private final DatabaseClient db;
    private final JsonMapper json;

    MessageFixtures(WebTestClient client, JsonMapper json, DatabaseClient db) {
        this(client, json, db, TestCallers.apiCaller(SCOPES));
    }

    MessageFixtures(WebTestClient client, JsonMapper json, DatabaseClient db, Caller caller) {
        this.api = new CrmApi(client, json, "/v1/messages");
        this.helpers = api.on("/v1/test-helpers/messages");
        this.accounts = new Accounts(db, json);
        this.db = db;
        this.json = json;
        this.caller = caller;
        this.walkIn = accounts.settings(caller, "{}");
    }

    /** A live API-key caller of a fresh account. */
    static Caller liveCaller() {
        Caller test = TestCallers.apiCaller(SCOPES);
        return new Caller(test.accountId(), test.operatorId(), Environment.LIVE, test.scopes(), null, ActorType.API,
                test.credentialId(), test.requestId());
    }

    /** A contact of the account with this email, phone and marketing answer (null: none). */
    UUID contact(String email, String phone, String marketingStatus) {
        UUID id = Ids.newId();
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("id", id.toString());
        data.put("object", "contact");
        data.put("first_name", "Ada");
        data.put("last_name", "Lovelace");
        data.put("email", email);
        data.put("phone", phone);
        data.put("marketing_status", marketingStatus);
        db.sql("""
                INSERT INTO contacts (account_id, id, email, status, data, event_time)
                VALUES (:account, :id, :email, 'active', CAST(:data AS jsonb), now())
                """)
                .bind("account", caller.accountId()).bind("id", id)
                .bind("email", email == null ? "" : email)
                .bind("data", json.writeValueAsString(data))
                .then().block();
        return id;
    }

    /** A contact with an email address at a real domain and a phone number, who answered yes to marketing. */
    UUID contact(String email) {
        return contact(email, "+44 7700 900000", "yes");
    }

    /** The contact's details changed, as a later contact.updated leaves them. */
    void changeContact(UUID id, String email, String marketingStatus) {
        db.sql("""
                UPDATE contacts SET email = :email,
                       data = data || jsonb_build_object('email', CAST(:email AS text), 'marketing_status',
                                                         CAST(:marketing AS text))
                 WHERE account_id = :account AND id = :id
                """)
                .bind("account", caller.accountId()).bind("id", id)
                .bind("email", Parameter.fromOrEmpty(email, String.class))
                .bind("marketing", marketingStatus)
                .then().block();
    }

    /** How many times the message was handed to its provider. */
    int attempts(String id) {
        return db.sql("SELECT attempts FROM messages WHERE id = :id").bind("id", UUID.fromString(id))
                .map(row -> row.get(0, Integer.class)).one().block();
    }

    /**
     * Whether the message was handed over this many times and the sender has recorded what came of the last (its
     * lease released). {@code attempts} counts a claim, so it moves before the outcome is written: a test that moves
     * the clock in between sees a retry's wait measured from the moved clock, and the message not due when expected.
     */
    boolean triedAndSettled(String id, int tries) {
        return db.sql("SELECT attempts = :tries AND lease_until IS NULL FROM messages WHERE id = :id")
                .bind("id", UUID.fromString(id)).bind("tries", tries).map(row -> row.get(0, Boolean.class)).one()
                .block();
    }

    String email(UUID contact, String kind, String subject, String body) {
        return """
                {"contact_id": "%s", "channel": "email", "kind": "%s", "subject": %s, "body": %s}
                """.formatted(contact, kind, json.writeValueAsString(subject), json.writeValueAsString(body));
    }

    String sms(UUID contact, String kind, String body) {
        return """
                {"contact_id": "%s", "channel": "sms", "kind": "%s", "body": %s}
                """.formatted(contact, kind, json.writeValueAsString(body));
    }

    JsonNode read(String id) {
        return api.read(caller, id);
    }

    String status(String id) {
        return read(id).get("status").asString();
    }

    List<String> eventTypes(String id) {
        return accounts.eventTypes(id);
    }
}
