package com.storageplatform.billing.provider;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.storageplatform.billing.provider.ProviderEvent.Kind;
import com.storageplatform.billing.provider.SimulatedNotifications.Signed;
import com.storageplatform.kit.web.ApiException;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import tools.jackson.databind.json.JsonMapper;

/** A simulated notification is read by the same reader, with the same result, as the provider's own would be. */
class SimulatedNotificationsTest {

    private static final Instant NOW = Instant.parse("2026-06-01T10:00:00Z");
    private static final Clock CLOCK = Clock.fixed(NOW, ZoneOffset.UTC);
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final SimulatedNotifications simulated = new SimulatedNotifications(JSON, CLOCK, CLOCK);
    private final StripeNotifications stripe = new StripeNotifications(JSON, CLOCK);
    private final GoCardlessNotifications gocardless = new GoCardlessNotifications();

    @ParameterizedTest
    @EnumSource(value = Kind.class, names = {"MANDATE_ACTIVE", "MANDATE_FAILED", "MANDATE_CANCELLED"})
    void aSimulatedMandateEventReadsAsThatEvent(Kind kind) {
        Signed signed = simulated.mandate("MD123", kind, "bank_account_closed");

        ProviderEvent event = gocardless.read(signed.body(), signed.signature(), simulated.secret("gocardless")).get(0);

        assertThat(event).extracting(ProviderEvent::provider, ProviderEvent::kind, ProviderEvent::resourceRef,
                ProviderEvent::cause, ProviderEvent::occurredAt)
                .containsExactly("gocardless", kind, "MD123", "bank_account_closed", NOW);
        assertThat(event.eventId()).startsWith("EV");
    }

    @ParameterizedTest
    @EnumSource(value = Kind.class, names = {"PAYMENT_SUBMITTED", "PAYMENT_CONFIRMED", "PAYMENT_PAID_OUT",
            "PAYMENT_FAILED", "PAYMENT_LATE_FAILURE", "PAYMENT_CHARGEBACK", "REFUND_SUCCEEDED", "REFUND_FAILED"})
    void aSimulatedDirectDebitEventReadsAsThatEvent(Kind kind) {
        Signed signed = simulated.payment("gocardless", "PM123", kind, "insufficient_funds", LocalDate.of(2026, 6, 5));

        assertThat(gocardless.read(signed.body(), signed.signature(), simulated.secret("gocardless")))
                .singleElement().extracting(ProviderEvent::kind, ProviderEvent::resourceRef, ProviderEvent::cause)
                .containsExactly(kind, "PM123", "insufficient_funds");
    }

    @ParameterizedTest
    @EnumSource(value = Kind.class, names = {"CARD_SUCCEEDED", "CARD_FAILED", "CARD_REQUIRES_ACTION",
            "REFUND_SUCCEEDED", "REFUND_FAILED", "PAYMENT_CHARGEBACK"})
    void aSimulatedCardEventReadsAsThatEvent(Kind kind) {
        String cause = kind == Kind.CARD_FAILED || kind == Kind.REFUND_FAILED || kind == Kind.PAYMENT_CHARGEBACK
                ? "fraudulent" : null;
        Signed signed = simulated.payment("stripe", "pi_123", kind, cause, null);

        ProviderEvent event = stripe.read(signed.body(), signed.signature(), simulated.secret("stripe")).get(0);

        assertThat(event).extracting(ProviderEvent::provider, ProviderEvent::kind, ProviderEvent::resourceRef,
                ProviderEvent::cause, ProviderEvent::occurredAt).containsExactly("stripe", kind, "pi_123", cause, NOW);
        assertThat(event.eventId()).startsWith("evt_");
    }

    @Test
    void aSimulatedNotificationIsNotAcceptedUnderTheLiveSecret() {
        Signed signed = simulated.mandate("MD123", Kind.MANDATE_ACTIVE, null);

        assertThatThrownBy(() -> gocardless.read(signed.body(), signed.signature(), "the-live-secret"))
                .isInstanceOf(ApiException.class);
    }

    @Test
    void eachProcessSignsWithSecretsOfItsOwn() {
        SimulatedNotifications other = new SimulatedNotifications(JSON, CLOCK, CLOCK);

        assertThat(other.secret("stripe")).isNotEqualTo(simulated.secret("stripe")).startsWith("whsec_");
        assertThat(other.secret("gocardless")).isNotEqualTo(simulated.secret("gocardless"));
    }

    @Test
    void aKindTheProviderNeverSendsIsAMistakeOfTheCaller() {
        assertThatThrownBy(() -> simulated.payment("stripe", "pi_1", Kind.PAYMENT_PAID_OUT, null, null))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> simulated.mandate("MD1", Kind.CARD_SUCCEEDED, null))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
