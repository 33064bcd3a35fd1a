package com.storageplatform.crm.message;

import static com.storageplatform.crm.support.Mailbox.text;
import static com.storageplatform.crm.support.Mailbox.subject;
import static com.storageplatform.kit.testsupport.ResourceApi.eventually;
import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.crm.support.Bookings;
import com.storageplatform.crm.support.Mailbox;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.PlatformTest;
import com.storageplatform.kit.testsupport.TestEvents;
import com.storageplatform.kit.time.PlatformClock;
import jakarta.mail.internet.MimeMessage;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The emails crm sends on the owners' events, published on the real Kafka as commerce and billing publish them, and
 * received by an embedded SMTP server (the test accounts' sink): the unit-ready email (never while access is held)
 * and the payment receipt (a Direct Debit's after its settle delay, blocked when the collection is returned first).
 */
@PlatformTest
class TransactionalEmailsTest {

    static final Mailbox MAILBOX = Mailbox.start();

    @DynamicPropertySource
    static void sink(DynamicPropertyRegistry registry) {
        MAILBOX.receiveTestAccountsEmail(registry);
    }

    @AfterAll
    static void stop() {
        MAILBOX.stop();
    }

    @Autowired
    WebTestClient client;

    @Autowired
    JsonMapper json;

    @Autowired
    DatabaseClient db;

    @Autowired
    PlatformClock clock;

    MessageFixtures f;
    Bookings bookings;
    String address;
    UUID ada;
    UUID site;
    UUID unitType;

    @BeforeEach
    void setUp() {
        f = new MessageFixtures(client, json, db);
        bookings = new Bookings(db, json);
        address = "ada." + UUID.randomUUID() + "@acme.co.uk";
        ada = f.contact(address);
        site = bookings.site(f.caller);
        unitType = bookings.unitType(f.caller, site);
    }

    @AfterEach
    void backToNow() {
        clock.setOffset(Duration.ZERO);
    }

    Map<String, Object> agreement(UUID id, String accessStatus) {
        Map<String, Object> agreement = new LinkedHashMap<>();
        agreement.put("id", id.toString());
        agreement.put("object", "agreement");
        agreement.put("contact_id", ada.toString());
        agreement.put("site_id", site.toString());
        agreement.put("unit_type_id", unitType.toString());
        agreement.put("unit_id", Ids.newId().toString());
        agreement.put("move_in_date", "2026-12-01");
        agreement.put("status", "pending_move_in");
        agreement.put("access_status", accessStatus);
        return agreement;
    }

    Map<String, Object> payment(UUID id, UUID contact, String rail, String direction) {
        Map<String, Object> payment = new LinkedHashMap<>();
        payment.put("id", id.toString());
        payment.put("object", "payment");
        payment.put("contact_id", contact.toString());
        payment.put("direction", direction);
        payment.put("rail", rail);
        payment.put("amount_minor", 4500);
        payment.put("currency", "GBP");
        payment.put("status", "succeeded");
        payment.put("description", "December licence fee");
        payment.put("charged_at", "2026-11-25T10:15:02Z");
        return payment;
    }

    /** The account's messages about the record. */
    List<JsonNode> about(UUID record) {
        List<JsonNode> found = new ArrayList<>();
        f.api.list(f.caller, "?limit=100").get("data").forEach(message -> {
            if (record.toString().equals(message.get("related_id").asString(null))) {
                found.add(message);
            }
        });
        return found;
    }

    JsonNode theOneAbout(UUID record) {
        eventually(() -> about(record).size() == 1);
        return about(record).get(0);
    }

    /**
     * Every event crm consumed before this one for the account has been applied, and what it queued at once sent:
     * a receipt for another payment, to the same address, is sent.
     */
    void drained() {
        UUID marker = Ids.newId();
        TestEvents.publish("billing.events", "payment.succeeded", f.caller.accountId(),
                payment(marker, ada, "card", "payment"));
        String receipt = theOneAbout(marker).get("id").asString();
        eventually(() -> f.status(receipt).equals("sent"));
    }

    @Test
    void aSignedAgreementWhoseAccessIsNotHeldSendsTheUnitReadyEmailOnce() throws Exception {
        UUID agreement = Ids.newId();
        UUID event = TestEvents.publish("commerce.events", "agreement.activated", f.caller.accountId(),
                agreement(agreement, "signed"));

        JsonNode email = theOneAbout(agreement);
        assertThat(email.get("template").asString()).isEqualTo("unit_ready");
        assertThat(email.get("related_object").asString()).isEqualTo("agreement");
        assertThat(email.get("kind").asString()).isEqualTo("transactional");
        assertThat(email.get("contact_id").asString()).isEqualTo(ada.toString());
        MimeMessage received = MAILBOX.received(address);
        assertThat(received.getSubject()).isEqualTo("Your unit at Harbour is ready");
        assertThat(text(received)).startsWith("Hello Ada,\n\nYour 50 sq ft unit at Harbour is ready for you from "
                + "2026-12-01.");
        eventually(() -> f.status(email.get("id").asString()).equals("sent"));
        assertThat(f.eventTypes(email.get("id").asString())).containsExactly("message.sent");

        // The same event again, and a release the agreement never needed, send nothing more.
        TestEvents.publish("commerce.events", event, "agreement.activated", f.caller.accountId(),
                agreement(agreement, "signed"));
        TestEvents.publish("commerce.events", "agreement.access_released", f.caller.accountId(),
                agreement(agreement, "access_released"));
        drained();
        assertThat(about(agreement)).hasSize(1);
        assertThat(MAILBOX.receivedBy(address)).hasSize(2);
    }

    @Test
    void anAgreementSignedWithItsAccessHeldGetsTheEmailOnlyWhenTheHoldIsReleased() throws Exception {
        UUID agreement = Ids.newId();
        TestEvents.publish("commerce.events", "agreement.activated", f.caller.accountId(),
                agreement(agreement, "access_held"));
        TestEvents.publish("commerce.events", "agreement.access_held", f.caller.accountId(),
                agreement(agreement, "access_held"));
        drained();
        assertThat(about(agreement)).isEmpty();

        TestEvents.publish("commerce.events", "agreement.access_released", f.caller.accountId(),
                agreement(agreement, "access_released"));

        JsonNode email = theOneAbout(agreement);
        assertThat(email.get("template").asString()).isEqualTo("unit_ready");
        eventually(() -> MAILBOX.receivedBy(address).stream().map(Mailbox::subject)
                .anyMatch("Your unit at Harbour is ready"::equals));
    }

    @Test
    void aCardPaymentsReceiptIsSentAtOnce() throws Exception {
        UUID paid = Ids.newId();
        TestEvents.publish("billing.events", "payment.succeeded", f.caller.accountId(),
                payment(paid, ada, "card", "payment"));

        JsonNode receipt = theOneAbout(paid);
        assertThat(receipt.get("template").asString()).isEqualTo("payment_receipt");
        assertThat(receipt.get("related_object").asString()).isEqualTo("payment");
        MimeMessage received = MAILBOX.received(address);
        assertThat(received.getSubject()).isEqualTo("Receipt for your payment of £45.00");
        assertThat(text(received)).contains("we received your payment of £45.00 on 2026-11-25.",
                "December licence fee", "Payment reference: " + paid);
    }

    @Test
    void aDirectDebitsReceiptWaitsForTheSettleDelay() {
        UUID collected = Ids.newId();
        TestEvents.publish("billing.events", "payment.succeeded", f.caller.accountId(),
                payment(collected, ada, "bacs_dd", "payment"));
        JsonNode receipt = theOneAbout(collected);
        assertThat(receipt.get("status").asString()).isEqualTo("queued");

        clock.advance(Duration.ofDays(3).minusMinutes(1));
        sleep();
        assertThat(f.status(receipt.get("id").asString())).isEqualTo("queued");
        assertThat(MAILBOX.receivedBy(address)).isEmpty();

        clock.advance(Duration.ofMinutes(1));
        eventually(() -> f.status(receipt.get("id").asString()).equals("sent"));
        assertThat(subject(MAILBOX.received(address))).isEqualTo("Receipt for your payment of £45.00");
    }

    @Test
    void aDirectDebitReturnedBeforeItsReceiptWasSentBlocksIt() {
        UUID returned = Ids.newId();
        TestEvents.publish("billing.events", "payment.succeeded", f.caller.accountId(),
                payment(returned, ada, "bacs_dd", "payment"));
        String receipt = theOneAbout(returned).get("id").asString();
        Map<String, Object> failed = payment(returned, ada, "bacs_dd", "payment");
        failed.put("status", "failed");
        TestEvents.publish("billing.events", "payment.failed", f.caller.accountId(), failed);

        eventually(() -> f.status(receipt).equals("blocked"));
        assertThat(f.read(receipt).get("blocked_reason").asString()).isEqualTo("payment_not_received");
        clock.advance(Duration.ofDays(4));
        drained();
        assertThat(f.status(receipt)).isEqualTo("blocked");
        assertThat(MAILBOX.receivedBy(address)).hasSize(1);
        assertThat(f.eventTypes(receipt)).isEmpty();
    }

    @Test
    void aRefundAndAWalkInSaleGetNoReceiptAndAContactWithoutEmailGetsAFailedOne() {
        UUID refund = Ids.newId();
        UUID walkInSale = Ids.newId();
        UUID noEmail = Ids.newId();
        UUID bea = f.contact(null, "+447700900000", "yes");
        TestEvents.publish("billing.events", "payment.succeeded", f.caller.accountId(),
                payment(refund, ada, "card", "refund"));
        TestEvents.publish("billing.events", "payment.succeeded", f.caller.accountId(),
                payment(walkInSale, f.walkIn, "offline", "payment"));
        TestEvents.publish("billing.events", "payment.succeeded", f.caller.accountId(),
                payment(noEmail, bea, "card", "payment"));

        JsonNode failed = theOneAbout(noEmail);
        assertThat(failed.get("status").asString()).isEqualTo("failed");
        assertThat(failed.get("failure_reason").asString()).isEqualTo("The contact has no email address.");
        assertThat(about(refund)).isEmpty();
        assertThat(about(walkInSale)).isEmpty();
    }

    private static void sleep() {
        try {
            Thread.sleep(1000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
