package com.storageplatform.crm.support;

import com.storageplatform.kit.caller.Caller;
import java.time.Instant;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.json.JsonMapper;

/**
 * One account with a customer, its walk-in record and a site, the way to open deals for it, and a deal's
 * {@code last_activity_at}: what tests of the records kept beside deals (tasks, notes) start from.
 */
public final class CrmAccount {

    public final CrmApi deals;
    public final Accounts accounts;
    public final Bookings bookings;
    public final Caller caller = CrmApi.newAccount();
    public final UUID walkIn;
    public final UUID customer;
    public final UUID site;

    private final DatabaseClient db;

    public CrmAccount(WebTestClient client, JsonMapper json, DatabaseClient db) {
        this.db = db;
        deals = new CrmApi(client, json, "/v1/deals");
        accounts = new Accounts(db, json);
        bookings = new Bookings(db, json);
        walkIn = accounts.settings(caller, "{}");
        customer = accounts.customer(caller);
        site = bookings.site(caller);
    }

    /** An open deal of {@code contact} at {@code atSite}. */
    public String deal(UUID contact, UUID atSite) {
        return deals.createId(caller, """
                {"contact_id": "%s", "site_id": "%s"}
                """.formatted(contact, atSite));
    }

    /** The deal's {@code last_activity_at} as stored. */
    public Instant lastActivity(String dealId) {
        return db.sql("SELECT last_activity_at FROM deals WHERE id = :id")
                .bind("id", UUID.fromString(dealId))
                .map(row -> row.get(0, Instant.class)).one().block();
    }

    /** Moves the deal's {@code last_activity_at} a day back, so that activity recorded now shows; answers it. */
    public Instant backdate(String dealId) {
        db.sql("UPDATE deals SET last_activity_at = last_activity_at - interval '1 day' WHERE id = :id")
                .bind("id", UUID.fromString(dealId)).then().block();
        return lastActivity(dealId);
    }
}
