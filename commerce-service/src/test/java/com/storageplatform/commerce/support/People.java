package com.storageplatform.commerce.support;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import java.time.Instant;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;

/**
 * Contacts written straight into the table, for tests of the features that name a customer (reservations, orders,
 * agreements) without going through {@code /v1/contacts}.
 */
public final class People {

    private final DatabaseClient db;

    public People(DatabaseClient db) {
        this.db = db;
    }

    public UUID customer(Caller caller, String firstName, String email) {
        return insert(caller.accountId(), Ids.newId(), firstName, email, "active", null);
    }

    public UUID customer(Caller caller) {
        return customer(caller, "Ada", "ada." + Ids.newId() + "@example.com");
    }

    public UUID archivedCustomer(Caller caller) {
        return insert(caller.accountId(), Ids.newId(), "Grace", null, "archived", null);
    }

    public UUID walkIn(Caller caller) {
        return insert(caller.accountId(), Ids.newId(), "Walk-in", null, "active", "walk_in");
    }

    /** The contact's status as stored. */
    public String status(Caller caller, UUID id) {
        return db.sql("SELECT status FROM contacts WHERE account_id = :account AND id = :id")
                .bind("account", caller.accountId()).bind("id", id)
                .map(row -> row.get(0, String.class)).one().block();
    }

    private UUID insert(UUID account, UUID id, String firstName, String email, String status, String role) {
        Instant now = Instant.now();
        DatabaseClient.GenericExecuteSpec spec = db.sql("""
                INSERT INTO contacts (id, account_id, first_name, last_name, email, status, system_role,
                       archived_at, created_at, updated_at)
                VALUES (:id, :account, :first, 'Lovelace', :email, :status, :role, :archived, :now, :now)
                """)
                .bind("id", id).bind("account", account).bind("first", firstName).bind("status", status)
                .bind("now", now);
        spec = email == null ? spec.bindNull("email", String.class) : spec.bind("email", email);
        spec = role == null ? spec.bindNull("role", String.class) : spec.bind("role", role);
        spec = "archived".equals(status) ? spec.bind("archived", now) : spec.bindNull("archived", Instant.class);
        spec.then().block();
        return id;
    }
}
