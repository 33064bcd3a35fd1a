package com.storageplatform.billing.invoice;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.billing.support.Accounts;
import com.storageplatform.billing.support.BillingApi;
import com.storageplatform.billing.support.Invoicing;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.testsupport.PlatformTest;
import com.storageplatform.kit.testsupport.TestCallers;
import java.time.Duration;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;
import reactor.core.scheduler.Schedulers;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code POST /v1/invoices/{id}/void}: void rules 1 to 5, each cause of rule 3 with its own issue, the five-second
 * lock wait of rule 4 against a lock really held, and nothing written on any refusal.
 */
@PlatformTest
class InvoiceVoidTest {

    /** A void listener as payments and later features will be: told in the void's transaction. */
    @TestConfiguration
    static class Listening {

        @Bean
        RecordingListener recordingListener(DatabaseClient db) {
            return new RecordingListener(db);
        }
    }

    /** Records the status each voided invoice has in the void's own transaction; fails for the invoices named. */
    static class RecordingListener implements InvoiceVoidListener {

        final DatabaseClient db;
        final Map<UUID, String> statusSeen = new ConcurrentHashMap<>();
        final Map<UUID, String> lockTimeoutSeen = new ConcurrentHashMap<>();
        final Set<UUID> failFor = ConcurrentHashMap.newKeySet();

        RecordingListener(DatabaseClient db) {
            this.db = db;
        }

        @Override
        public Mono<Void> voided(Caller caller, Invoice invoice) {
            if (failFor.contains(invoice.id())) {
                return Mono.error(new IllegalStateException("The listener could not act on the void"));
            }
            return db.sql("""
                    SELECT status, current_setting('lock_timeout') AS lock_timeout
                      FROM invoices WHERE account_id = :account AND id = :id
                    """)
                    .bind("account", caller.accountId()).bind("id", invoice.id())
                    .map(row -> {
                        statusSeen.put(invoice.id(), row.get("status", String.class));
                        lockTimeoutSeen.put(invoice.id(), row.get("lock_timeout", String.class));
                        return invoice.id();
                    })
                    .all()
                    .then();
        }
    }

    @Autowired
    WebTestClient client;

    @Autowired
    JsonMapper json;

    @Autowired
    DatabaseClient db;

    @Autowired
    TransactionalOperator tx;

    @Autowired
    InvoiceLedger ledger;

    @Autowired
    IssuedInvoices issued;

    @Autowired
    RecordingListener listener;

    Invoicing invoicing;
    BillingApi api;
    Accounts accounts;
    final Caller caller = BillingApi.newAccount();
    UUID customer;

    @BeforeEach
    void setUp() {
        invoicing = new Invoicing(client, json, db);
        api = invoicing.invoices();
        accounts = new Accounts(db, json);
        customer = accounts.customer(caller);
    }

    WebTestClient.ResponseSpec voiding(Caller who, String id, String body) {
        return api.action(who, id, "void", body);
    }

    JsonNode voided(Caller who, String id, String body) {
        return api.body(voiding(who, id, body).expectStatus().isOk()).get("data");
    }

    /** Voiding is refused with 409 {@code conflict} naming {@code issue}, and nothing about the invoice changed. */
    String refusedWith(String id, String issue) {
        String before = invoicing.stored(id);
        JsonNode error = api.body(voiding(caller, id, "{}").expectStatus().isEqualTo(409)).get("error");
        assertThat(error.get("code").asString()).isEqualTo("conflict");
        assertThat(error.get("details").get(0).get("issue").asString()).isEqualTo(issue);
        assertThat(invoicing.stored(id)).isEqualTo(before);
        return error.get("message").asString();
    }

    UUID uuid(String id) {
        return UUID.fromString(id);
    }

    @Test
    void anOpenInvoiceIsVoidedFromOpenKeepingWhatWasDueAndSaysSoOnce() {
        String id = invoicing.open(caller, customer, 12000);

        JsonNode invoice = voided(caller, id, "{}");

        assertThat(invoice.get("status").asString()).isEqualTo("void");
        assertThat(invoice.get("voided_from").asString()).isEqualTo("open");
        assertThat(invoice.get("voided_at").isNull()).isFalse();
        assertThat(invoice.get("void_reason").isNull()).isTrue();
        // What was due when it was voided; nothing is owed on a void invoice.
        assertThat(invoice.get("amount_due_minor").asLong()).isEqualTo(12000);
        assertThat(invoicing.read(caller, id)).isEqualTo(invoice);
        assertThat(accounts.eventTypes(id)).containsExactly("invoice.created", "invoice.finalized", "invoice.voided");
        JsonNode event = accounts.events(id).get(2);
        assertThat(event.at("/data/voided_from").asString()).isEqualTo("open");
        assertThat(event.at("/data").has("void_reason")).isTrue();
        assertThat(event.at("/data/void_reason").isNull()).isTrue();
    }

    @Test
    void rule1VoidingAnInvoiceAlreadyVoidIsOkAndChangesNothing() {
        String id = invoicing.open(caller, customer, 5000);
        JsonNode first = voided(caller, id, "{}");
        String stored = invoicing.stored(id);

        assertThat(voided(caller, id, "{}")).isEqualTo(first);
        assertThat(voided(BillingApi.staffOf(caller), id, "{\"reason\": \"Raised twice\"}")).isEqualTo(first);
        assertThat(invoicing.stored(id)).isEqualTo(stored);
        assertThat(accounts.eventTypes(id)).containsOnlyOnce("invoice.voided");
    }

    @Test
    void aDraftIsVoidedWithoutABodyAndNeverKeepsAReason() {
        String id = invoicing.draft(caller, customer, 5000);
        JsonNode invoice = api.body(client.post().uri("/v1/invoices/" + id + "/void")
                .header("Authorization", TestCallers.bearer(caller))
                .exchange().expectStatus().isOk()).get("data");
        assertThat(invoice.get("voided_from").asString()).isEqualTo("draft");

        String other = invoicing.draft(caller, customer, 5000);
        JsonNode byStaff = voided(BillingApi.staffOf(caller), other, "{\"reason\": \"Raised in error\"}");
        assertThat(byStaff.get("voided_from").asString()).isEqualTo("draft");
        assertThat(byStaff.get("void_reason").isNull()).isTrue();
    }

    @Test
    void aMemberOfStaffsReasonIsKeptAsVoidReasonAndCarriedOnTheEvent() {
        String id = invoicing.open(caller, customer, 5000);

        JsonNode invoice = voided(BillingApi.staffOf(caller), id, "{\"reason\": \"Raised in error\"}");

        assertThat(invoice.get("void_reason").asString()).isEqualTo("Raised in error");
        JsonNode event = accounts.events(id).get(2);
        assertThat(event.get("type").asString()).isEqualTo("invoice.voided");
        assertThat(event.at("/data/void_reason").asString()).isEqualTo("Raised in error");
        assertThat(event.get("actortype").asString()).isEqualTo("staff");
    }

    @Test
    void throughTheApiVoidReasonStaysNullAndAReasonSentIsRefused() {
        String id = invoicing.open(caller, customer, 5000);
        String before = invoicing.stored(id);

        assertThat(api.issues(voiding(caller, id, "{\"reason\": \"Raised in error\"}")))
                .containsExactly("reason not_allowed");
        assertThat(api.issues(voiding(BillingApi.staffOf(caller), id, "{\"reason\": \"" + "x".repeat(501) + "\"}")))
                .containsExactly("reason too_long");
        assertThat(api.issues(voiding(BillingApi.staffOf(caller), id, "{\"reason\": \"Raised\\u200Bin error\"}")))
                .containsExactly("reason invalid");
        assertThat(api.issues(voiding(caller, id, "{\"void_reason\": \"x\"}"))).containsExactly(
                "void_reason unknown_field");
        assertThat(invoicing.stored(id)).isEqualTo(before);
    }

    @Test
    void rule2AnOverdueInvoiceIsNotVoidableUntilTheOperatorSwitchesItOn() {
        accounts.settings(caller, "{}");
        String id = invoicing.open(caller, customer, 5000);
        invoicing.dueDaysAgo(id, 3);
        invoicing.runJob("invoice-overdue");
        assertThat(invoicing.read(caller, id).get("status").asString()).isEqualTo("overdue");

        assertThat(refusedWith(id, "invoice_not_voidable")).contains("void_overdue_enabled");

        accounts.settings(caller, "{\"void_overdue_enabled\": true}");
        JsonNode invoice = voided(caller, id, "{}");
        assertThat(invoice.get("voided_from").asString()).isEqualTo("overdue");
    }

    @Test
    void rule3AShopSalesInvoiceIsRefusedWithInvoiceShopSale() {
        Invoice sale = issued.issue(caller, new IssuedInvoices.Issue(customer, "GBP", Invoice.SOURCE_SHOP, null,
                "Shop sale", List.of(IssuedInvoices.line("product", "Padlock", 1, 1050, "standard_20", null)), 0,
                Invoice.OFFLINE, LocalDate.now().plusDays(1))).block();

        assertThat(refusedWith(sale.id().toString(), "invoice_shop_sale")).contains("return its items");
    }

    @Test
    void rule3AWrittenOffInvoiceIsRefusedWithInvoiceWrittenOff() {
        String id = invoicing.open(caller, customer, 5000);
        api.action(caller, id, "write-off", "{\"reason\": \"Customer gone away\"}").expectStatus().isOk();

        refusedWith(id, "invoice_written_off");
    }

    @Test
    void rule3AnInvoiceWhoseDebtIsInAnOpenSaleIsRefusedWithInvoiceDebtInSale() {
        String id = invoicing.open(caller, customer, 5000);
        db.sql("UPDATE invoices SET in_sale_id = :sale WHERE id = :id").bind("sale", UUID.randomUUID())
                .bind("id", uuid(id)).then().block();

        refusedWith(id, "invoice_debt_in_sale");
    }

    @Test
    void rule3APartlyPaidInvoiceIsRefusedWithInvoicePartPaid() {
        String id = invoicing.open(caller, customer, 5000);
        ledger.collected(caller, uuid(id), 2000, false).block();

        refusedWith(id, "invoice_part_paid");
    }

    @Test
    void rule3APaidInvoiceIsRefusedWithInvoiceMoneyAgainstIt() {
        String id = invoicing.open(caller, customer, 5000);
        ledger.collected(caller, uuid(id), 5000, false).block();
        assertThat(invoicing.read(caller, id).get("status").asString()).isEqualTo("paid");

        refusedWith(id, "invoice_money_against_it");
    }

    @Test
    void rule3AnInvoiceWithACreditNoteIsRefusedWithInvoiceCreditNoteAgainstIt() {
        String id = invoicing.open(caller, customer, 5000);
        api.on("/v1/credit-notes").post(caller, """
                {"invoice_id": "%s", "amount_minor": 1000}
                """.formatted(id)).expectStatus().isCreated();

        refusedWith(id, "invoice_credit_note_against_it");
    }

    @Test
    void rule3AnInvoiceWithACollectionInFlightIsRefusedWithInvoiceCollectionInFlight() {
        String id = invoicing.open(caller, customer, 5000);
        ledger.collecting(caller, uuid(id), 5000).block();

        refusedWith(id, "invoice_collection_in_flight");
    }

    @Test
    void rule3TheFirstCauseInTheDocumentedOrderIsNamed() {
        String id = invoicing.open(caller, customer, 5000);
        ledger.collected(caller, uuid(id), 1000, false).block();
        ledger.collecting(caller, uuid(id), 1000).block();
        db.sql("UPDATE invoices SET in_sale_id = :sale WHERE id = :id").bind("sale", UUID.randomUUID())
                .bind("id", uuid(id)).then().block();

        // In a sale, part paid and a collection in flight: the sale comes first, then the part payment.
        refusedWith(id, "invoice_debt_in_sale");
        db.sql("UPDATE invoices SET in_sale_id = NULL WHERE id = :id").bind("id", uuid(id)).then().block();
        refusedWith(id, "invoice_part_paid");
    }

    @Test
    void rule4AVoidWaitsFiveSecondsForAnotherWriterThenAnswersInvoiceBusyHavingWrittenNothing() throws Exception {
        String id = invoicing.open(caller, customer, 5000);
        invoicing.deposit(caller, customer, id, 2500, "awaiting_payment");
        String before = invoicing.stored(id);
        Sinks.Empty<Void> release = Sinks.empty();
        CompletableFuture<Void> holder = holdingRow(uuid(id), release);
        long started = System.nanoTime();
        JsonNode error;
        try {
            error = api.body(voiding(caller, id, "{}").expectStatus().isEqualTo(409)).get("error");
        } finally {
            release.tryEmitEmpty();
            holder.get(30, TimeUnit.SECONDS);
        }
        Duration waited = Duration.ofNanos(System.nanoTime() - started);

        assertThat(error.get("code").asString()).isEqualTo("invoice_busy");
        assertThat(error.get("message").asString()).contains("5 seconds", "nothing was written");
        assertThat(waited).isBetween(Duration.ofMillis(4900), Duration.ofMillis(9500));
        assertThat(invoicing.stored(id)).isEqualTo(before);
        // Once the other writer has finished, the same void goes through.
        assertThat(voided(caller, id, "{}").get("status").asString()).isEqualTo("void");
    }

    @Test
    void rule4TheFiveSecondWaitEndsOnceTheLockIsTaken() {
        String id = invoicing.open(caller, customer, 5000);

        voided(caller, id, "{}");

        // What runs in the void's transaction after the lock (the listeners here) waits for locks as usual.
        assertThat(listener.lockTimeoutSeen).containsEntry(uuid(id), "0");
    }

    @Test
    void rule5AVoidCancelsTheRefundableDepositNeverPaidAndTellsEveryListenerInItsTransaction() {
        Invoice order = issued.issue(caller, new IssuedInvoices.Issue(customer, "GBP", Invoice.SOURCE_ORDER, null,
                "Move-in", List.of(IssuedInvoices.line("licence_fee", "Unit A12", 1, 12000, "standard_20", null)),
                5000, Invoice.OFFLINE, LocalDate.now().plusDays(1))).block();
        String id = order.id().toString();
        UUID deposit = db.sql("SELECT id FROM deposits WHERE invoice_id = :id").bind("id", order.id())
                .map(row -> row.get("id", UUID.class)).one().block();
        UUID held = invoicing.deposit(caller, customer, id, 1000, "held");

        voided(caller, id, "{}");

        assertThat(invoicing.depositStatus(deposit)).isEqualTo("cancelled");
        assertThat(invoicing.depositStatus(held)).isEqualTo("held");
        // The listener read the invoice void inside the transaction, before it committed.
        assertThat(listener.statusSeen).containsEntry(uuid(id), "void");
        // The customer is not emailed (billing sends nothing) and no late fee is touched: only invoice events.
        assertThat(accounts.eventTypes(id)).containsExactly("invoice.created", "invoice.finalized", "invoice.voided");
    }

    @Test
    void rule5AListenerThatFailsRollsTheWholeVoidBack() {
        String id = invoicing.open(caller, customer, 5000);
        UUID deposit = invoicing.deposit(caller, customer, id, 2500, "awaiting_payment");
        listener.failFor.add(uuid(id));
        String before = invoicing.stored(id);

        voiding(caller, id, "{}").expectStatus().isEqualTo(500);

        assertThat(invoicing.stored(id)).isEqualTo(before);
        assertThat(invoicing.depositStatus(deposit)).isEqualTo("awaiting_payment");
        listener.failFor.remove(uuid(id));
        assertThat(voided(caller, id, "{}").get("status").asString()).isEqualTo("void");
    }

    @Test
    void anotherAccountsInvoiceIsNotFound() {
        String id = invoicing.open(caller, customer, 5000);
        String before = invoicing.stored(id);

        voiding(BillingApi.newAccount(), id, "{}").expectStatus().isNotFound();
        api.action(BillingApi.newAccount(), id, "write-off", "{\"reason\": \"x\"}").expectStatus().isNotFound();
        assertThat(invoicing.stored(id)).isEqualTo(before);
    }

    /** Holds the invoice's row lock in a transaction of its own until {@code release} completes. */
    private CompletableFuture<Void> holdingRow(UUID id, Sinks.Empty<Void> release) throws InterruptedException {
        CountDownLatch locked = new CountDownLatch(1);
        CompletableFuture<Void> open = tx.transactional(db.sql("SELECT id FROM invoices WHERE id = :id FOR UPDATE")
                        .bind("id", id).fetch().one()
                        .then(Mono.fromRunnable(locked::countDown)).then(release.asMono()))
                .subscribeOn(Schedulers.boundedElastic()).toFuture();
        assertThat(locked.await(30, TimeUnit.SECONDS)).isTrue();
        return open;
    }
}
