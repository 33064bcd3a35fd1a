package com.storageplatform.billing.provider;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import com.storageplatform.billing.provider.ProviderEvent.Kind;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.ErrorCode;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class GoCardlessNotificationsTest {

    /** A known answer, computed outside this code: HMAC-SHA256 of BODY under SECRET, in hex. */
    static final String SECRET = "known-answer-gocardless-secret";
    static final String BODY = "{\"events\":[{\"id\":\"EV0KNOWNANSWER\",\"created_at\":\"2026-01-01T00:00:00.000Z\","
            + "\"resource_type\":\"mandates\",\"action\":\"active\",\"links\":{\"mandate\":\"MD0KNOWNANSWER\"},"
            + "\"details\":{\"origin\":\"gocardless\",\"cause\":\"mandate_activated\",\"description\":\"The time window "
            + "after submission for the banks to refuse a mandate has ended without any errors being received, so this "
            + "mandate is now active.\"},\"metadata\":{}}]}";
    static final String SIGNATURE = "9f693738edb926e3a7427c47c18774de36b6e6a602394167d50d0151fa0532da";

    private final GoCardlessNotifications reader = new GoCardlessNotifications();

    @Test
    void aNotificationSignedWithTheSecretIsReadAsItsEvents() {
        assertThat(reader.read(BODY, SIGNATURE, SECRET)).containsExactly(new ProviderEvent("gocardless",
                "EV0KNOWNANSWER", Kind.MANDATE_ACTIVE, "MD0KNOWNANSWER", Instant.parse("2026-01-01T00:00:00Z"),
                "mandate_activated", null));
    }

    @Test
    void aSignatureMadeWithAnotherSecretIsRefused() {
        assertRefused(() -> reader.read(BODY, SIGNATURE, "another-secret"));
    }

    @Test
    void aChangedBodyIsRefused() {
        assertRefused(() -> reader.read(BODY.replace("\"active\"", "\"cancelled\""), SIGNATURE, SECRET));
    }

    @Test
    void aMissingSignatureIsRefused() {
        assertRefused(() -> reader.read(BODY, null, SECRET));
        assertRefused(() -> reader.read(BODY, " ", SECRET));
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(textBlock = """
            mandates, active,               mandate, MANDATE_ACTIVE
            mandates, failed,               mandate, MANDATE_FAILED
            mandates, cancelled,            mandate, MANDATE_CANCELLED
            mandates, expired,              mandate, MANDATE_CANCELLED
            mandates, submitted,            mandate, IGNORED
            payments, submitted,            payment, PAYMENT_SUBMITTED
            payments, confirmed,            payment, PAYMENT_CONFIRMED
            payments, paid_out,             payment, PAYMENT_PAID_OUT
            payments, failed,               payment, PAYMENT_FAILED
            payments, late_failure_settled, payment, PAYMENT_LATE_FAILURE
            payments, charged_back,         payment, PAYMENT_CHARGEBACK
            payments, chargeback_settled,   payment, PAYMENT_CHARGEBACK
            payments, created,              payment, IGNORED
            refunds,  paid,                 refund,  REFUND_SUCCEEDED
            refunds,  failed,               refund,  REFUND_FAILED
            refunds,  bounced,              refund,  REFUND_FAILED
            refunds,  funds_returned,       refund,  REFUND_FAILED
            payouts,  paid,                 payout,  IGNORED
            """)
    void eachEventMapsToItsKindWithTheResourceAndCause(String resourceType, String action, String link, Kind kind) {
        String body = "{\"events\":[{\"id\":\"EV1\",\"created_at\":\"2026-02-03T04:05:06.789Z\",\"resource_type\":\""
                + resourceType + "\",\"action\":\"" + action + "\",\"links\":{\"" + link + "\":\"REF1\"},"
                + "\"details\":{\"origin\":\"bank\",\"cause\":\"insufficient_funds\",\"reason_code\":\"ARUDD-0\"}}]}";

        ProviderEvent event = reader.read(body, Hmac.sha256Hex(SECRET, body), SECRET).get(0);

        assertThat(event.kind()).isEqualTo(kind);
        assertThat(event.eventId()).isEqualTo("EV1");
        assertThat(event.occurredAt()).isEqualTo(Instant.parse("2026-02-03T04:05:06.789Z"));
        assertThat(event.cause()).isEqualTo("insufficient_funds");
        if (kind != Kind.IGNORED) {
            assertThat(event.resourceRef()).isEqualTo("REF1");
        }
    }

    @Test
    void everyEventOfABatchIsReadInTheOrderSent() {
        String body = "{\"events\":["
                + "{\"id\":\"EV1\",\"created_at\":\"2026-02-03T04:05:06.000Z\",\"resource_type\":\"payments\","
                + "\"action\":\"confirmed\",\"links\":{\"payment\":\"PM1\"},\"details\":{\"cause\":\"payment_confirmed\"}},"
                + "{\"id\":\"EV2\",\"created_at\":\"2026-02-03T04:05:07.000Z\",\"resource_type\":\"payments\","
                + "\"action\":\"paid_out\",\"links\":{\"payment\":\"PM1\"},\"details\":{\"cause\":\"payment_paid_out\"}}]}";

        assertThat(reader.read(body, Hmac.sha256Hex(SECRET, body), SECRET)).extracting(ProviderEvent::eventId,
                ProviderEvent::kind).containsExactly(tuple("EV1", Kind.PAYMENT_CONFIRMED),
                tuple("EV2", Kind.PAYMENT_PAID_OUT));
    }

    @Test
    void aSignedBodyThatIsNotABatchOfEventsIsRefused() {
        String body = "[1,2,3]";

        assertThatThrownBy(() -> reader.read(body, Hmac.sha256Hex(SECRET, body), SECRET)).isInstanceOfSatisfying(
                ApiException.class, refused -> assertThat(refused.code()).isEqualTo(ErrorCode.INVALID_REQUEST));
    }

    private static void assertRefused(org.assertj.core.api.ThrowableAssert.ThrowingCallable read) {
        assertThatThrownBy(read).isInstanceOfSatisfying(ApiException.class, refused -> {
            assertThat(refused.code()).isEqualTo(ErrorCode.INVALID_REQUEST);
            assertThat(refused.getMessage()).contains("Webhook-Signature");
        });
    }
}
