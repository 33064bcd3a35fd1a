package com.storageplatform.billing.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.PlatformTest;
import com.storageplatform.kit.testsupport.ResourceApi;
import com.storageplatform.kit.testsupport.TestEvents;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The catalogue's units, unit types and sites, and commerce's agreements, projected for the reports from their
 * events: as the newest event tells them, and what the reports read of them.
 */
@PlatformTest
class ReportProjectionsTest {

    @Autowired
    WebTestClient client;

    @Autowired
    JsonMapper json;

    @Autowired
    DatabaseClient db;

    ReportData d;

    @BeforeEach
    void setUp() {
        d = new ReportData(client, json, db);
    }

    @Test
    void aUnitTypesUpdateMovesItsListPriceAreaAndName() {
        UUID site = d.site("Harbour");
        UUID type = d.unitType(site, "Small", 200, 250, 10000);
        d.unit(site, type, "available");
        d.projected();

        TestEvents.publish("catalogue.events", "unit_type.updated", d.caller.accountId(), Map.of("id",
                type.toString(), "object", "unit_type", "site_id", site.toString(), "name", "Small plus",
                "width_cm", 200, "depth_cm", 300, "price_minor", 12000, "currency", "GBP", "status", "active"));

        ResourceApi.eventually(() -> "Small plus".equals(row("?group_by=unit_type").get("label").asString()));
        JsonNode row = row("?group_by=unit_type");
        assertThat(row.get("economic_potential_minor").asLong()).isEqualTo(12000);
        assertThat(row.get("area_total").decimalValue()).isEqualByComparingTo("6.00");
    }

    @Test
    void aUnitArchivedLeavesTheRentableUnitsAndAnEventOlderThanTheRowChangesNothing() {
        UUID site = d.site("Harbour");
        UUID type = d.unitType(site, "Small", 200, 250, 10000);
        UUID unit = d.unit(site, type, "available");
        d.unit(site, type, "available");
        d.projected();
        assertThat(row("").get("units_total").asLong()).isEqualTo(2);

        TestEvents.publish("catalogue.events", "unit.archived", d.caller.accountId(), Map.of("id", unit.toString(),
                "object", "unit", "site_id", site.toString(), "unit_type_id", type.toString(), "status",
                "archived"));
        ResourceApi.eventually(() -> row("").get("units_total").asLong() == 1);

        // A row written by an event of the future: a late event from before it is not applied.
        db.sql("UPDATE report_units SET event_time = :later WHERE account_id = :account AND id = :id")
                .bind("later", Instant.now().plusSeconds(3600)).bind("account", d.caller.accountId())
                .bind("id", unit).then().block();
        TestEvents.publish("catalogue.events", "unit.updated", d.caller.accountId(), Map.of("id", unit.toString(),
                "object", "unit", "site_id", site.toString(), "unit_type_id", type.toString(), "status",
                "available"));
        UUID marker = d.unit(site, type, "archived");
        ResourceApi.eventually(() -> status(marker) != null);
        assertThat(status(unit)).isEqualTo("archived");
    }

    @Test
    void aUnitTypeWithoutBothDimensionsCountsNoAreaAndAnotherCurrencyNoMoney() {
        UUID site = d.site("Harbour");
        UUID type = d.unitType(site, "Small", 200, 250, 10000);
        TestEvents.publish("catalogue.events", "unit_type.updated", d.caller.accountId(), Map.of("id",
                type.toString(), "object", "unit_type", "site_id", site.toString(), "name", "Locker",
                "width_cm", 200, "price_minor", 9000, "currency", "EUR", "status", "active"));
        d.unit(site, type, "available");
        d.projected();

        JsonNode row = row("");
        assertThat(row.get("units_total").asLong()).isEqualTo(1);
        assertThat(row.get("area_total").decimalValue()).isEqualByComparingTo("0");
        assertThat(row.get("economic_potential_minor").asLong()).isZero();
    }

    @Test
    void anEventMissingWhatTheRowNeedsIsPassedOver() {
        UUID site = d.site("Harbour");
        UUID type = d.unitType(site, "Small", 200, 250, 10000);
        TestEvents.publish("catalogue.events", "unit.created", d.caller.accountId(), Map.of("id",
                Ids.newId().toString(), "object", "unit", "site_id", site.toString(), "status", "available"));
        d.unit(site, type, "available");
        d.projected();

        assertThat(row("").get("units_total").asLong()).isEqualTo(1);
    }

    private JsonNode row(String query) {
        return d.plans.on("/v1/reports/occupancy").list(d.caller, query).get("data").get(0);
    }

    private String status(UUID unit) {
        return db.sql("SELECT status FROM report_units WHERE account_id = :account AND id = :id")
                .bind("account", d.caller.accountId()).bind("id", unit)
                .map(r -> r.get("status", String.class)).one().block();
    }
}
