package com.storageplatform.commerce.order;

import static com.storageplatform.kit.testsupport.ResourceApi.eventually;
import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.commerce.support.BillingPeer;
import com.storageplatform.commerce.support.CommerceApi;
import com.storageplatform.commerce.support.CommerceTest;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.client.DerivedKeys;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.TestCallers;
import com.storageplatform.kit.testsupport.TestEvents;
import com.storageplatform.kit.time.PlatformClock;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.http.MediaType;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Paying an order through billing (the call as billing receives it), completion as an agreement, billing's later
 * payment events, cancel, the abandonment sweep, and orders taking up reservations.
 */
@CommerceTest
@ExtendWith(OutputCaptureExtension.class)
class OrderPaymentTest {

    static final String PORTAL = "https://portal.example/acme";
    static final String WEBSITE = "https://www.acme-storage.example/book";

    @Autowired
    WebTestClient client;

    @Autowired
    JsonMapper json;

    @Autowired
    DatabaseClient db;

    @Autowired
    PlatformClock clock;

    OrderFixture f;
    CommerceApi api;
    TestEvents events;

    @BeforeEach
    void setUp() {
        f = new OrderFixture(client, json, db);
        api = f.api;
        events = TestEvents.on("commerce.events");
        f.settings(Map.of("customer_portal_url", PORTAL, "published_website_urls", List.of(WEBSITE)));
    }

    @AfterEach
    void tearDown() {
        clock.setOffset(Duration.ZERO);
        events.close();
    }

    String firstOfNextMonth() {
        return LocalDate.now(clock.withZone(ZoneId.of("Europe/London"))).withDayOfMonth(1).plusMonths(1).toString();
    }

    String order(String extra) {
        return f.order(", \"move_in_date\": \"" + firstOfNextMonth() + "\"" + extra).get("id").asString();
    }

    WebTestClient.ResponseSpec pay(Caller caller, String id, String body, String idempotencyKey) {
        WebTestClient.RequestBodySpec request = client.post().uri("/v1/orders/" + id + "/pay")
                .header("Authorization", TestCallers.bearer(caller)).contentType(MediaType.APPLICATION_JSON);
        if (idempotencyKey != null) {
            request = request.header("Idempotency-Key", idempotencyKey);
        }
        return request.bodyValue(body).exchange();
    }

    @Test
    void payingAsksBillingForTheAmountDueTodayWithTheLinesAKeyDerivedFromTheRequestsAndTheCallersToken() {
        f.settings(Map.of("customer_portal_url", PORTAL, "published_website_urls", List.of(WEBSITE),
                "refundable_deposit_minor", 2500));
        String id = order("");
        String key = "pay-" + id;
        api.body(pay(f.caller, id, "{\"rail\": \"card\", \"return_url\": \"" + WEBSITE
                + "/checkout/done\", \"card_token\": \"tok_123\"}", key).expectStatus().isOk());

        List<BillingPeer.Received> received = BillingPeer.requests(UUID.fromString(id));
        assertThat(received).hasSize(1);
        BillingPeer.Received call = received.get(0);
        assertThat(call.method()).isEqualTo("POST");
        assertThat(call.path()).isEqualTo("/v1/payments");
        JsonNode body = call.body();
        assertThat(body.propertyNames()).containsExactlyInAnyOrder("rail", "amount_minor", "currency", "contact_id",
                "order_id", "description", "lines", "deposit_minor", "return_url", "payment_method_id",
                "card_token");
        assertThat(body.get("rail").asString()).isEqualTo("card");
        assertThat(body.get("amount_minor").asLong()).isEqualTo(10800 + 2500);
        assertThat(body.get("currency").asString()).isEqualTo("GBP");
        assertThat(body.get("contact_id").asString()).isEqualTo(f.customer.toString());
        assertThat(body.get("deposit_minor").asLong()).isEqualTo(2500);
        assertThat(body.get("return_url").asString()).isEqualTo(WEBSITE + "/checkout/done");
        assertThat(body.get("card_token").asString()).isEqualTo("tok_123");
        assertThat(body.get("payment_method_id").isNull()).isTrue();
        assertThat(body.get("lines")).hasSize(2);
        assertThat(body.get("lines").get(1).get("kind").asString()).isEqualTo("deposit");
        assertThat(call.header("Idempotency-Key")).isEqualTo(DerivedKeys.derive(key, "commerce", "billing",
                "pay-order"));
        String token = call.header("Authorization").substring("Bearer ".length());
        JsonNode claims = json.readTree(new String(Base64.getUrlDecoder().decode(token.split("\\.")[1]),
                StandardCharsets.UTF_8));
        assertThat(claims.get("account_id").asString()).isEqualTo(f.caller.accountId().toString());
        assertThat(claims.get("scopes").values()).extracting(JsonNode::asString).containsExactly("billing:write");
        assertThat(claims.get("service").asString()).isEqualTo("commerce");
    }

    @Test
    void aSucceededPaymentCompletesTheOrderAsAnAgreementInTheSameRequest() {
        String tag = f.customer.toString().substring(28);
        f.coupon("PAY-" + tag, Map.of("discount_value", 10));
        UUID waiver = f.coverage("Damage waiver", 500, Map.of());
        String id = order(", \"coupon_code\": \"PAY-" + tag + "\", \"coverage_product_id\": \"" + waiver + "\"");
        JsonNode paid = f.pay(id, "{\"rail\": \"card\"}");
        assertThat(paid.get("status").asString()).isEqualTo("completed");
        assertThat(paid.get("completed_at").isNull()).isFalse();
        assertThat(paid.get("payment").get("status").asString()).isEqualTo("succeeded");
        assertThat(paid.get("payment").get("rail").asString()).isEqualTo("card");
        assertThat(paid.get("return_url").asString()).isEqualTo(PORTAL);
        String agreementId = paid.get("agreement_id").asString();
        JsonNode agreement = api.on("/v1/agreements").read(f.caller, agreementId);
        assertThat(agreement.get("order_id").asString()).isEqualTo(id);
        assertThat(agreement.get("unit_id").asString()).isEqualTo(f.unit.toString());
        assertThat(agreement.get("licence_fee_minor").asLong()).isEqualTo(9000);
        // The cover chosen at checkout starts with the agreement, on the move-in date.
        assertThat(agreement.get("cover").get("coverage_product_id").asString()).isEqualTo(waiver.toString());
        assertThat(agreement.get("cover").get("starts_on").asString()).isEqualTo(firstOfNextMonth());
        assertThat(OrderFixture.events(events, json, agreement.get("cover").get("id").asString(), 1,
                "cover.started")).hasSize(1);
        assertThat(f.holderOf(f.unit)).isEqualTo("agreement:" + agreementId);
        assertThat(OrderFixture.events(events, json, id, 1, "order.completed").get(0).get("data")).isEqualTo(paid);
        assertThat(OrderFixture.events(events, json, id, 1, "quote.accepted").get(0).get("data").get("status")
                .asString()).isEqualTo("accepted");
        // A completed order is over: no second payment, no change, no cancel.
        assertThat(api.errorCode(api.action(f.caller, id, "pay", "{\"rail\": \"card\"}"), 409)).isEqualTo("conflict");
        assertThat(api.errorCode(api.patch(f.caller, id, "{\"products\": []}"), 409)).isEqualTo("conflict");
        assertThat(api.errorCode(api.action(f.caller, id, "cancel", "{}"), 409)).isEqualTo("conflict");
    }

    @Test
    void aPaymentInFlightLeavesTheOrderAwaitingUntilBillingsEventCompletesItOnce() {
        String id = order("");
        String paymentId = BillingPeer.paymentAs(UUID.fromString(id), "requires_action", 10800);
        JsonNode waiting = f.pay(id, "{\"rail\": \"card\"}");
        assertThat(waiting.get("status").asString()).isEqualTo("awaiting_payment");
        assertThat(waiting.get("payment").get("status").asString()).isEqualTo("requires_action");
        assertThat(waiting.get("payment").get("redirect_url").asString()).endsWith(paymentId);
        assertThat(api.errorCode(api.action(f.caller, id, "cancel", "{}"), 409)).isEqualTo("conflict");
        assertThat(api.errorCode(api.patch(f.caller, id, "{\"products\": []}"), 409)).isEqualTo("conflict");
        assertThat(api.errorCode(api.action(f.caller, id, "pay", "{\"rail\": \"card\"}"), 409)).isEqualTo("conflict");

        Map<String, Object> payment = Map.of("id", paymentId, "object", "payment", "status", "succeeded",
                "order_id", id, "amount_minor", 10800);
        UUID eventId = TestEvents.publish("billing.events", "payment.succeeded", f.caller.accountId(), payment);
        eventually(() -> "completed".equals(api.read(f.caller, id).get("status").asString()));
        JsonNode completed = api.read(f.caller, id);
        assertThat(completed.get("payment").get("status").asString()).isEqualTo("succeeded");
        String agreementId = completed.get("agreement_id").asString();
        assertThat(f.holderOf(f.unit)).isEqualTo("agreement:" + agreementId);
        // Redelivered, or sent again under another id: nothing changes. The account's events are taken in order,
        // so once the second is in the inbox, the first has been handled too.
        TestEvents.publish("billing.events", eventId, "payment.succeeded", f.caller.accountId(), payment);
        f.consumed(TestEvents.publish("billing.events", "payment.succeeded", f.caller.accountId(), payment));
        assertThat(f.eventTypes(id)).filteredOn("order.completed"::equals).hasSize(1);
        assertThat(api.read(f.caller, id).get("agreement_id").asString()).isEqualTo(agreementId);
    }

    @Test
    void aPaymentOfNoOrderIsPassedOverWithoutAnInboxRowOrATransaction() {
        // A plan's invoice or a desk payment: billing's payment events mostly concern no order.
        UUID planPayment = TestEvents.publish("billing.events", "payment.succeeded", f.caller.accountId(),
                Map.of("id", Ids.newId().toString(), "object", "payment", "status", "succeeded",
                        "invoice_id", Ids.newId().toString(), "amount_minor", 5000));
        // The account's events are taken in order: once this one (of an order) is in the inbox, the first was seen.
        f.consumed(TestEvents.publish("billing.events", "payment.failed", f.caller.accountId(),
                Map.of("id", Ids.newId().toString(), "object", "payment", "status", "failed",
                        "order_id", Ids.newId().toString())));
        assertThat(db.sql("SELECT count(*) AS n FROM inbox_events WHERE event_id = :id").bind("id", planPayment)
                .map(row -> row.get("n", Long.class)).one().block()).isZero();
    }

    @Test
    void aDirectDebitSettlingAfterTheUnitWentOutOfServiceStillProvisionsTheOrderOnItsTerms(CapturedOutput output) {
        paidAfterTheCatalogueChanged(output, waiver -> f.changed("unit", f.unit, Map.of("status", "out_of_service")),
                "unit A1 (" + f.unit + ") is now out_of_service");
    }

    @Test
    void aDirectDebitSettlingAfterTheCoverStoppedBeingOfferedStillProvisionsTheOrderOnItsTerms(
            CapturedOutput output) {
        paidAfterTheCatalogueChanged(output, waiver -> f.changed("coverage_product", waiver,
                Map.of("status", "inactive")), "is no longer offered as sold (status inactive");
    }

    /**
     * A Direct Debit in flight, then {@code change} in the catalogue, then billing's {@code payment.succeeded}: the
     * money was taken, so the order completes once, as an agreement on the order's unit, fee, move-in and cover,
     * and the log says what changed.
     */
    private void paidAfterTheCatalogueChanged(CapturedOutput output, java.util.function.Consumer<UUID> change,
            String logged) {
        UUID waiver = f.coverage("Damage waiver", 500, Map.of());
        String id = order(", \"coverage_product_id\": \"" + waiver + "\"");
        long due = api.read(f.caller, id).get("total_due_today_minor").asLong();
        String paymentId = BillingPeer.paymentAs(UUID.fromString(id), "pending", due);
        assertThat(f.pay(id, "{\"rail\": \"bacs_dd\"}").get("payment").get("status").asString())
                .isEqualTo("pending");
        change.accept(waiver);

        UUID eventId = billingSays("payment.succeeded", id, paymentId, due);
        eventually(() -> "completed".equals(api.read(f.caller, id).get("status").asString()));
        JsonNode completed = api.read(f.caller, id);
        JsonNode agreement = api.on("/v1/agreements").read(f.caller, completed.get("agreement_id").asString());
        assertThat(agreement.get("order_id").asString()).isEqualTo(id);
        assertThat(agreement.get("unit_id").asString()).isEqualTo(f.unit.toString());
        assertThat(agreement.get("licence_fee_minor").asLong()).isEqualTo(9000);
        assertThat(agreement.get("move_in_date").asString()).isEqualTo(firstOfNextMonth());
        assertThat(agreement.get("cover").get("coverage_product_id").asString()).isEqualTo(waiver.toString());
        assertThat(f.holderOf(f.unit)).isEqualTo("agreement:" + agreement.get("id").asString());
        assertThat(output.getOut()).contains("Order " + id + " was paid").contains(logged);

        // Redelivered, or sent again under another id: nothing changes.
        TestEvents.publish("billing.events", eventId, "payment.succeeded", f.caller.accountId(), Map.of("id",
                paymentId, "object", "payment", "status", "succeeded", "order_id", id, "amount_minor", due));
        UUID again = billingSays("payment.succeeded", id, paymentId, due);
        eventually(() -> applied(again));
        assertThat(api.read(f.caller, id)).isEqualTo(completed);
        assertThat(f.eventTypes(id).stream().filter("order.completed"::equals)).hasSize(1);
        assertThat(f.eventTypes(agreement.get("id").asString())).containsExactly("agreement.created");
    }

    @Test
    void aLatePaymentOfAnotherAmountStillCompletesTheOrderAndIsLogged(CapturedOutput output) {
        String id = order("");
        String paymentId = BillingPeer.paymentAs(UUID.fromString(id), "pending", 10800);
        f.pay(id, "{\"rail\": \"bacs_dd\"}");
        billingSays("payment.succeeded", id, paymentId, 10000);
        eventually(() -> "completed".equals(api.read(f.caller, id).get("status").asString()));
        assertThat(output.getOut()).contains("Payment " + paymentId + " succeeded for order " + id
                + " with amount_minor 10000 but the order's total_due_today_minor is 10800");
    }

    @Test
    void aFailedPaymentIsRecordedOnTheOrderWhichCanBePaidAgain() {
        String id = order("");
        BillingPeer.paymentAs(UUID.fromString(id), "failed", 10800);
        JsonNode failed = f.pay(id, "{\"rail\": \"card\"}");
        assertThat(failed.get("status").asString()).isEqualTo("awaiting_payment");
        assertThat(failed.get("payment").get("status").asString()).isEqualTo("failed");
        BillingPeer.paymentAs(UUID.fromString(id), "pending", 10800);
        JsonNode pending = f.pay(id, "{\"rail\": \"bacs_dd\"}");
        assertThat(pending.get("payment").get("status").asString()).isEqualTo("pending");
        assertThat(pending.get("payment").get("rail").asString()).isEqualTo("bacs_dd");
        // Billing later says the Direct Debit failed.
        TestEvents.publish("billing.events", "payment.failed", f.caller.accountId(), Map.of("id",
                pending.get("payment").get("id").asString(), "status", "failed", "order_id", id));
        eventually(() -> "failed".equals(api.read(f.caller, id).get("payment").get("status").asString()));
        assertThat(api.read(f.caller, id).get("status").asString()).isEqualTo("awaiting_payment");
    }

    /** Billing's word on one payment of the order, and whether commerce applied it (its inbox holds the id). */
    UUID billingSays(String type, String id, String paymentId, long amountMinor) {
        return TestEvents.publish("billing.events", type, f.caller.accountId(), Map.of("id", paymentId, "object",
                "payment", "status", type.substring("payment.".length()), "order_id", id, "amount_minor",
                amountMinor));
    }

    boolean applied(UUID eventId) {
        return db.sql("SELECT count(*) FROM inbox_events WHERE event_id = :id").bind("id", eventId)
                .map(row -> row.get(0, Long.class)).one().block() > 0;
    }

    @Test
    void aLateFailureOfAnEarlierAttemptNeverReplacesAPaymentStillInFlight() {
        String id = order("");
        String first = BillingPeer.paymentAs(UUID.fromString(id), "failed", 10800);
        f.pay(id, "{\"rail\": \"card\"}");
        String second = BillingPeer.paymentAs(UUID.fromString(id), "pending", 10800);
        JsonNode pending = f.pay(id, "{\"rail\": \"bacs_dd\"}");
        assertThat(pending.get("payment").get("id").asString()).isEqualTo(second);

        // Billing's payment.failed for the first attempt arrives late.
        UUID late = billingSays("payment.failed", id, first, 10800);
        eventually(() -> applied(late));
        assertThat(api.read(f.caller, id)).isEqualTo(pending);
        // The Direct Debit is still in flight: no change, no cancel, no second payment, and the sweep leaves it.
        assertThat(api.errorCode(api.patch(f.caller, id, "{\"products\": [{\"product_id\": \""
                + f.product("Box", 34500, Map.of()) + "\", \"quantity\": 1}]}"), 409)).isEqualTo("conflict");
        assertThat(api.errorCode(api.action(f.caller, id, "cancel", "{}"), 409)).isEqualTo("conflict");
        assertThat(api.errorCode(api.action(f.caller, id, "pay", "{\"rail\": \"card\"}"), 409)).isEqualTo("conflict");
        assertThat(BillingPeer.requests(UUID.fromString(id))).hasSize(2);
        clock.advance(Duration.ofHours(25));
        runSweep();
        assertThat(api.read(f.caller, id).get("status").asString()).isEqualTo("awaiting_payment");
        assertThat(f.holderOf(f.unit)).isEqualTo("order:" + id);

        // Its own outcome still settles it.
        billingSays("payment.succeeded", id, second, 10800);
        eventually(() -> "completed".equals(api.read(f.caller, id).get("status").asString()));
        assertThat(api.read(f.caller, id).get("payment").get("id").asString()).isEqualTo(second);
    }

    @Test
    void anEarlierAttemptThatSucceedsLateCompletesTheOrderOnceWithThePaymentThatPaid() {
        String id = order("");
        String first = BillingPeer.paymentAs(UUID.fromString(id), "failed", 10800);
        f.pay(id, "{\"rail\": \"card\"}");
        String second = BillingPeer.paymentAs(UUID.fromString(id), "pending", 10800);
        f.pay(id, "{\"rail\": \"bacs_dd\"}");

        // The money of the first attempt was taken after all: the order is the customer's.
        billingSays("payment.succeeded", id, first, 10800);
        eventually(() -> "completed".equals(api.read(f.caller, id).get("status").asString()));
        JsonNode completed = api.read(f.caller, id);
        assertThat(completed.get("payment").get("id").asString()).isEqualTo(first);
        assertThat(completed.get("payment").get("status").asString()).isEqualTo("succeeded");
        assertThat(f.holderOf(f.unit)).isEqualTo("agreement:" + completed.get("agreement_id").asString());

        // The second attempt settling later changes nothing (billing is told to refund it by the log).
        UUID failed = billingSays("payment.failed", id, second, 10800);
        UUID succeeded = billingSays("payment.succeeded", id, second, 10800);
        eventually(() -> applied(failed) && applied(succeeded));
        assertThat(api.read(f.caller, id)).isEqualTo(completed);
        assertThat(f.eventTypes(id).stream().filter("order.completed"::equals)).hasSize(1);
    }

    @Test
    void aRepeatedFailureChangesNothing() {
        String id = order("");
        String paymentId = BillingPeer.paymentAs(UUID.fromString(id), "failed", 10800);
        JsonNode failed = f.pay(id, "{\"rail\": \"card\"}");
        UUID again = billingSays("payment.failed", id, paymentId, 10800);
        eventually(() -> applied(again));
        assertThat(api.read(f.caller, id)).isEqualTo(failed);
        assertThat(f.eventTypes(id)).containsExactly("order.created", "order.updated");
    }

    @Test
    void anOrderWhoseUnitOrCoverCanNoLongerBeBookedIsRefusedBeforeBillingIsAsked() {
        UUID waiver = f.coverage("Damage waiver", 500, Map.of());
        String covered = order(", \"coverage_product_id\": \"" + waiver + "\"");
        f.changed("coverage_product", waiver, Map.of("status", "inactive"));
        JsonNode refused = api.body(api.action(f.caller, covered, "pay", "{\"rail\": \"card\"}")
                .expectStatus().isEqualTo(409));
        assertThat(refused.path("error").path("message").asString()).contains(waiver.toString())
                .contains("coverage_product_id");
        // Without the cover it can be paid.
        api.updated(f.caller, covered, "{\"coverage_product_id\": null}");
        assertThat(f.pay(covered, "{\"rail\": \"card\"}").get("status").asString()).isEqualTo("completed");
        assertThat(BillingPeer.requests(UUID.fromString(covered))).hasSize(1);

        UUID unit = f.newUnit("OOS");
        String broken = f.order(unit, "").get("id").asString();
        f.changed("unit", unit, Map.of("status", "out_of_service"));
        assertThat(api.body(api.action(f.caller, broken, "pay", "{\"rail\": \"card\"}")
                .expectStatus().isEqualTo(409)).path("error").path("message").asString()).contains("out of service");
        assertThat(BillingPeer.requests(UUID.fromString(broken))).isEmpty();
        JsonNode after = api.read(f.caller, broken);
        assertThat(after.get("payment").isNull()).isTrue();
        assertThat(after.get("status").asString()).isEqualTo("awaiting_payment");
    }

    @Test
    void payNeedsAKnownRailAndAReturnUrlOnThePublishedWebsiteOrThePortal() {
        String id = order("");
        assertThat(api.issues(api.action(f.caller, id, "pay", "{}"))).containsExactly("rail required");
        assertThat(api.issues(api.action(f.caller, id, "pay", "{\"rail\": \"cash\"}")))
                .containsExactly("rail invalid");
        for (String refused : List.of("http://www.acme-storage.example/book/done",
                "https://evil.example/book/done", "https://www.acme-storage.example/other",
                "https://www.acme-storage.example/booking", "https://www.acme-storage.example:8443/book/x",
                "https://user@www.acme-storage.example/book/x", "/book/done")) {
            assertThat(api.issues(api.action(f.caller, id, "pay", "{\"rail\": \"card\", \"return_url\": \""
                    + refused + "\"}"))).as(refused).containsExactly("return_url not_allowed");
        }
        assertThat(BillingPeer.requests(UUID.fromString(id))).isEmpty();
        assertThat(f.pay(id, "{\"rail\": \"card\", \"return_url\": \"" + WEBSITE + "/thanks?order=" + id + "\"}")
                .get("status").asString()).isEqualTo("completed");

        // An operator with neither a portal nor the URL sent: return_url is required.
        OrderFixture bare = new OrderFixture(client, json, db);
        String other = bare.order("").get("id").asString();
        assertThat(api.issues(api.action(bare.caller, other, "pay", "{\"rail\": \"card\"}")))
                .containsExactly("return_url required");
    }

    @Test
    void anAmountUnderTheRailsMinimumIsRefusedBeforeAnyPaymentIsWritten() {
        String tag = f.customer.toString().substring(28);
        f.coupon("FREE-" + tag, Map.of("discount_value", 100));
        String free = order(", \"coupon_code\": \"FREE-" + tag + "\"");
        assertThat(api.issues(api.action(f.caller, free, "pay", "{\"rail\": \"card\"}")))
                .containsExactly("total_due_today_minor below_minimum");
        // 50 a month from the 1st: 60 with VAT is enough for a card, not for a Direct Debit.
        com.storageplatform.commerce.support.CataloguePeer.price(f.unit, f.type, 9000, "GBP");
        UUID cheap = f.catalogue.unit(f.caller, f.site, f.type, "Tiny", "available", 50);
        String small = f.order(cheap, ", \"move_in_date\": \"" + firstOfNextMonth() + "\"").get("id").asString();
        assertThat(api.issues(api.action(f.caller, small, "pay", "{\"rail\": \"bacs_dd\"}")))
                .containsExactly("total_due_today_minor below_minimum");
        assertThat(BillingPeer.requests(UUID.fromString(free))).isEmpty();
        assertThat(BillingPeer.requests(UUID.fromString(small))).isEmpty();
        assertThat(api.read(f.caller, small).get("payment").isNull()).isTrue();
        assertThat(f.pay(small, "{\"rail\": \"card\"}").get("payment").get("amount_minor").asLong()).isEqualTo(60);
    }

    @Test
    void billingDownIs503AndWritesNothingAndPayingNeedsBillingWrite() {
        String id = order("");
        BillingPeer.answer(UUID.fromString(id), 503, "{\"error\":{\"code\":\"service_unavailable\",\"message\":\"x\"}}");
        assertThat(api.errorCode(api.action(f.caller, id, "pay", "{\"rail\": \"card\"}"), 503))
                .isEqualTo("service_unavailable");
        JsonNode after = api.read(f.caller, id);
        assertThat(after.get("payment").isNull()).isTrue();
        assertThat(after.get("status").asString()).isEqualTo("awaiting_payment");
        assertThat(f.eventTypes(id)).containsExactly("order.created");

        Caller withoutBilling = TestCallers.apiCaller(f.caller.accountId(), CommerceApi.SCOPES);
        assertThat(api.errorCode(api.action(withoutBilling, id, "pay", "{\"rail\": \"card\"}"), 403))
                .isEqualTo("insufficient_scope");
    }

    @Test
    void cancellingReleasesTheUnitAndWithdrawsTheQuote() {
        String tag = f.customer.toString().substring(28);
        f.coupon("CAN-" + tag, Map.of());
        String id = order(", \"coupon_code\": \"CAN-" + tag + "\"");
        JsonNode cancelled = api.body(api.action(f.caller, id, "cancel", "{}").expectStatus().isOk()).get("data");
        assertThat(cancelled.get("status").asString()).isEqualTo("cancelled");
        assertThat(cancelled.get("cancelled_at").isNull()).isFalse();
        assertThat(f.holderOf(f.unit)).isNull();
        assertThat(OrderFixture.events(events, json, id, 1, "order.cancelled").get(0).get("data"))
                .isEqualTo(cancelled);
        assertThat(OrderFixture.events(events, json, id, 1, "quote.withdrawn").get(0).get("data").get("status")
                .asString()).isEqualTo("withdrawn");
        assertThat(api.errorCode(api.action(f.caller, id, "cancel", "{}"), 409)).isEqualTo("conflict");
        // The unit can be ordered again.
        api.create(f.caller, f.body(f.people.customer(f.caller), f.unit, ""));
    }

    @Test
    void theSweepAbandonsOrdersAwaitingPaymentForOverADayWithNothingInFlight() {
        String tag = f.customer.toString().substring(28);
        f.coupon("AB-" + tag, Map.of());
        String stale = order(", \"coupon_code\": \"AB-" + tag + "\"");
        UUID second = f.newUnit("D4");
        String inFlight = f.order(second, "").get("id").asString();
        BillingPeer.paymentAs(UUID.fromString(inFlight), "pending", 10800);
        f.pay(inFlight, "{\"rail\": \"bacs_dd\"}");
        clock.advance(Duration.ofHours(23));
        UUID third = f.newUnit("E5");
        String fresh = f.order(third, "").get("id").asString();
        runSweep();
        assertThat(api.read(f.caller, stale).get("status").asString()).isEqualTo("awaiting_payment");

        clock.advance(Duration.ofHours(2));
        runSweep();
        JsonNode abandoned = api.read(f.caller, stale);
        assertThat(abandoned.get("status").asString()).isEqualTo("abandoned");
        assertThat(abandoned.get("abandoned_at").isNull()).isFalse();
        assertThat(f.holderOf(f.unit)).isNull();
        assertThat(api.read(f.caller, inFlight).get("status").asString()).isEqualTo("awaiting_payment");
        assertThat(api.read(f.caller, fresh).get("status").asString()).isEqualTo("awaiting_payment");
        List<JsonNode> updated = OrderFixture.events(events, json, stale, 1, "order.updated");
        assertThat(updated.get(0).get("data").get("status").asString()).isEqualTo("abandoned");
        assertThat(OrderFixture.events(events, json, stale, 1, "quote.withdrawn")).hasSize(1);
    }

    private void runSweep() {
        client.post().uri("/internal/jobs/order-abandonment/run")
                .header("Authorization", TestCallers.bearer(TestCallers.platformAdmin()))
                .exchange().expectStatus().isOk();
    }

    // ------------------------------------------------------------------ reservations

    JsonNode reserve(UUID contact, String target, String extra) {
        return api.on("/v1/reservations").create(f.caller, "{\"contact_id\": \"" + contact + "\", " + target
                + ", \"source\": \"storefront\"" + extra + "}");
    }

    @Test
    void anOrderNamingAReservationTakesItsUnitAndPriceAndConvertsIt() {
        String reservation = reserve(f.customer, "\"unit_id\": \"" + f.unit + "\"", ", \"move_in_date\": \""
                + firstOfNextMonth() + "\"").get("id").asString();
        com.storageplatform.commerce.support.CataloguePeer.price(f.unit, f.type, 12000, "GBP");
        JsonNode order = api.create(f.caller, "{\"contact_id\": \"" + f.customer + "\", \"reservation_id\": \""
                + reservation + "\", \"move_in_date\": \"" + firstOfNextMonth() + "\"}");
        assertThat(order.get("unit_id").asString()).isEqualTo(f.unit.toString());
        assertThat(order.get("reservation_id").asString()).isEqualTo(reservation);
        assertThat(order.get("lines").get(0).get("amount_minor").asLong()).isEqualTo(9000);
        assertThat(f.holderOf(f.unit)).isEqualTo("order:" + order.get("id").asString());
        assertThat(api.on("/v1/reservations").read(f.caller, reservation).get("status").asString())
                .isEqualTo("converted");
        // Paid, the agreement takes the hold over from the order.
        String agreement = f.pay(order.get("id").asString(), "{\"rail\": \"card\"}").get("agreement_id").asString();
        assertThat(f.holderOf(f.unit)).isEqualTo("agreement:" + agreement);
        // ...and records the reservation the order took up.
        assertThat(api.on("/v1/agreements").read(f.caller, agreement).get("reservation_id").asString())
                .isEqualTo(reservation);
    }

    @Test
    void theCouponAReservationOfferedComesWithItUnlessACodeIsSent() {
        String tag = f.customer.toString().substring(28);
        UUID offered = f.coupon("RES-" + tag, Map.of("discount_value", 10));
        f.coupon("CODE-" + tag, Map.of("discount_value", 20));
        String reservation = reserve(f.customer, "\"unit_id\": \"" + f.unit + "\"", ", \"coupon_id\": \"" + offered
                + "\"").get("id").asString();
        JsonNode order = api.create(f.caller, "{\"contact_id\": \"" + f.customer + "\", \"reservation_id\": \""
                + reservation + "\", \"move_in_date\": \"" + firstOfNextMonth() + "\"}");
        assertThat(order.get("coupon_id").asString()).isEqualTo(offered.toString());
        assertThat(order.get("discount_minor").asLong()).isEqualTo(900);

        UUID customer = f.people.customer(f.caller);
        UUID unit = f.newUnit("R2");
        reserve(customer, "\"unit_id\": \"" + unit + "\"", ", \"coupon_id\": \"" + offered + "\"");
        JsonNode coded = api.create(f.caller, f.body(customer, unit, ", \"move_in_date\": \"" + firstOfNextMonth()
                + "\", \"coupon_code\": \"CODE-" + tag + "\""));
        assertThat(coded.get("discount_minor").asLong()).isEqualTo(1800);
    }

    @Test
    void theCustomersOwnReservationOfTheUnitIsTakenUpUnnamed() {
        String reservation = reserve(f.customer, "\"unit_id\": \"" + f.unit + "\"", "").get("id").asString();
        JsonNode order = f.order("");
        assertThat(order.get("reservation_id").asString()).isEqualTo(reservation);
        assertThat(api.on("/v1/reservations").read(f.caller, reservation).get("status").asString())
                .isEqualTo("converted");
        assertThat(f.holderOf(f.unit)).isEqualTo("order:" + order.get("id").asString());
    }

    @Test
    void aUnitTypeReservationCannotTakeUpAUnitTheCustomersOtherReservationHolds() {
        String ofType = reserve(f.customer, "\"unit_type_id\": \"" + f.type + "\"", "").get("id").asString();
        String ofUnit = reserve(f.customer, "\"unit_id\": \"" + f.unit + "\"", "").get("id").asString();
        assertThat(api.issues(api.post(f.caller, "{\"contact_id\": \"" + f.customer + "\", \"reservation_id\": \""
                + ofType + "\", \"unit_id\": \"" + f.unit + "\"}"))).containsExactly("unit_id not_allowed");
        // Nothing changed: the other reservation still holds its unit, and neither was converted.
        assertThat(f.holderOf(f.unit)).isEqualTo("reservation:" + ofUnit);
        assertThat(f.eventTypes(ofType)).containsExactly("reservation.created");
        assertThat(f.eventTypes(ofUnit)).containsExactly("reservation.created");
        assertThat(api.listedIds(f.caller, "")).isEmpty();
    }

    @Test
    void aReservationForADealIsBookedThroughAgreementsAndAUnitTypeReservationNeedsAUnitOfItsType() {
        String deal = reserve(f.customer, "\"unit_id\": \"" + f.unit + "\"", ", \"deal_id\": \""
                + com.storageplatform.kit.id.Ids.newId() + "\"").get("id").asString();
        JsonNode refused = api.body(api.post(f.caller, "{\"contact_id\": \"" + f.customer
                + "\", \"reservation_id\": \"" + deal + "\"}").expectStatus().isEqualTo(409));
        assertThat(refused.path("error").path("message").asString()).contains("/v1/agreements");
        // Met unnamed (the same customer ordering the unit), it is refused the same way, and nothing is held.
        assertThat(api.body(api.post(f.caller, f.body(f.customer, f.unit, "")).expectStatus().isEqualTo(409))
                .path("error").path("message").asString()).contains("/v1/agreements");
        assertThat(f.holderOf(f.unit)).isEqualTo("reservation:" + deal);

        UUID customer = f.people.customer(f.caller);
        String typeHold = reserve(customer, "\"unit_type_id\": \"" + f.type + "\"",
                "").get("id").asString();
        assertThat(api.issues(api.post(f.caller, "{\"contact_id\": \"" + customer + "\", \"reservation_id\": \""
                + typeHold + "\"}"))).containsExactly("unit_id required");
        UUID otherType = f.catalogue.unitType(f.caller, f.site, 100);
        UUID wrongUnit = f.catalogue.unit(f.caller, f.site, otherType, "W1", "available", 100);
        assertThat(api.issues(api.post(f.caller, "{\"contact_id\": \"" + customer + "\", \"reservation_id\": \""
                + typeHold + "\", \"unit_id\": \"" + wrongUnit + "\"}"))).containsExactly("unit_id invalid");
        JsonNode order = api.create(f.caller, "{\"contact_id\": \"" + customer + "\", \"reservation_id\": \""
                + typeHold + "\", \"unit_id\": \"" + f.newUnit("T7") + "\"}");
        assertThat(order.get("reservation_id").asString()).isEqualTo(typeHold);
        assertThat(api.on("/v1/reservations").read(f.caller, typeHold).get("status").asString())
                .isEqualTo("converted");
    }
}
