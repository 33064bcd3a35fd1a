package com.storageplatform.billing.subscription;

import com.storageplatform.billing.support.BillingApi;
import com.storageplatform.billing.support.TimeTravel;
import com.storageplatform.kit.time.PlatformClock;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * What the tests of running plans share: a clock set to {@link #TODAY} (and back after each test), the plan fixtures,
 * the billing run, and a plan's invoices oldest first.
 */
abstract class PlanRunTest {

    static final LocalDate TODAY = LocalDate.of(2027, 3, 10);

    @Autowired
    WebTestClient client;

    @Autowired
    JsonMapper json;

    @Autowired
    DatabaseClient db;

    @Autowired
    PlatformClock clock;

    TimeTravel time;

    @Autowired
    BillingRunJob job;

    PlanFixtures f;
    BillingApi invoices;

    @BeforeEach
    void setUp() {
        time = new TimeTravel(clock);
        clockAt(TODAY);
        f = new PlanFixtures(client, json, db);
        invoices = f.api.on("/v1/invoices");
    }

    @AfterEach
    void resetClock() {
        time.back();
    }

    void clockAt(LocalDate day) {
        time.to(day);
    }

    /** Runs the billing run once; answers its summary. */
    String run() {
        return job.run().block();
    }

    List<JsonNode> invoicesOf(String planId) {
        List<JsonNode> all = new ArrayList<>();
        invoices.list(f.caller, "?subscription_id=" + planId + "&limit=100").get("data").forEach(all::add);
        Collections.reverse(all);
        return all;
    }
}
