package com.storageplatform.crm.deal;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.crm.support.Accounts;
import com.storageplatform.crm.support.Bookings;
import com.storageplatform.crm.support.CrmApi;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.testsupport.PlatformTest;
import com.storageplatform.kit.testsupport.TestCallers;
import com.storageplatform.kit.time.PlatformClock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
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
 * {@code GET /v1/reports/conversion}: deals first quoted and first reserved in a period, from
 * {@code conversion_days} as each deal change keeps it.
 *
 * <p>The data set, worked by hand (operator in Europe/London; each change at noon UTC on its day). Harbour has the
 * unit type Small, Quayside the unit type Large; the default pipeline's stages Enquiry, Quoted (open), Reserved
 * (reserved), Won, Lost.
 * <pre>
 * deal  site      channel  unit type  what happened
 * D1    Harbour   website  Small      made 02-25; quote linked 03-02; moved to Reserved 03-05; back to Quoted 03-08;
 *                                     Reserved again and a second quote linked 03-12 (neither counts again)
 * D2    Harbour   phone    Small      made in the Reserved stage 03-03, never quoted
 * D3    Quayside  website  Large      made with a quote 02-27; moved to Reserved 03-10
 * D4    Quayside  (none)   (none)     made 03-01; quote linked 03-15
 * D5    Quayside  phone    Large      made 03-20; quote linked 04-01
 * another account: a deal made with a quote on 03-04: never counts
 *
 * March (03-01 to 03-31): quoted D1 (03-02), D4 (03-15); reserved D2 (03-03), D1 (03-05), D3 (03-10)
 *   by site       Harbour  quoted 1 (D1), reserved 2 (D1, D2);  Quayside quoted 1 (D4), reserved 1 (D3)
 *   by channel    Phone    quoted 0, reserved 1 (D2);  Unknown quoted 1 (D4), reserved 0;
 *                 Website  quoted 1 (D1), reserved 2 (D1, D3)
 *   by unit type  Large    quoted 0, reserved 1 (D3);  No unit type quoted 1 (D4), reserved 0;
 *                 Small    quoted 1 (D1), reserved 2 (D1, D2)
 * 02-25 to 03-04: quoted D3 (02-27), D1 (03-02); reserved D2 (03-03):
 *   Harbour quoted 1, reserved 1; Quayside quoted 1, reserved 0
 * 02-25 to 03-31: March's counts and D3's quote on 02-27: Harbour quoted 1, reserved 2; Quayside quoted 2, reserved 1
 * 03-06 to 03-31: D1's second reservation and second quote (03-12) are not counted, so Harbour has no row;
 *   Quayside quoted 1 (D4), reserved 1 (D3)
 * </pre>
 */
@PlatformTest
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ConversionReportTest {

    static final String REPORT = "/v1/reports/conversion";

    @Autowired
    WebTestClient client;

    @Autowired
    JsonMapper json;

    @Autowired
    DatabaseClient db;

    @Autowired
    PlatformClock clock;

    final Caller caller = TestCallers.apiCaller("crm:read", "crm:write", "reports:read");
    final Caller other = TestCallers.apiCaller("crm:read", "crm:write", "reports:read");
    CrmApi deals;
    Bookings bookings;
    UUID customer;
    UUID harbour;
    UUID quayside;
    UUID small;
    UUID large;

    @BeforeAll
    void dataSet() {
        deals = new CrmApi(client, json, "/v1/deals");
        Accounts accounts = new Accounts(db, json);
        bookings = new Bookings(db, json);
        accounts.settings(caller, "{}");
        accounts.settings(other, "{}");
        customer = accounts.customer(caller);
        harbour = bookings.site(caller);
        quayside = named(bookings.site(caller), "Quayside");
        small = named(bookings.unitType(caller, harbour), "Small");
        large = named(bookings.unitType(caller, quayside), "Large");

        on("2027-02-25");
        String d1 = deal(harbour, "website", small, "");
        on("2027-02-27");
        String d3 = deal(quayside, "website", large, quote(caller, customer, quayside).toString());
        on("2027-03-01");
        String d4 = deal(quayside, null, null, "");
        on("2027-03-02");
        patch(d1, "{\"agreement_id\": \"" + quote(caller, customer, harbour) + "\"}");
        on("2027-03-03");
        deal(harbour, "phone", small, "\"stage_id\": \"" + stage("Reserved") + "\"");
        on("2027-03-04");
        UUID theirs = accounts.customer(other);
        UUID theirSite = bookings.site(other);
        deals.create(other, """
                {"contact_id": "%s", "site_id": "%s", "agreement_id": "%s"}
                """.formatted(theirs, theirSite, bookings.agreement(other, theirs, theirSite, "quote")));
        on("2027-03-05");
        patch(d1, "{\"stage_id\": \"" + stage("Reserved") + "\"}");
        on("2027-03-08");
        patch(d1, "{\"stage_id\": \"" + stage("Quoted") + "\"}");
        on("2027-03-10");
        patch(d3, "{\"stage_id\": \"" + stage("Reserved") + "\"}");
        on("2027-03-12");
        patch(d1, "{\"stage_id\": \"" + stage("Reserved") + "\", \"agreement_id\": \""
                + quote(caller, customer, harbour) + "\"}");
        on("2027-03-15");
        patch(d4, "{\"agreement_id\": \"" + quote(caller, customer, quayside) + "\"}");
        on("2027-03-20");
        String d5 = deal(quayside, "phone", large, "");
        on("2027-04-01");
        patch(d5, "{\"agreement_id\": \"" + quote(caller, customer, quayside) + "\"}");
    }

    @AfterAll
    void realTime() {
        clock.setOffset(Duration.ZERO);
    }

    @Test
    void bySiteEachSiteCountsTheDealsFirstQuotedAndFirstReservedInThePeriod() {
        List<JsonNode> rows = rows(caller, "?from=2027-03-01&to=2027-03-31");
        assertThat(rows).extracting(r -> r.get("label").asString()).containsExactly("Harbour", "Quayside");
        assertThat(rows).extracting(r -> r.get("key").asString())
                .containsExactly(harbour.toString(), quayside.toString());
        JsonNode first = rows.get(0);
        assertThat(first.get("object").asString()).isEqualTo("report_row");
        assertThat(first.get("group_by").asString()).isEqualTo("site");
        assertThat(first.get("from").asString()).isEqualTo("2027-03-01");
        assertThat(first.get("to").asString()).isEqualTo("2027-03-31");
        assertThat(figures(rows)).containsExactly("1/2", "1/1");
        List<String> fields = new ArrayList<>();
        first.propertyNames().forEach(fields::add);
        assertThat(fields).containsExactly("object", "from", "to", "key", "group_by", "label", "quoted", "reserved");
    }

    @Test
    void byChannelADealWithNoChannelIsUnknown() {
        List<JsonNode> rows = rows(caller, "?from=2027-03-01&to=2027-03-31&group_by=channel");
        assertThat(rows).extracting(r -> r.get("label").asString()).containsExactly("Phone", "Unknown", "Website");
        assertThat(rows).extracting(r -> r.get("key").asString()).containsExactly("phone", "unknown", "website");
        assertThat(figures(rows)).containsExactly("0/1", "1/0", "1/2");
    }

    @Test
    void byUnitTypeADealAboutNoUnitTypeHasItsOwnRow() {
        List<JsonNode> rows = rows(caller, "?from=2027-03-01&to=2027-03-31&group_by=unit_type");
        assertThat(rows).extracting(r -> r.get("label").asString())
                .containsExactly("Large", "No unit type", "Small");
        assertThat(rows).extracting(r -> r.get("key").asString())
                .containsExactly(large.toString(), "none", small.toString());
        assertThat(figures(rows)).containsExactly("0/1", "1/0", "1/2");
    }

    @Test
    void fromAndToChooseTheDaysCounted() {
        assertThat(figures(rows(caller, "?from=2027-02-25&to=2027-03-04"))).containsExactly("1/1", "1/0");
        assertThat(figures(rows(caller, "?from=2027-04-01&to=2027-04-01"))).containsExactly("1/0");
        // the whole of March from the monthly counts, 02-25 to 02-28 from the days: D3's quote joins Quayside
        assertThat(figures(rows(caller, "?from=2027-02-25&to=2027-03-31"))).containsExactly("1/2", "2/1");
    }

    @Test
    void aDealQuotedOrReservedAgainIsCountedOnceOnTheFirstDay() {
        List<JsonNode> rows = rows(caller, "?from=2027-03-06&to=2027-03-31");
        assertThat(rows).extracting(r -> r.get("label").asString()).containsExactly("Quayside");
        assertThat(figures(rows)).containsExactly("1/1");
    }

    @Test
    void siteIdNarrowsAndASiteRestrictedCredentialSeesOnlyItsSites() {
        assertThat(figures(rows(caller, "?from=2027-03-01&to=2027-03-31&site_id=" + harbour)))
                .containsExactly("1/2");
        Caller restricted = TestCallers.restrictedTo(caller, quayside);
        List<JsonNode> channels = rows(restricted, "?from=2027-03-01&to=2027-03-31&group_by=channel");
        assertThat(channels).extracting(r -> r.get("label").asString()).containsExactly("Unknown", "Website");
        assertThat(figures(channels)).containsExactly("1/0", "0/1");
        get(restricted, REPORT + "?site_id=" + harbour).expectStatus().isForbidden();
    }

    @Test
    void anotherAccountsDealsNeverCount() {
        List<JsonNode> theirs = rows(other, "?from=2027-03-01&to=2027-03-31");
        assertThat(figures(theirs)).containsExactly("1/0");
        assertThat(rows(caller, "?from=2027-03-04&to=2027-03-04")).isEmpty();
    }

    @Test
    void theCsvEndsWithGroupByLabelQuotedReservedAndHasTheSameFigures() {
        String csv = get(caller, REPORT + "?format=csv&group_by=channel&from=2027-03-01&to=2027-03-31")
                .expectStatus().isOk().expectHeader().contentType("text/csv;charset=UTF-8")
                .expectBody(String.class).returnResult().getResponseBody();
        assertThat(csv.split("\r\n")).containsExactly(
                "from,to,key,group_by,label,quoted,reserved",
                "2027-03-01,2027-03-31,phone,channel,Phone,0,1",
                "2027-03-01,2027-03-31,unknown,channel,Unknown,1,0",
                "2027-03-01,2027-03-31,website,channel,Website,1,2");
    }

    @Test
    void anUnknownGroupIsRefused() {
        get(caller, REPORT + "?group_by=total").expectStatus().isBadRequest();
    }

    /** Each row's figures as {@code quoted/reserved}. */
    private static List<String> figures(List<JsonNode> rows) {
        return rows.stream().map(r -> r.get("quoted").asLong() + "/" + r.get("reserved").asLong()).toList();
    }

    private List<JsonNode> rows(Caller as, String query) {
        JsonNode body = json.readTree(get(as, REPORT + query).expectStatus().isOk().expectBody(String.class)
                .returnResult().getResponseBody());
        List<JsonNode> rows = new ArrayList<>();
        body.get("data").forEach(rows::add);
        return rows;
    }

    private WebTestClient.ResponseSpec get(Caller as, String uri) {
        return client.get().uri(uri).header("Authorization", TestCallers.bearer(as)).exchange();
    }

    /** The platform clock at noon UTC on {@code day}: the same day in London. */
    private void on(String day) {
        clock.setOffset(Duration.between(Instant.now(),
                LocalDate.parse(day).atTime(12, 0).toInstant(ZoneOffset.UTC)));
    }

    private UUID named(UUID record, String name) {
        db.sql("UPDATE records SET data = jsonb_set(data, '{name}', to_jsonb(CAST(:name AS text))) WHERE id = :id")
                .bind("name", name).bind("id", record).then().block();
        return record;
    }

    private UUID quote(Caller as, UUID contact, UUID site) {
        return bookings.agreement(as, contact, site, "quote");
    }

    private String deal(UUID site, String channel, UUID unitType, String extra) {
        StringBuilder body = new StringBuilder("{\"contact_id\": \"" + customer + "\", \"site_id\": \"" + site + "\"");
        if (channel != null) {
            body.append(", \"channel\": \"").append(channel).append('"');
        }
        if (unitType != null) {
            body.append(", \"unit_type_id\": \"").append(unitType).append('"');
        }
        if (extra.startsWith("\"")) {
            body.append(", ").append(extra);
        } else if (!extra.isEmpty()) {
            body.append(", \"agreement_id\": \"").append(extra).append('"');
        }
        return deals.create(caller, body.append('}').toString()).get("id").asString();
    }

    private void patch(String id, String body) {
        deals.updated(caller, id, body);
    }

    private String stage(String name) {
        for (JsonNode stage : deals.on("/v1/pipelines").list(caller, "").get("data").get(0).get("stages")) {
            if (stage.get("name").asString().equals(name)) {
                return stage.get("id").asString();
            }
        }
        throw new AssertionError("no stage " + name);
    }
}
