package com.storageplatform.billing.provider;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.ErrorCode;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import reactor.test.StepVerifier;

class SimulatedCardGatewayTest {

    private final SimulatedCardGateway cards = new SimulatedCardGateway("https://simulator.invalid",
            Clock.fixed(Instant.parse("2026-06-01T10:00:00Z"), ZoneOffset.UTC));

    @Test
    void theVisaTestCardIsChargedSuccessfully() {
        assertThat(charge("test_card_visa").outcome()).isEqualTo(CardCharge.Outcome.SUCCEEDED);
    }

    @Test
    void theDeclinedTestCardFailsWithADeclineCode() {
        CardCharge charge = charge("test_card_declined");

        assertThat(charge.outcome()).isEqualTo(CardCharge.Outcome.FAILED);
        assertThat(charge.failureCode()).isEqualTo("generic_decline");
        assertThat(charge.failureMessage()).isEqualTo("Your card was declined.");
    }

    @Test
    void theStepUpTestCardNeedsActionAtTheSimulatorsPage() {
        CardCharge charge = charge("test_card_requires_action");

        assertThat(charge.outcome()).isEqualTo(CardCharge.Outcome.REQUIRES_ACTION);
        assertThat(charge.redirectUrl()).isEqualTo("https://simulator.invalid/3ds/" + charge.providerRef());
    }

    @Test
    void anyOtherTokenIs422OnCardToken() {
        StepVerifier.create(cards.saveCard(new SaveCard(UUID.randomUUID(), "tok_visa", "k1")))
                .expectErrorSatisfies(error -> {
                    ApiException refused = (ApiException) error;
                    assertThat(refused.code()).isEqualTo(ErrorCode.VALIDATION_ERROR);
                    assertThat(refused.details()).singleElement()
                            .satisfies(issue -> assertThat(issue.field()).isEqualTo("card_token"));
                    assertThat(refused.getMessage()).contains("test_card_visa");
                })
                .verify();
    }

    @Test
    void theSameRequestGetsTheSameReferences() {
        UUID methodId = UUID.randomUUID();
        UUID paymentId = UUID.randomUUID();
        StoredCard first = cards.saveCard(new SaveCard(methodId, "test_card_visa", "k1")).block();
        StoredCard again = cards.saveCard(new SaveCard(methodId, "test_card_visa", "k1")).block();

        assertThat(again).isEqualTo(first);
        assertThat(first.last4()).isEqualTo("4242");
        assertThat(first.expYear()).isEqualTo(2029);
        ChargeCard charge = new ChargeCard(paymentId, first.providerRef(), 1000, "GBP", "Rent", "https://r", "k2");
        assertThat(cards.charge(charge).block()).isEqualTo(cards.charge(charge).block());
    }

    @Test
    void aCancelledChargeAndARefundSucceed() {
        assertThat(cards.cancel("pi_sim_1", "k").block().outcome()).isEqualTo(CardCharge.Outcome.CANCELLED);
        ProviderRefund refund = cards.refund(new RefundRequest(UUID.randomUUID(), "pi_sim_1", 500, "GBP", "k")).block();
        assertThat(refund.succeeded()).isTrue();
        assertThat(refund.providerRef()).startsWith("re_sim_");
    }

    private CardCharge charge(String token) {
        StoredCard card = cards.saveCard(new SaveCard(UUID.randomUUID(), token, "k1")).block();
        return cards.charge(new ChargeCard(UUID.randomUUID(), card.providerRef(), 1000, "GBP", "Rent",
                "https://app.example.com/return", "k2")).block();
    }
}
