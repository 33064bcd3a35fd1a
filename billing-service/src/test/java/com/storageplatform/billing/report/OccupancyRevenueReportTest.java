package com.storageplatform.billing.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.billing.support.Invoicing;
import com.storageplatform.billing.support.TimeTravel;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.testsupport.PlatformTest;
import com.storageplatform.kit.testsupport.TestCallers;
import com.storageplatform.kit.time.PlatformClock;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code GET /v1/reports/occupancy} and {@code /v1/reports/revenue} over a data set worked out by hand. Today is
 * pinned to Wednesday 10 March 2027; the billing run has invoiced every plan's periods up to today.
 *
 * <pre>
 * Site Harbour:  Small  200 x 250 cm =  5.00 m2, list 10000   units s1 s2 s3, s4 archived
 *                Large  300 x 400 cm = 12.00 m2, list 25000   units l1 l2, l3 out of service
 * Site Quayside: Medium 250 x 300 cm =  7.50 m2, list 15000   units m1 m2 m3 (m3 shows reserved)
 *
 * Plans (monthly licence fee, GBP):
 *   P1 s1 10000 from 10 Jan, no promotion                              -> 10000
 *   P2 s2  9000 from  1 Feb, TENOFF 10% forever                        ->  8100
 *   P3 l1 24000 from 10 Jan, WELCOME 5000 off once (January's period)  -> 24000 (19000 on 20 Jan)
 *   P4 l2 25000 from 10 Jan, cancelled with last day 28 Feb            -> ended (25000 on 20 Jan and 15 Feb)
 *   P5 m1 15000 from 10 Feb, SPRING 20% for 3 periods                  -> 12000 (10 Mar's period has it)
 *   P6 m2 14000 from  1 Apr                                            -> not started
 *   P7 s3 weekly, 10833 a month = 2500 a week (x 12 / 52), from 1 Mar  -> 2500 x 52 / 12 = 10833.33 -> 10833
 * Another account: a site, a unit and a plan of 50000 that never count.
 *
 * On 10 March:
 *   rentable units: Harbour 6 (s4 archived is not), Quayside 3; total 9. Occupied: s1 s2 s3 l1 | m1 = 4 | 1 = 5.
 *   units %:  total 5/9 = 55.56   Harbour 4/6 = 66.67   Quayside 1/3 = 33.33
 *   area:     Harbour 3 x 5 + 3 x 12 = 51.00, occupied 15 + 12 = 27.00 (52.94 %);
 *             Quayside 22.50, occupied 7.50 (33.33 %); total 73.50, occupied 34.50 (46.94 %)
 *   potential: Harbour 3 x 10000 + 3 x 25000 = 105000; Quayside 45000; total 150000
 *   actual:    Harbour 10000 + 8100 + 10833 + 24000 = 52933 (50.41 %); Quayside 12000 (26.67 %);
 *              total 64933 (43.29 %)
 *   by unit type: Large 3 units, 1 occupied (33.33), 36.00 / 12.00 m2 (33.33), 75000 / 24000 (32.00)
 *                 Medium 3, 1 (33.33), 22.50 / 7.50 (33.33), 45000 / 12000 (26.67)
 *                 Small 3, 3 (100.00), 15.00 / 15.00 (100.00), 30000 / 28933 (96.44)
 *   revenue: MRR = the actual fees; ARR = 12 x MRR; RevPAU = MRR / rentable units, half up:
 *            total 64933, 779196, 9, 7214.78 -> 7215; Harbour 52933, 635196, 6, 8822.17 -> 8822;
 *            Quayside 12000, 144000, 3, 4000; Large 24000, 288000, 3, 8000; Medium 12000, 144000, 3, 4000;
 *            Small 28933, 347196, 3, 9644.33 -> 9644
 * On 20 January: P1 10000 + P3 19000 + P4 25000 = 54000 on 3 units: 33.33 %, RevPAU 6000, economic 36.00 %.
 * On 15 February: P1 10000 + P2 8100 + P3 24000 + P4 25000 + P5 12000 = 79100 on 5 units.
 * </pre>
 */
@PlatformTest
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class OccupancyRevenueReportTest {

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
    ReportData d;
    UUID harbour;
    UUID quayside;
    UUID small;
    UUID large;
    UUID medium;

    @BeforeAll
    void dataSet() {
        time = new TimeTravel(clock);
        time.to(TODAY);
        d = new ReportData(client, json, db);
        harbour = d.site("Harbour");
        quayside = d.site("Quayside");
        small = d.unitType(harbour, "Small", 200, 250, 10000);
        large = d.unitType(harbour, "Large", 300, 400, 25000);
        medium = d.unitType(quayside, "Medium", 250, 300, 15000);
        UUID s1 = d.unit(harbour, small, "occupied");
        UUID s2 = d.unit(harbour, small, "occupied");
        UUID s3 = d.unit(harbour, small, "occupied");
        d.unit(harbour, small, "archived");
        UUID l1 = d.unit(harbour, large, "occupied");
        UUID l2 = d.unit(harbour, large, "available");
        d.unit(harbour, large, "out_of_service");
        UUID m1 = d.unit(quayside, medium, "occupied");
        UUID m2 = d.unit(quayside, medium, "reserved");
        d.unit(quayside, medium, "reserved");
        d.bookings.coupon(d.caller, "TENOFF", "percent", 10, "forever", null);
        d.bookings.coupon(d.caller, "WELCOME", "fixed_amount", 5000, "once", null);
        d.bookings.coupon(d.caller, "SPRING", "percent", 20, "repeating", 3);
        UUID a1 = d.agreement(harbour, small, s1, LocalDate.of(2027, 1, 10), 10000);
        UUID a2 = d.agreement(harbour, small, s2, LocalDate.of(2027, 2, 1), 9000);
        UUID a3 = d.agreement(harbour, large, l1, LocalDate.of(2027, 1, 10), 24000);
        UUID a4 = d.agreement(harbour, large, l2, LocalDate.of(2027, 1, 10), 25000);
        UUID a5 = d.agreement(quayside, medium, m1, LocalDate.of(2027, 2, 10), 15000);
        UUID a6 = d.agreement(quayside, medium, m2, LocalDate.of(2027, 4, 1), 14000);
        UUID a7 = d.agreement(harbour, small, s3, LocalDate.of(2027, 3, 1), 10833);

        ReportData other = new ReportData(client, json, db);
        UUID otherSite = other.site("Elsewhere");
        UUID otherType = other.unitType(otherSite, "Huge", 1000, 1000, 50000);
        UUID otherUnit = other.unit(otherSite, otherType, "occupied");
        UUID otherAgreement = other.agreement(otherSite, otherType, otherUnit, LocalDate.of(2027, 1, 1), 50000);

        d.projected();
        other.projected();
        d.plan(harbour, a1, "month", "");
        d.plan(harbour, a2, "month", ", \"promotion_code\": \"TENOFF\"");
        d.plan(harbour, a3, "month", ", \"promotion_code\": \"WELCOME\"");
        String p4 = d.plan(harbour, a4, "month", "").get("id").asString();
        d.plan(quayside, a5, "month", ", \"promotion_code\": \"SPRING\"");
        d.plan(quayside, a6, "month", "");
        assertThat(d.plan(harbour, a7, "week", "").get("amount_minor").asLong()).isEqualTo(2500);
        other.plan(otherSite, otherAgreement, "month", "");
        d.plans.action(d.caller, p4, "cancel", "{\"effective_date\": \"2027-02-28\"}").expectStatus().isOk();
        new Invoicing(client, json, db).runJob("billing-run");
    }

    @AfterAll
    void clockBack() {
        time.back();
    }

    @Test
    void occupancyByDefaultIsOneTotalRowOnToday() {
        List<String> rows = occupancy("");
        assertThat(rows).containsExactly("total|Total|2027-03-10|9|5|55.56|73.50|34.50|46.94|150000|64933|43.29");
    }

    @Test
    void occupancyBySiteCountsOutOfServiceUnitsButNotArchivedOnes() {
        assertThat(occupancy("?group_by=site")).containsExactly(
                harbour + "|Harbour|2027-03-10|6|4|66.67|51.00|27.00|52.94|105000|52933|50.41",
                quayside + "|Quayside|2027-03-10|3|1|33.33|22.50|7.50|33.33|45000|12000|26.67");
    }

    @Test
    void occupancyByUnitTypeNetsEachPlansPromotionInForceToday() {
        assertThat(occupancy("?group_by=unit_type")).containsExactly(
                large + "|Large|2027-03-10|3|1|33.33|36.00|12.00|33.33|75000|24000|32.00",
                medium + "|Medium|2027-03-10|3|1|33.33|22.50|7.50|33.33|45000|12000|26.67",
                small + "|Small|2027-03-10|3|3|100.00|15.00|15.00|100.00|30000|28933|96.44");
    }

    @Test
    void revenueByEveryGroupIsMrrArrAndRevpauNetOfPromotions() {
        assertThat(revenue("")).containsExactly("total|Total|2027-03-10|64933|779196|9|7215");
        assertThat(revenue("?group_by=site")).containsExactly(
                harbour + "|Harbour|2027-03-10|52933|635196|6|8822",
                quayside + "|Quayside|2027-03-10|12000|144000|3|4000");
        assertThat(revenue("?group_by=unit_type")).containsExactly(
                large + "|Large|2027-03-10|24000|288000|3|8000",
                medium + "|Medium|2027-03-10|12000|144000|3|4000",
                small + "|Small|2027-03-10|28933|347196|3|9644");
    }

    @Test
    void toMovesTheDayTheFiguresAreTakenOnWithThePromotionsOfThatDay() {
        assertThat(occupancy("?from=2027-01-01&to=2027-01-20"))
                .containsExactly("total|Total|2027-01-20|9|3|33.33|73.50|29.00|39.46|150000|54000|36.00");
        assertThat(revenue("?from=2027-01-01&to=2027-01-20"))
                .containsExactly("total|Total|2027-01-20|54000|648000|9|6000");
        assertThat(revenue("?from=2027-02-01&to=2027-02-15"))
                .containsExactly("total|Total|2027-02-15|79100|949200|9|8789");
    }

    @Test
    void aToAheadOfTodayReadsToday() {
        JsonNode row = d.plans.on("/v1/reports/revenue").list(d.caller, "?to=2027-06-30").get("data").get(0);
        assertThat(row.get("to").asString()).isEqualTo("2027-06-30");
        assertThat(row.get("as_of").asString()).isEqualTo("2027-03-10");
        assertThat(row.get("mrr_minor").asLong()).isEqualTo(64933);
    }

    @Test
    void siteIdNarrowsTheReportToOneSite() {
        assertThat(occupancy("?site_id=" + quayside))
                .containsExactly("total|Total|2027-03-10|3|1|33.33|22.50|7.50|33.33|45000|12000|26.67");
        assertThat(revenue("?group_by=unit_type&site_id=" + harbour)).containsExactly(
                large + "|Large|2027-03-10|24000|288000|3|8000",
                small + "|Small|2027-03-10|28933|347196|3|9644");
    }

    @Test
    void aSiteRestrictedCredentialSeesOnlyItsSitesAndCannotNameAnother() {
        Caller quaysideOnly = TestCallers.restrictedTo(d.caller, quayside);
        JsonNode rows = d.plans.on("/v1/reports/revenue").list(quaysideOnly, "?group_by=site").get("data");
        assertThat(rows).hasSize(1);
        assertThat(rows.get(0).get("key").asString()).isEqualTo(quayside.toString());
        assertThat(rows.get(0).get("mrr_minor").asLong()).isEqualTo(12000);
        d.plans.on("/v1/reports/occupancy").get(quaysideOnly, "?site_id=" + harbour).expectStatus().isForbidden();
    }

    @Test
    void anAccountWithNothingHasAZeroTotalRow() {
        Caller empty = TestCallers.apiCaller("reports:read");
        new com.storageplatform.billing.support.Accounts(db, json).settings(empty, "{}");
        JsonNode rows = d.plans.on("/v1/reports/occupancy").list(empty, "?group_by=total").get("data");
        assertThat(rows).hasSize(1);
        assertThat(rows.get(0).get("units_total").asLong()).isZero();
        assertThat(rows.get(0).get("unit_occupancy_pct").decimalValue()).isEqualByComparingTo("0");
        assertThat(d.plans.on("/v1/reports/revenue").list(empty, "?group_by=site").get("data")).isEmpty();
    }

    @Test
    void theCsvHasTheHeaderAndTheSameFigures() {
        String occupancy = csv("/v1/reports/occupancy?format=csv&group_by=site");
        assertThat(occupancy.split("\r\n")).containsExactly(
                "from,to,key,group_by,label,as_of,currency,units_total,units_occupied,unit_occupancy_pct,area_total,"
                        + "area_occupied,area_occupancy_pct,economic_potential_minor,economic_actual_minor,"
                        + "economic_occupancy_pct",
                "2027-03-01,2027-03-10," + harbour + ",site,Harbour,2027-03-10,GBP,6,4,66.67,51.00,27.00,52.94,"
                        + "105000,52933,50.41",
                "2027-03-01,2027-03-10," + quayside + ",site,Quayside,2027-03-10,GBP,3,1,33.33,22.50,7.50,33.33,"
                        + "45000,12000,26.67");
        String revenue = csv("/v1/reports/revenue?format=csv");
        assertThat(revenue.split("\r\n")).containsExactly(
                "from,to,key,group_by,label,as_of,currency,mrr_minor,arr_minor,units_total,revpau_minor",
                "2027-03-01,2027-03-10,total,total,Total,2027-03-10,GBP,64933,779196,9,7215");
    }

    @Test
    void anUnknownGroupIsAClearError() {
        d.plans.on("/v1/reports/revenue").get(d.caller, "?group_by=month").expectStatus().isBadRequest()
                .expectBody().jsonPath("$.error.code").isEqualTo("validation_error");
    }

    private List<String> occupancy(String query) {
        List<String> rows = new ArrayList<>();
        d.plans.on("/v1/reports/occupancy").list(d.caller, query).get("data").forEach(row -> {
            assertThat(row.get("object").asString()).isEqualTo("report_row");
            assertThat(row.get("currency").asString()).isEqualTo("GBP");
            rows.add(String.join("|", row.get("key").asString(), row.get("label").asString(),
                    row.get("as_of").asString(), row.get("units_total").asString(),
                    row.get("units_occupied").asString(), pct(row, "unit_occupancy_pct"), pct(row, "area_total"),
                    pct(row, "area_occupied"), pct(row, "area_occupancy_pct"),
                    row.get("economic_potential_minor").asString(), row.get("economic_actual_minor").asString(),
                    pct(row, "economic_occupancy_pct")));
        });
        return rows;
    }

    private List<String> revenue(String query) {
        List<String> rows = new ArrayList<>();
        d.plans.on("/v1/reports/revenue").list(d.caller, query).get("data").forEach(row -> rows.add(String.join("|",
                row.get("key").asString(), row.get("label").asString(), row.get("as_of").asString(),
                row.get("mrr_minor").asString(), row.get("arr_minor").asString(), row.get("units_total").asString(),
                row.get("revpau_minor").asString())));
        return rows;
    }

    private static String pct(JsonNode row, String field) {
        return row.get(field).decimalValue().setScale(2).toPlainString();
    }

    private String csv(String uri) {
        return client.get().uri(uri).header("Authorization", TestCallers.bearer(d.caller)).exchange()
                .expectStatus().isOk().expectHeader().contentType("text/csv;charset=UTF-8")
                .expectBody(String.class).returnResult().getResponseBody();
    }
}
