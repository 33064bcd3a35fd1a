package com.storageplatform.crm.deal;

import com.storageplatform.crm.support.Accounts;
import com.storageplatform.crm.support.Bookings;
import com.storageplatform.crm.support.CrmApi;
import com.storageplatform.kit.caller.Caller;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** One account with a customer, a site and a unit type at it, and the way to make deals, for deal tests. */
final class DealFixtures {

    final CrmApi api;
    final CrmApi pipelines;
    final Accounts accounts;
    final Bookings bookings;
    final Caller caller = CrmApi.newAccount();
    final UUID walkIn;
    final UUID customer;
    final UUID site;
    final UUID unitType;

    DealFixtures(WebTestClient client, JsonMapper json, DatabaseClient db) {
        this(client, json, db, "{}");
    }

    DealFixtures(WebTestClient client, JsonMapper json, DatabaseClient db, String settings) {
        api = new CrmApi(client, json, "/v1/deals");
        pipelines = api.on("/v1/pipelines");
        accounts = new Accounts(db, json);
        bookings = new Bookings(db, json);
        walkIn = accounts.settings(caller, settings);
        customer = accounts.customer(caller);
        site = bookings.site(caller);
        unitType = bookings.unitType(caller, site);
    }

    /** An open deal of the customer at the site, with {@code extra} JSON members (", ..." or ""). */
    JsonNode deal(String extra) {
        return api.create(caller, body(extra));
    }

    String body(String extra) {
        return """
                {"contact_id": "%s", "site_id": "%s"%s}
                """.formatted(customer, site, extra);
    }

    /** The account's default pipeline. */
    JsonNode defaultPipeline() {
        return pipelines.list(caller, "").get("data").get(0);
    }

    /** The id of the default pipeline's stage named {@code name}. */
    String stage(String name) {
        for (JsonNode stage : defaultPipeline().get("stages")) {
            if (stage.get("name").asString().equals(name)) {
                return stage.get("id").asString();
            }
        }
        throw new AssertionError("no stage " + name);
    }
}
