package com.storageplatform.billing.invoice;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.billing.support.Accounts;
import com.storageplatform.billing.support.BillingApi;
import com.storageplatform.billing.support.Invoicing;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.testsupport.PlatformTest;
import com.storageplatform.kit.testsupport.TestCallers;
import com.storageplatform.kit.time.PlatformClock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The {@code invoice-overdue} job over the platform clock, moved as tests move it ({@code POST /internal/clock}):
 * open invoices past their due day in their account's time zone, with nothing collected and nothing covering them,
 * become {@code overdue}.
 */
@PlatformTest
class InvoiceOverdueJobTest {

    @Autowired
    WebTestClient client;

    @Autowired
    JsonMapper json;

    @Autowired
    DatabaseClient db;

    @Autowired
    PlatformClock clock;

    @Autowired
    InvoiceLedger ledger;

    Invoicing invoicing;
    Accounts accounts;
    final Caller caller = BillingApi.newAccount();
    UUID customer;
    /** A due date three days ahead in every time zone. */
    final LocalDate due = LocalDate.now(ZoneOffset.UTC).plusDays(3);

    @BeforeEach
    void setUp() {
        invoicing = new Invoicing(client, json, db);
        accounts = new Accounts(db, json);
        customer = accounts.customer(caller);
        accounts.settings(caller, "{}");
    }

    @AfterEach
    void realTime() {
        clock.setOffset(Duration.ZERO);
    }

    /** An open invoice due on {@link #due}. */
    String dueOnDay(Caller who, UUID contact, long amountMinor) {
        String id = invoicing.invoices().createId(who, """
                {"contact_id": "%s", "currency": "GBP", "due_date": "%s",
                 "lines": [{"description": "Unit A12", "amount_minor": %d, "quantity": 1}]}
                """.formatted(contact, due, amountMinor));
        invoicing.invoices().action(who, id, "finalize", "{}").expectStatus().isOk();
        return id;
    }

    /** Moves the platform clock to {@code at}, as a test does through {@code POST /internal/clock}. */
    void clockAt(Instant at) {
        long offset = Duration.between(Instant.now(), at).toSeconds();
        client.post().uri("/internal/clock")
                .header("Authorization", TestCallers.bearer(TestCallers.platformAdmin()))
                .bodyValue(java.util.Map.of("offset_seconds", offset))
                .exchange().expectStatus().isOk();
    }

    String status(String id) {
        return invoicing.read(caller, id).get("status").asString();
    }

    @Test
    void anOpenInvoiceBecomesOverdueTheDayAfterItsDueDateAndSaysSoOnceAsItsAccount() {
        String id = dueOnDay(caller, customer, 5000);

        clockAt(due.atTime(12, 0).toInstant(ZoneOffset.UTC));
        invoicing.runJob("invoice-overdue");
        assertThat(status(id)).isEqualTo("open");

        clockAt(due.plusDays(1).atTime(12, 0).toInstant(ZoneOffset.UTC));
        assertThat(invoicing.runJob("invoice-overdue")).matches("made [1-9][0-9]* invoices overdue");

        assertThat(status(id)).isEqualTo("overdue");
        assertThat(accounts.eventTypes(id)).containsExactly("invoice.created", "invoice.finalized",
                "invoice.updated");
        JsonNode event = accounts.events(id).get(2);
        assertThat(event.at("/data/status").asString()).isEqualTo("overdue");
        assertThat(event.get("accountid").asString()).isEqualTo(caller.accountId().toString());
        assertThat(event.get("operatorid").asString()).isEqualTo(caller.operatorId().toString());
        assertThat(event.get("environment").asString()).isEqualTo(caller.environment().value());

        invoicing.runJob("invoice-overdue");
        assertThat(accounts.eventTypes(id)).containsOnlyOnce("invoice.updated");
    }

    @Test
    void theDueDayIsJudgedInTheAccountsTimeZone() {
        Caller auckland = BillingApi.newAccount();
        accounts.settings(auckland, "{}");
        db.sql("UPDATE account_settings SET timezone = 'Pacific/Auckland' WHERE account_id = :account")
                .bind("account", auckland.accountId()).then().block();
        String inAuckland = dueOnDay(auckland, accounts.customer(auckland), 5000);
        String inLondon = dueOnDay(caller, customer, 5000);
        Instant evening = due.atTime(LocalTime.of(20, 0)).toInstant(ZoneOffset.UTC);
        assertThat(LocalDate.ofInstant(evening, ZoneId.of("Europe/London"))).isEqualTo(due);
        assertThat(LocalDate.ofInstant(evening, ZoneId.of("Pacific/Auckland"))).isEqualTo(due.plusDays(1));

        clockAt(evening);
        invoicing.runJob("invoice-overdue");

        assertThat(invoicing.read(auckland, inAuckland).get("status").asString()).isEqualTo("overdue");
        assertThat(status(inLondon)).isEqualTo("open");
    }

    @Test
    void aDraftsDueDateIsJudgedAgainstTodayInTheAccountsTimeZoneToo() {
        Caller auckland = BillingApi.newAccount();
        accounts.settings(auckland, "{}");
        db.sql("UPDATE account_settings SET timezone = 'Pacific/Auckland' WHERE account_id = :account")
                .bind("account", auckland.accountId()).then().block();
        // 20:00 UTC on the due day is the next morning in Auckland: that day is already past there.
        clockAt(due.atTime(LocalTime.of(20, 0)).toInstant(ZoneOffset.UTC));

        assertThat(invoicing.invoices().issues(invoicing.invoices().post(auckland, """
                {"contact_id": "%s", "currency": "GBP", "due_date": "%s",
                 "lines": [{"description": "Unit A12", "amount_minor": 100, "quantity": 1}]}
                """.formatted(accounts.customer(auckland), due)))).containsExactly("due_date below_minimum");
    }

    @Test
    void anInvoiceWithMoneyCollectedOrInFlightIsNotMadeOverdue() {
        String partlyPaid = dueOnDay(caller, customer, 5000);
        ledger.collected(caller, UUID.fromString(partlyPaid), 1000, false).block();
        String collecting = dueOnDay(caller, customer, 5000);
        ledger.collecting(caller, UUID.fromString(collecting), 5000).block();
        String written = dueOnDay(caller, customer, 5000);
        invoicing.invoices().action(caller, written, "write-off", "{\"reason\": \"Gone away\"}")
                .expectStatus().isOk();

        clockAt(due.plusDays(2).atTime(12, 0).toInstant(ZoneOffset.UTC));
        invoicing.runJob("invoice-overdue");

        assertThat(status(partlyPaid)).isEqualTo("partially_paid");
        assertThat(status(collecting)).isEqualTo("open");
        assertThat(status(written)).isEqualTo("open");
    }

    @Test
    void anAdvanceNoticeForExactlyWhatIsOwedKeepsItOpenUntilItsChargeDateHasPassed() {
        String noticed = dueOnDay(caller, customer, 5000);
        ledger.lock(caller.accountId(), UUID.fromString(noticed))
                .flatMap(held -> ledger.noticed(caller, held, 5000, due.plusDays(4))).block();
        String noticedLess = dueOnDay(caller, customer, 5000);
        ledger.lock(caller.accountId(), UUID.fromString(noticedLess))
                .flatMap(held -> ledger.noticed(caller, held, 4000, due.plusDays(4))).block();

        clockAt(due.plusDays(4).atTime(12, 0).toInstant(ZoneOffset.UTC));
        invoicing.runJob("invoice-overdue");
        assertThat(status(noticed)).isEqualTo("open");
        assertThat(status(noticedLess)).isEqualTo("overdue");

        clockAt(due.plusDays(5).atTime(12, 0).toInstant(ZoneOffset.UTC));
        invoicing.runJob("invoice-overdue");
        assertThat(status(noticed)).isEqualTo("overdue");
    }

    @Test
    void draftsAndInvoicesOfEveryStatusButOpenAreLeftAlone() {
        String draft = invoicing.draft(caller, customer, 5000);
        String voided = dueOnDay(caller, customer, 5000);
        invoicing.invoices().action(caller, voided, "void", "{}").expectStatus().isOk();

        clockAt(due.plusDays(2).atTime(12, 0).toInstant(ZoneOffset.UTC));
        invoicing.runJob("invoice-overdue");

        assertThat(status(draft)).isEqualTo("draft");
        assertThat(status(voided)).isEqualTo("void");
    }

    @Test
    void theJobRunsEveryFifteenMinutesInBatches() {
        InvoiceOverdueJob job = new InvoiceOverdueJob(null, null, null, clock);
        assertThat(job.name()).isEqualTo("invoice-overdue");
        assertThat(job.interval()).isEqualTo(Duration.ofMinutes(15));
        assertThat(InvoiceOverdueJob.BATCH).isPositive();
    }
}
