package com.storageplatform.billing.provider;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.storageplatform.billing.provider.ProviderEvent.Kind;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.ErrorCode;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

class StripeNotificationsTest {

    /** A known answer, computed outside this code: HMAC-SHA256 of "1767225600." + BODY under SECRET, in hex. */
    static final String SECRET = "whsec_known_answer_secret";
    static final String BODY = "{\"id\":\"evt_1KnownAnswer\",\"object\":\"event\",\"api_version\":\"2026-03-25.dahlia\","
            + "\"created\":1767225600,\"livemode\":true,\"type\":\"payment_intent.succeeded\",\"data\":{\"object\":"
            + "{\"id\":\"pi_3KnownAnswer\",\"object\":\"payment_intent\",\"status\":\"succeeded\"}}}";
    static final String HEADER = "t=1767225600,v1=9f125164cab839d580172ba4226d688149add651cdf6dfa7bb7e3255c104e64f";
    static final Instant SIGNED_AT = Instant.ofEpochSecond(1767225600);

    @Test
    void aNotificationSignedWithTheSecretIsReadAsItsEvent() {
        List<ProviderEvent> events = reader(SIGNED_AT.plusSeconds(10)).read(BODY, HEADER, SECRET);

        assertThat(events).containsExactly(new ProviderEvent("stripe", "evt_1KnownAnswer", Kind.CARD_SUCCEEDED,
                "pi_3KnownAnswer", SIGNED_AT, null, null));
    }

    @Test
    void aSignatureMadeWithAnotherSecretIsRefused() {
        assertRefused(() -> reader(SIGNED_AT).read(BODY, HEADER, "whsec_another_secret"));
    }

    @Test
    void aChangedBodyIsRefused() {
        assertRefused(() -> reader(SIGNED_AT).read(BODY.replace("succeeded\"}}}", "canceled\"}}}"), HEADER, SECRET));
    }

    @Test
    void aSignatureOlderThanFiveMinutesIsRefusedAsStale() {
        assertThat(reader(SIGNED_AT.plusSeconds(300)).read(BODY, HEADER, SECRET)).hasSize(1);
        assertRefused(() -> reader(SIGNED_AT.plusSeconds(301)).read(BODY, HEADER, SECRET));
    }

    @Test
    void aMissingSignatureIsRefused() {
        assertRefused(() -> reader(SIGNED_AT).read(BODY, null, SECRET));
        assertRefused(() -> reader(SIGNED_AT).read(BODY, "", SECRET));
    }

    @Test
    void aFailedPaymentCarriesTheDeclineCodeAsItsCause() {
        ProviderEvent event = readSigned("payment_intent.payment_failed", """
                {"id":"pi_1","object":"payment_intent","status":"requires_payment_method",
                 "last_payment_error":{"type":"card_error","code":"card_declined","decline_code":"insufficient_funds",
                 "message":"Your card has insufficient funds."}}""");

        assertThat(event.kind()).isEqualTo(Kind.CARD_FAILED);
        assertThat(event.resourceRef()).isEqualTo("pi_1");
        assertThat(event.cause()).isEqualTo("insufficient_funds");
    }

    @Test
    void aStepUpACancellationARefundAndADisputeMapToTheirKinds() {
        assertThat(readSigned("payment_intent.requires_action",
                "{\"id\":\"pi_1\",\"object\":\"payment_intent\",\"status\":\"requires_action\"}").kind())
                .isEqualTo(Kind.CARD_REQUIRES_ACTION);
        ProviderEvent cancelled = readSigned("payment_intent.canceled",
                "{\"id\":\"pi_1\",\"object\":\"payment_intent\",\"status\":\"canceled\",\"cancellation_reason\":\"abandoned\"}");
        assertThat(cancelled.kind()).isEqualTo(Kind.CARD_FAILED);
        assertThat(cancelled.cause()).isEqualTo("abandoned");
        assertThat(readSigned("refund.updated", "{\"id\":\"re_1\",\"object\":\"refund\",\"status\":\"succeeded\"}"))
                .extracting(ProviderEvent::kind, ProviderEvent::resourceRef).containsExactly(Kind.REFUND_SUCCEEDED, "re_1");
        assertThat(readSigned("refund.updated", "{\"id\":\"re_1\",\"object\":\"refund\",\"status\":\"pending\"}").kind())
                .isEqualTo(Kind.IGNORED);
        assertThat(readSigned("refund.failed",
                "{\"id\":\"re_1\",\"object\":\"refund\",\"status\":\"failed\",\"failure_reason\":\"expired_or_canceled_card\"}"))
                .extracting(ProviderEvent::kind, ProviderEvent::cause)
                .containsExactly(Kind.REFUND_FAILED, "expired_or_canceled_card");
        assertThat(readSigned("charge.dispute.created",
                "{\"id\":\"dp_1\",\"object\":\"dispute\",\"payment_intent\":\"pi_1\",\"reason\":\"fraudulent\"}"))
                .extracting(ProviderEvent::kind, ProviderEvent::resourceRef, ProviderEvent::cause)
                .containsExactly(Kind.PAYMENT_CHARGEBACK, "pi_1", "fraudulent");
    }

    @Test
    void anEventThePlatformDoesNotActOnIsIgnoredButStillCarriesItsId() {
        ProviderEvent event = readSigned("charge.refunded", "{\"id\":\"ch_1\",\"object\":\"charge\"}");

        assertThat(event.kind()).isEqualTo(Kind.IGNORED);
        assertThat(event.eventId()).isEqualTo("evt_test");
    }

    @Test
    void aSignedBodyThatIsNotAnEventIsRefused() {
        String body = "not json";
        long now = SIGNED_AT.getEpochSecond();
        String header = "t=" + now + ",v1=" + Hmac.sha256Hex(SECRET, now + "." + body);

        assertThatThrownBy(() -> reader(SIGNED_AT).read(body, header, SECRET)).isInstanceOfSatisfying(
                ApiException.class, refused -> assertThat(refused.code()).isEqualTo(ErrorCode.INVALID_REQUEST));
    }

    private static ProviderEvent readSigned(String type, String object) {
        String body = "{\"id\":\"evt_test\",\"object\":\"event\",\"created\":" + SIGNED_AT.getEpochSecond()
                + ",\"type\":\"" + type + "\",\"data\":{\"object\":" + object + "}}";
        String header = "t=" + SIGNED_AT.getEpochSecond() + ",v1="
                + Hmac.sha256Hex(SECRET, SIGNED_AT.getEpochSecond() + "." + body);
        List<ProviderEvent> events = reader(SIGNED_AT).read(body, header, SECRET);
        assertThat(events).hasSize(1);
        return events.get(0);
    }

    static StripeNotifications reader(Instant now) {
        return new StripeNotifications(JsonMapper.builder().build(), Clock.fixed(now, ZoneOffset.UTC));
    }

    static void assertRefused(org.assertj.core.api.ThrowableAssert.ThrowingCallable read) {
        assertThatThrownBy(read).isInstanceOfSatisfying(ApiException.class, refused -> {
            assertThat(refused.code()).isEqualTo(ErrorCode.INVALID_REQUEST);
            assertThat(refused.getMessage()).contains("Stripe-Signature");
        });
    }
}
