package com.storageplatform.billing.report;

import com.storageplatform.billing.support.Accounts;
import com.storageplatform.billing.support.BillingApi;
import com.storageplatform.billing.support.Bookings;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.ResourceApi;
import com.storageplatform.kit.testsupport.TestCallers;
import com.storageplatform.kit.testsupport.TestEvents;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * One account's catalogue and plans for the report tests: its sites, unit types and units published on
 * {@code catalogue.events} and its agreements on {@code commerce.events} as the catalogue and commerce publish them,
 * then plans made on them through the API.
 */
final class ReportData {

    final Caller caller = TestCallers.apiCaller("billing:read", "billing:write", "agreements:write", "reports:read");
    final BillingApi plans;
    final Bookings bookings;
    final UUID customer;
    private final DatabaseClient db;
    private final List<UUID> units = new ArrayList<>();
    private final List<UUID> agreements = new ArrayList<>();

    ReportData(WebTestClient client, JsonMapper json, DatabaseClient db) {
        this.db = db;
        plans = new BillingApi(client, json, "/v1/subscriptions");
        bookings = new Bookings(db, json);
        Accounts accounts = new Accounts(db, json);
        accounts.settings(caller, "{}");
        customer = accounts.customer(caller);
    }

    UUID site(String name) {
        UUID id = Ids.newId();
        catalogue("site.created", Map.of("id", id.toString(), "object", "site", "name", name, "status", "active",
                "timezone", "Europe/London"));
        return id;
    }

    UUID unitType(UUID site, String name, int widthCm, int depthCm, long priceMinor) {
        UUID id = Ids.newId();
        Map<String, Object> type = new LinkedHashMap<>();
        type.put("id", id.toString());
        type.put("object", "unit_type");
        type.put("site_id", site.toString());
        type.put("name", name);
        type.put("width_cm", widthCm);
        type.put("depth_cm", depthCm);
        type.put("height_cm", 240);
        type.put("price_minor", priceMinor);
        type.put("currency", "GBP");
        type.put("vat_treatment", "standard_20");
        type.put("status", "active");
        catalogue("unit_type.created", type);
        return id;
    }

    UUID unit(UUID site, UUID unitType, String status) {
        UUID id = Ids.newId();
        catalogue("unit.created", Map.of("id", id.toString(), "object", "unit", "site_id", site.toString(),
                "unit_type_id", unitType.toString(), "name", "U" + units.size(), "status", status));
        units.add(id);
        return id;
    }

    /** An agreement letting {@code unit} from {@code moveIn} at a monthly licence fee. */
    UUID agreement(UUID site, UUID unitType, UUID unit, LocalDate moveIn, long monthlyFee) {
        UUID id = Ids.newId();
        Map<String, Object> agreement = new LinkedHashMap<>();
        agreement.put("id", id.toString());
        agreement.put("object", "agreement");
        agreement.put("contact_id", customer.toString());
        agreement.put("unit_id", unit.toString());
        agreement.put("site_id", site.toString());
        agreement.put("unit_type_id", unitType.toString());
        agreement.put("reservation_id", null);
        agreement.put("order_id", null);
        agreement.put("licence_fee_minor", monthlyFee);
        agreement.put("currency", "GBP");
        agreement.put("move_in_date", moveIn.toString());
        agreement.put("status", "active");
        agreement.put("end_date", null);
        TestEvents.publish("commerce.events", "agreement.created", caller.accountId(), agreement);
        agreements.add(id);
        return id;
    }

    /** Waits until billing's projections hold every unit and agreement published. */
    void projected() {
        ResourceApi.eventually(() -> count("report_units") == units.size()
                && count("report_agreements") == agreements.size()
                && countRecords("agreement") == agreements.size());
    }

    /** A plan on the agreement billed every {@code interval}, with {@code extra} JSON members. */
    JsonNode plan(UUID site, UUID agreement, String interval, String extra) {
        return plans.create(caller, """
                {"contact_id": "%s", "site_id": "%s", "agreement_id": "%s", "billing_interval": "%s",
                 "interval_count": 1, "currency": "GBP"%s}
                """.formatted(customer, site, agreement, interval, extra));
    }

    private void catalogue(String type, Map<String, ?> data) {
        TestEvents.publish("catalogue.events", type, caller.accountId(), data);
    }

    private long count(String table) {
        return db.sql("SELECT count(*) AS n FROM " + table + " WHERE account_id = :account")
                .bind("account", caller.accountId()).map(row -> row.get("n", Long.class)).one().block();
    }

    private long countRecords(String object) {
        return db.sql("SELECT count(*) AS n FROM records WHERE account_id = :account AND object = :object")
                .bind("account", caller.accountId()).bind("object", object)
                .map(row -> row.get("n", Long.class)).one().block();
    }
}
