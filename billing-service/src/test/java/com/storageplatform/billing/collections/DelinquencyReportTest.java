package com.storageplatform.billing.collections;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.billing.support.Accounts;
import com.storageplatform.billing.support.BillingApi;
import com.storageplatform.billing.support.Bookings;
import com.storageplatform.billing.support.TimeTravel;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.PlatformTest;
import com.storageplatform.kit.testsupport.ResourceApi;
import com.storageplatform.kit.testsupport.TestCallers;
import com.storageplatform.kit.time.PlatformClock;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code GET /v1/reports/delinquency}: the debt past its due date on a day, in the operator's currency, from
 * {@code delinquency_debts} as billing's invoice events keep it.
 *
 * <p>The data set, worked by hand (operator in Europe/London, currency GBP). Customer C1 has a plan at Harbour,
 * customer C2 a plan at Quayside; I4 and I5 are on no plan.
 * <pre>
 * invoice  customer  site      currency  total   due         what happened
 * I4       C1        none      GBP        3000   2026-11-30  made 2026-11-20, never paid
 * I1       C1        Harbour   GBP       10000   2027-01-05  made 2027-01-01, never paid
 * I3       C2        Quayside  GBP        7000   2027-01-05  made 2027-01-01, 2500 paid on 2027-02-01
 * I5       C2        none      EUR        9999   2027-01-05  made 2027-01-01, never paid: never counts (EUR)
 * I2       C1        Harbour   GBP        4000   2027-02-01  made 2027-01-01, never paid
 * I6       C2        Quayside  GBP        5000   2027-03-01  made 2027-01-01, paid in full on 2027-03-05
 * I7       C1        Harbour   GBP         800   2027-03-01  made 2027-01-01, never paid
 * I8       C1        Harbour   GBP         600   2027-03-10  made 2027-01-01, due today: not past due yet
 * another account: one GBP invoice of 1234 due 2027-01-05, never paid: never counts
 *
 * As of 2027-03-10 (days past due: I4 100, I1 64, I3 64, I2 37, I7 9):
 *   Harbour   I1 10000 (61-90) + I2 4000 (31-60) + I7 800 (1-30)       = 14800, 1 customer, 3 invoices
 *   Quayside  I3 7000 - 2500 = 4500 (61-90)                             =  4500, 1 customer, 1 invoice
 *   No site   I4 3000 (over 90)                                         =  3000, 1 customer, 1 invoice
 *   total     22300; customers C1, C2 = 2; 5 invoices; bands 800 / 4000 / 14500 / 3000
 * As of 2027-03-04 (I6 not yet paid; days past due: I4 94, I1 58, I3 58, I2 31, I6 3, I7 3):
 *   total     3000 + 10000 + 4500 + 4000 + 5000 + 800 = 27300; 2 customers; 6 invoices;
 *             bands 1-30: I6 5000 + I7 800 = 5800; 31-60: I1 10000 + I3 4500 + I2 4000 = 18500; 61-90: 0;
 *             over 90: I4 3000
 * As of 2027-01-20 (I3 not yet part paid; only I4, I1, I3 past due, I5 in EUR): Quayside I3 7000 (15 days, 1-30)
 * </pre>
 */
@PlatformTest
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DelinquencyReportTest {

    static final LocalDate TODAY = LocalDate.of(2027, 3, 10);
    static final String REPORT = "/v1/reports/delinquency";

    @Autowired
    WebTestClient client;

    @Autowired
    JsonMapper json;

    @Autowired
    DatabaseClient db;

    @Autowired
    PlatformClock clock;

    final Caller caller = TestCallers.apiCaller("billing:read", "billing:write", "reports:read");
    final Caller other = TestCallers.apiCaller("billing:read", "billing:write", "reports:read");
    TimeTravel time;
    BillingApi invoices;
    UUID harbour;
    UUID quayside;

    @BeforeAll
    void dataSet() {
        time = new TimeTravel(clock);
        invoices = new BillingApi(client, json, "/v1/invoices");
        Accounts accounts = new Accounts(db, json);
        Bookings bookings = new Bookings(db, json);
        accounts.settings(caller, "{}");
        accounts.settings(other, "{}");
        UUID c1 = accounts.customer(caller);
        UUID c2 = accounts.customer(caller);
        UUID c9 = accounts.customer(other);
        harbour = site(bookings, "Harbour");
        quayside = site(bookings, "Quayside");
        String planA = plan(bookings, c1, harbour);
        String planB = plan(bookings, c2, quayside);

        time.to(LocalDate.of(2026, 11, 20));
        invoice(caller, c1, null, "GBP", 3000, "2026-11-30");
        time.to(LocalDate.of(2027, 1, 1));
        invoice(caller, c1, planA, "GBP", 10000, "2027-01-05");
        String i3 = invoice(caller, c2, planB, "GBP", 7000, "2027-01-05");
        invoice(caller, c2, null, "EUR", 9999, "2027-01-05");
        invoice(caller, c1, planA, "GBP", 4000, "2027-02-01");
        String i6 = invoice(caller, c2, planB, "GBP", 5000, "2027-03-01");
        invoice(caller, c1, planA, "GBP", 800, "2027-03-01");
        invoice(caller, c1, planA, "GBP", 600, "2027-03-10");
        invoice(other, c9, null, "GBP", 1234, "2027-01-05");
        time.to(LocalDate.of(2027, 2, 1));
        pay(caller, i3, 2500, 4500);
        time.to(LocalDate.of(2027, 3, 5));
        pay(caller, i6, 5000, 0);
        time.to(TODAY);
    }

    @AfterAll
    void realTime() {
        time.back();
    }

    @Test
    void theTotalIsTheDebtPastItsDueDateTodayAgedByDaysPastDueInTheOperatorsCurrencyOnly() {
        List<JsonNode> rows = rows(caller, "?to=2027-03-10");
        assertThat(rows).hasSize(1);
        JsonNode total = rows.get(0);
        assertThat(total.get("object").asString()).isEqualTo("report_row");
        assertThat(total.get("group_by").asString()).isEqualTo("total");
        assertThat(total.get("key").asString()).isEqualTo("total");
        assertThat(total.get("label").asString()).isEqualTo("Total");
        assertThat(total.get("from").asString()).isEqualTo("2027-03-01");
        assertThat(total.get("as_of").asString()).isEqualTo("2027-03-10");
        assertThat(total.get("currency").asString()).isEqualTo("GBP");
        assertThat(figures(total)).containsExactly(22300L, 2L, 5L, 800L, 4000L, 14500L, 3000L);
    }

    @Test
    void bySiteEachSiteHasItsRowAndInvoicesOnNoPlanTheirOwn() {
        List<JsonNode> rows = rows(caller, "?group_by=site");
        assertThat(rows).extracting(r -> r.get("label").asString()).containsExactly("Harbour", "No site", "Quayside");
        assertThat(rows).extracting(r -> r.get("key").asString())
                .containsExactly(harbour.toString(), "none", quayside.toString());
        assertThat(figures(rows.get(0))).containsExactly(14800L, 1L, 3L, 800L, 4000L, 10000L, 0L);
        assertThat(figures(rows.get(1))).containsExactly(3000L, 1L, 1L, 0L, 0L, 0L, 3000L);
        assertThat(figures(rows.get(2))).containsExactly(4500L, 1L, 1L, 0L, 0L, 4500L, 0L);
    }

    @Test
    void aPastDayReadsTheDebtsAsTheyStoodThenBeforeLaterPayments() {
        JsonNode total = rows(caller, "?from=2027-03-01&to=2027-03-04").get(0);
        assertThat(total.get("as_of").asString()).isEqualTo("2027-03-04");
        assertThat(figures(total)).containsExactly(27300L, 2L, 6L, 5800L, 18500L, 0L, 3000L);

        List<JsonNode> january = rows(caller, "?from=2027-01-01&to=2027-01-20&site_id=" + quayside);
        assertThat(figures(january.get(0))).containsExactly(7000L, 1L, 1L, 7000L, 0L, 0L, 0L);
    }

    @Test
    void aToAheadOfTodayReadsToday() {
        JsonNode total = rows(caller, "?to=2027-04-30").get(0);
        assertThat(total.get("as_of").asString()).isEqualTo("2027-03-10");
        assertThat(figures(total)).containsExactly(22300L, 2L, 5L, 800L, 4000L, 14500L, 3000L);
    }

    @Test
    void siteIdNarrowsAndASiteRestrictedCredentialSeesOnlyItsSites() {
        assertThat(figures(rows(caller, "?site_id=" + harbour).get(0)))
                .containsExactly(14800L, 1L, 3L, 800L, 4000L, 10000L, 0L);
        Caller restricted = TestCallers.restrictedTo(caller, quayside);
        assertThat(figures(rows(restricted, "").get(0))).containsExactly(4500L, 1L, 1L, 0L, 0L, 4500L, 0L);
        assertThat(rows(restricted, "?group_by=site")).extracting(r -> r.get("label").asString())
                .containsExactly("Quayside");
        get(restricted, REPORT + "?site_id=" + harbour).expectStatus().isForbidden();
    }

    @Test
    void anotherAccountsDebtsNeverCountAndAnAccountWithNoneReadsZeros() {
        assertThat(figures(rows(other, "").get(0))).containsExactly(1234L, 1L, 1L, 0L, 0L, 1234L, 0L);
        Caller empty = TestCallers.apiCaller("reports:read");
        assertThat(figures(rows(empty, "").get(0))).containsExactly(0L, 0L, 0L, 0L, 0L, 0L, 0L);
        assertThat(rows(empty, "?group_by=site")).isEmpty();
    }

    @Test
    void theCsvHasTheHeaderAndTheSameFigures() {
        String csv = get(caller, REPORT + "?format=csv&group_by=site&from=2027-03-01&to=2027-03-10")
                .expectStatus().isOk().expectHeader().contentType("text/csv;charset=UTF-8")
                .expectBody(String.class).returnResult().getResponseBody();
        assertThat(csv.split("\r\n")).containsExactly(
                "from,to,key,group_by,label,as_of,currency,overdue_minor,overdue_accounts,overdue_invoices,"
                        + "overdue_1_30_minor,overdue_31_60_minor,overdue_61_90_minor,overdue_over_90_minor",
                "2027-03-01,2027-03-10," + harbour + ",site,Harbour,2027-03-10,GBP,14800,1,3,800,4000,10000,0",
                "2027-03-01,2027-03-10,none,site,No site,2027-03-10,GBP,3000,1,1,0,0,0,3000",
                "2027-03-01,2027-03-10," + quayside + ",site,Quayside,2027-03-10,GBP,4500,1,1,0,0,4500,0");
    }

    @Test
    void aChangeOnTheDayTheDebtStartedReplacesItsStretch() {
        Caller fresh = TestCallers.apiCaller("billing:read", "billing:write", "reports:read");
        Accounts accounts = new Accounts(db, json);
        accounts.settings(fresh, "{}");
        UUID customer = accounts.customer(fresh);
        try {
            // 6000 finalised and 1000 of it paid on 2027-02-01: one stretch of 5000 from that day, 37 days past due
            // (due 2027-02-01) on 2027-03-10.
            time.to(LocalDate.of(2027, 2, 1));
            String id = invoice(fresh, customer, null, "GBP", 6000, "2027-02-01");
            pay(fresh, id, 1000, 5000);
            assertThat(count("true", id)).isEqualTo(1);
        } finally {
            time.to(TODAY);
        }
        assertThat(figures(rows(fresh, "").get(0))).containsExactly(5000L, 1L, 1L, 0L, 5000L, 0L, 0L);
    }

    @Test
    void anUnknownGroupIsRefused() {
        get(caller, REPORT + "?group_by=channel").expectStatus().isBadRequest();
    }

    /** overdue_minor, overdue_accounts, overdue_invoices and the four age bands. */
    private static List<Long> figures(JsonNode row) {
        List<Long> out = new ArrayList<>();
        for (String name : List.of("overdue_minor", "overdue_accounts", "overdue_invoices", "overdue_1_30_minor",
                "overdue_31_60_minor", "overdue_61_90_minor", "overdue_over_90_minor")) {
            out.add(row.get(name).asLong());
        }
        return out;
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

    private UUID site(Bookings bookings, String name) {
        UUID id = Ids.newId();
        bookings.record(caller, id, "site", Map.of("id", id.toString(), "object", "site", "name", name,
                "timezone", "Europe/London", "status", "active"));
        return id;
    }

    private String plan(Bookings bookings, UUID customer, UUID site) {
        UUID unitType = bookings.unitType(caller, site, "standard_20");
        UUID agreement = bookings.agreement(caller, customer, site, unitType, LocalDate.of(2030, 1, 1), 3100);
        return new BillingApi(client, json, "/v1/subscriptions").createId(caller, """
                {"contact_id": "%s", "site_id": "%s", "agreement_id": "%s", "billing_interval": "month",
                 "interval_count": 1, "currency": "GBP"}
                """.formatted(customer, site, agreement));
    }

    /** A finalised invoice, once the report's table holds what it owes. */
    private String invoice(Caller as, UUID customer, String plan, String currency, long amountMinor, String due) {
        String id = invoices.createId(as, """
                {"contact_id": "%s", "currency": "%s", "due_date": "%s", %s
                 "lines": [{"description": "Unit", "amount_minor": %d, "quantity": 1}]}
                """.formatted(customer, currency, due, plan == null ? "" : "\"subscription_id\": \"" + plan + "\",",
                amountMinor));
        invoices.action(as, id, "finalize", "{}").expectStatus().isOk();
        owes(id, amountMinor);
        return id;
    }

    private void pay(Caller as, String invoiceId, long amountMinor, long left) {
        client.post().uri("/v1/payments").header("Authorization", TestCallers.bearer(as))
                .header("Idempotency-Key", "key-" + Ids.newId()).contentType(MediaType.APPLICATION_JSON)
                .bodyValue("""
                        {"rail": "offline", "offline_method": "card_terminal", "invoice_id": "%s",
                         "amount_minor": %d, "currency": "GBP"}
                        """.formatted(invoiceId, amountMinor))
                .exchange().expectStatus().isCreated();
        if (left == 0) {
            // paid in full on a later day than it was finalised: its stretch ends that day
            ResourceApi.eventually(() -> count("owed_until IS NOT NULL", invoiceId) == 1);
        }
        owes(invoiceId, left);
    }

    private long count(String where, String invoiceId) {
        return db.sql("SELECT count(*) AS n FROM delinquency_debts WHERE invoice_id = :id AND " + where)
                .bind("id", UUID.fromString(invoiceId)).map(row -> row.get("n", Long.class)).one().block();
    }

    /** Waits for the invoice's events to reach the report's table: it owes {@code amountMinor} now. */
    private void owes(String invoiceId, long amountMinor) {
        ResourceApi.eventually(() -> amountMinor == db.sql("""
                        SELECT CAST(coalesce(sum(outstanding_minor), 0) AS bigint) AS owed FROM delinquency_debts
                         WHERE invoice_id = :id AND owed_until IS NULL
                        """).bind("id", UUID.fromString(invoiceId))
                .map(row -> row.get("owed", Long.class)).one().block());
    }
}
