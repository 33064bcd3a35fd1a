package com.storageplatform.billing.subscription;

import com.storageplatform.billing.support.Accounts;
import com.storageplatform.billing.support.BillingApi;
import com.storageplatform.billing.support.Bookings;
import com.storageplatform.kit.caller.Caller;
import java.time.LocalDate;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** One account with a customer, a site, a unit type and the way to put plans on agreements, for plan tests. */
final class PlanFixtures {

    final BillingApi api;
    final Accounts accounts;
    final Bookings bookings;
    final Caller caller = BillingApi.newAccount();
    final UUID customer;
    final UUID site;
    final UUID unitType;

    PlanFixtures(WebTestClient client, JsonMapper json, DatabaseClient db) {
        api = new BillingApi(client, json, "/v1/subscriptions");
        accounts = new Accounts(db, json);
        bookings = new Bookings(db, json);
        accounts.settings(caller, "{}");
        customer = accounts.customer(caller);
        site = bookings.site(caller);
        unitType = bookings.unitType(caller, site, "standard_20");
    }

    /** An agreement of the customer moving in on {@code moveIn} at {@code monthlyFee}. */
    UUID agreement(LocalDate moveIn, long monthlyFee, Object... changes) {
        return bookings.agreement(caller, customer, site, unitType, moveIn, monthlyFee, changes);
    }

    /** A monthly plan on the agreement, with {@code extra} JSON members (", ..." or ""). */
    JsonNode monthlyPlan(UUID agreement, String extra) {
        return api.create(caller, """
                {"contact_id": "%s", "site_id": "%s", "agreement_id": "%s", "billing_interval": "month",
                 "interval_count": 1, "currency": "GBP"%s}
                """.formatted(customer, site, agreement, extra));
    }

    String body(UUID agreement, String extra) {
        return """
                {"contact_id": "%s", "site_id": "%s", "agreement_id": "%s", "billing_interval": "month",
                 "interval_count": 1, "currency": "GBP"%s}
                """.formatted(customer, site, agreement, extra);
    }
}
