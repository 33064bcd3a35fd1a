package com.storageplatform.billing.payment;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.billing.invoice.InvoiceLedger;
import com.storageplatform.billing.notification.ProviderNotifications;
import com.storageplatform.billing.provider.ProviderEvent.Kind;
import com.storageplatform.billing.provider.Providers;
import com.storageplatform.billing.provider.SimulatedNotifications;
import com.storageplatform.billing.support.BillingApi;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.PlatformTest;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.EntityExchangeResult;
import org.springframework.test.web.reactive.server.WebTestClient;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Two payments racing for the last amount owed of one invoice: they queue on the invoice's row, so exactly one is
 * taken and the other sees what it took (409 for an invoice now paid, 422 {@code above_maximum} for one still owed
 * less); the invoice is never collected beyond its total. A provider's event on a payment takes the invoice's row
 * before the payment's, the order a void takes them in.
 */
@PlatformTest
class PaymentRaceTest {

    static final int ROUNDS = 5;

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
    Providers providers;

    @Autowired
    ProviderNotifications notifications;

    PaymentFixtures fx;
    final Caller caller = BillingApi.newAccount();
    UUID customer;

    @BeforeEach
    void setUp() {
        fx = new PaymentFixtures(client, json, db);
        customer = fx.accounts.customer(caller);
    }

    @Test
    void twoOfflinePaymentsRacingForTheLastAmountOwedNeverOverCollect() throws Exception {
        for (int round = 0; round < ROUNDS; round++) {
            String invoice = fx.openInvoiceId(caller, customer, 10000);
            fx.offline(caller, invoice, 7000);

            List<Integer> statuses = race(offline(invoice, 3000), offline(invoice, 3000));

            assertThat(statuses).containsExactlyInAnyOrder(201, 409);
            JsonNode paid = fx.invoice(caller, invoice);
            assertThat(paid.get("amount_paid_minor").asLong()).isEqualTo(10000);
            assertThat(paid.get("status").asString()).isEqualTo("paid");
            assertThat(fx.payments.listedIds(caller, "?invoice_id=" + invoice)).hasSize(2);
        }
    }

    @Test
    void aCardAndAnOfflinePaymentRacingForWhatIsLeftNeverOverCollect() throws Exception {
        fx.card(caller, customer, "test_card_visa");
        for (int round = 0; round < ROUNDS; round++) {
            String invoice = fx.openInvoiceId(caller, customer, 10000);
            fx.offline(caller, invoice, 4000);

            List<Integer> statuses = race(offline(invoice, 5000), """
                    {"rail": "card", "invoice_id": "%s", "amount_minor": 4000, "currency": "GBP"}
                    """.formatted(invoice));

            assertThat(statuses).containsExactlyInAnyOrder(201, 422);
            JsonNode after = fx.invoice(caller, invoice);
            assertThat(after.get("amount_due_minor").asLong()).isIn(1000L, 2000L);
            assertThat(after.get("amount_paid_minor").asLong() + after.get("amount_due_minor").asLong())
                    .isEqualTo(10000);
        }
    }

    @Test
    void aVoidRacingAPaymentEndsInExactlyOneOfThem() throws Exception {
        for (int round = 0; round < ROUNDS; round++) {
            String invoice = fx.openInvoiceId(caller, customer, 6000);
            CyclicBarrier start = new CyclicBarrier(2);

            CompletableFuture<Integer> voided = CompletableFuture.supplyAsync(() -> {
                await(start);
                return fx.invoices.action(caller, invoice, "void", "{}").expectBody().returnResult().getStatus()
                        .value();
            });
            CompletableFuture<Integer> paid = CompletableFuture.supplyAsync(() -> send(start, offline(invoice, 6000)));

            List<Integer> statuses = List.of(voided.get(), paid.get());
            JsonNode after = fx.invoice(caller, invoice);
            if (statuses.get(0) == 200) {
                // The void took the row first: the payment found nothing payable and took nothing.
                assertThat(statuses.get(1)).isEqualTo(409);
                assertThat(after.get("status").asString()).isEqualTo("void");
                assertThat(after.get("amount_paid_minor").asLong()).isZero();
                assertThat(fx.payments.listedIds(caller, "?invoice_id=" + invoice)).isEmpty();
            } else {
                // The payment took it first: the void is refused for the money against it.
                assertThat(statuses).containsExactly(409, 201);
                assertThat(after.get("status").asString()).isEqualTo("paid");
                assertThat(after.get("voided_from").isNull()).isTrue();
            }
        }
    }

    private static void await(CyclicBarrier start) {
        try {
            start.await();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void aProviderEventLocksTheInvoiceBeforeThePaymentAsAVoidDoesSoTheTwoNeverDeadlock() throws Exception {
        fx.card(caller, customer, "test_card_requires_action");
        String invoice = fx.openInvoiceId(caller, customer, 4500);
        JsonNode payment = fx.pay(caller, """
                {"rail": "card", "invoice_id": "%s", "amount_minor": 4500, "currency": "GBP"}
                """.formatted(invoice));
        SimulatedNotifications.Signed succeeded = providers.simulated().payment("stripe",
                payment.get("provider_payment_ref").asString(), Kind.CARD_SUCCEEDED, null, null);
        CompletableFuture<Integer> notified = new CompletableFuture<>();

        // A void's order: the invoice's row, then its payments' rows (InvoiceVoidListener runs in the void).
        List<UUID> lockedByTheVoid = tx.transactional(ledger.lock(caller.accountId(), UUID.fromString(invoice))
                .doOnNext(locked -> CompletableFuture.runAsync(() -> notified.complete(notifications.receive(
                        "stripe", succeeded.body(), succeeded.signature(), providers.simulated().secret("stripe"))
                        .block())))
                .then(Mono.delay(Duration.ofSeconds(1)))
                .then(db.sql("SET LOCAL lock_timeout = '5s'").then())
                .thenMany(db.sql("SELECT id FROM payments WHERE invoice_id = :invoice FOR UPDATE")
                        .bind("invoice", UUID.fromString(invoice)).map(row -> row.get("id", UUID.class)).all())
                .collectList()
                .doOnNext(ids -> assertThat(notified).as("the event waits for the invoice").isNotDone()))
                .block();

        assertThat(lockedByTheVoid).hasSize(1);
        assertThat(notified.get(30, TimeUnit.SECONDS)).isEqualTo(1);
        assertThat(fx.payments.read(caller, payment.get("id").asString()).get("status").asString())
                .isEqualTo("succeeded");
    }

    static String offline(String invoice, long amount) {
        return """
                {"rail": "offline", "offline_method": "card_terminal", "invoice_id": "%s", "amount_minor": %d,
                 "currency": "GBP"}
                """.formatted(invoice, amount);
    }

    /** Sends both bodies at the same moment, each under a key of its own, and answers their statuses. */
    List<Integer> race(String first, String second) throws Exception {
        CyclicBarrier start = new CyclicBarrier(2);
        CompletableFuture<Integer> a = CompletableFuture.supplyAsync(() -> send(start, first));
        CompletableFuture<Integer> b = CompletableFuture.supplyAsync(() -> send(start, second));
        return List.of(a.get(), b.get());
    }

    private int send(CyclicBarrier start, String body) {
        await(start);
        EntityExchangeResult<byte[]> result = fx.post(caller, "race-" + Ids.newId(), body).expectBody()
                .returnResult();
        return result.getStatus().value();
    }
}
