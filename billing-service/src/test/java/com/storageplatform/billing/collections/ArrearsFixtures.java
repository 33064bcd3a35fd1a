package com.storageplatform.billing.collections;

import com.storageplatform.billing.support.Accounts;
import com.storageplatform.billing.support.BillingApi;
import com.storageplatform.billing.support.Bookings;
import com.storageplatform.billing.support.Invoicing;
import com.storageplatform.billing.support.TimeTravel;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.ResourceApi;
import com.storageplatform.kit.testsupport.TestCallers;
import com.storageplatform.kit.testsupport.TestEvents;
import com.storageplatform.kit.time.PlatformClock;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.springframework.http.MediaType;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * One account with a customer at a site, and the ways its debts move: invoices made overdue by the sweep, plans
 * billed by the run, payments, voids, the dunning job run on a given day, and compliance's lock reports.
 */
final class ArrearsFixtures {

    final WebTestClient client;
    final DatabaseClient db;
    final Accounts accounts;
    final Bookings bookings;
    final Invoicing invoicing;
    final BillingApi cases;
    final BillingApi overlocks;
    final BillingApi plans;
    final TimeTravel time;
    final Caller caller = BillingApi.newAccount();
    final UUID customer;
    final UUID site;
    final UUID unitType;

    ArrearsFixtures(WebTestClient client, JsonMapper json, DatabaseClient db, PlatformClock clock,
            String settingsJson) {
        this.client = client;
        this.db = db;
        accounts = new Accounts(db, json);
        bookings = new Bookings(db, json);
        invoicing = new Invoicing(client, json, db);
        cases = new BillingApi(client, json, "/v1/collections-cases");
        overlocks = new BillingApi(client, json, "/v1/overlocks");
        plans = new BillingApi(client, json, "/v1/subscriptions");
        time = new TimeTravel(clock);
        accounts.settings(caller, settingsJson);
        customer = accounts.customer(caller);
        site = bookings.site(caller);
        unitType = bookings.unitType(caller, site, "standard_20");
    }

    UUID agreement(LocalDate moveIn) {
        return bookings.agreement(caller, customer, site, unitType, moveIn, 3100, "status", "active");
    }

    /** A monthly plan of 3100 on an agreement moving in on {@code moveIn}; answers its id. */
    String plan(UUID agreement) {
        return plans.createId(caller, """
                {"contact_id": "%s", "site_id": "%s", "agreement_id": "%s", "billing_interval": "month",
                 "interval_count": 1, "currency": "GBP"}
                """.formatted(customer, site, agreement));
    }

    /** An open invoice through the API of {@code amountMinor}, due on {@code due} (today or later). */
    String invoiceDue(LocalDate due, long amountMinor) {
        String id = invoicing.invoices().createId(caller, """
                {"contact_id": "%s", "currency": "GBP", "due_date": "%s",
                 "lines": [{"description": "Unit A12", "amount_minor": %d, "quantity": 1}]}
                """.formatted(customer, due, amountMinor));
        invoicing.invoices().action(caller, id, "finalize", "{}").expectStatus().isOk();
        return id;
    }

    /** The platform clock on {@code day}, then the job {@code name} run. */
    String runOn(LocalDate day, String name) {
        time.to(day);
        return invoicing.runJob(name);
    }

    /** The customer's open case once its invoices' events have been applied. */
    JsonNode openCase() {
        ResourceApi.eventually(() -> !cases.listedIds(caller, "?status=open&contact_id=" + customer).isEmpty());
        return cases.read(caller, cases.listedIds(caller, "?status=open&contact_id=" + customer).get(0));
    }

    JsonNode read(String caseId) {
        return cases.read(caller, caseId);
    }

    void pay(String invoiceId, long amountMinor) {
        client.post().uri("/v1/payments").header("Authorization", TestCallers.bearer(caller))
                .header("Idempotency-Key", "key-" + Ids.newId()).contentType(MediaType.APPLICATION_JSON)
                .bodyValue("""
                        {"rail": "offline", "offline_method": "card_terminal", "invoice_id": "%s",
                         "amount_minor": %d, "currency": "GBP"}
                        """.formatted(invoiceId, amountMinor))
                .exchange().expectStatus().isCreated();
    }

    /** The dunning.advanced events of the case, oldest first. */
    List<JsonNode> advanced(String caseId) {
        List<JsonNode> steps = new ArrayList<>();
        accounts.events(caseId).stream().filter(e -> "dunning.advanced".equals(e.get("type").asString()))
                .forEach(steps::add);
        return steps;
    }

    /** The plan's charges waiting for its next invoice, as {@code kind amount billed?}. */
    List<String> waiting(String planId) {
        return db.sql("""
                SELECT kind || ' ' || amount_minor || ' ' || (billed_invoice_id IS NOT NULL) AS w
                  FROM subscription_waiting_charges WHERE subscription_id = :id ORDER BY created_at, id
                """).bind("id", UUID.fromString(planId)).map(row -> row.get("w", String.class)).all()
                .collectList().block();
    }

    /** Compliance's report that a lock command of the overlock settled, as it publishes it. */
    void lockReport(String type, String overlockId, String operation) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("overlock_id", overlockId);
        data.put("object", "access_lock");
        data.put("operation", operation);
        data.put("command_id", Ids.newId().toString());
        data.put("site_id", site.toString());
        data.put("unit_id", Ids.newId().toString());
        data.put("reason", null);
        data.put("settled_at", Instant.now().toString());
        TestEvents.publish("compliance.events", type, caller.accountId(), data);
    }

    String overlockStatus(String id) {
        return overlocks.read(caller, id).get("status").asString();
    }
}
