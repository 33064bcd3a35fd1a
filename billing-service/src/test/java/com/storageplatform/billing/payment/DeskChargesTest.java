package com.storageplatform.billing.payment;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.billing.provider.CardCharge;
import com.storageplatform.billing.provider.CardCharge.Outcome;
import com.storageplatform.billing.provider.CardGateway;
import com.storageplatform.billing.provider.ChargeCard;
import com.storageplatform.billing.provider.ProviderRefund;
import com.storageplatform.billing.provider.RefundRequest;
import com.storageplatform.billing.provider.SaveCard;
import com.storageplatform.billing.provider.StoredCard;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.web.ApiException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;

/**
 * A desk sale charges a card once per invoice ({@link DeskPayments#chargeAll}): it goes ahead only when every
 * charge was taken, and otherwise gives back what the charges before took. The simulator answers every charge of
 * one card alike, so a card gateway that answers each charge as told stands in for a provider here.
 */
class DeskChargesTest {

    /** Answers each charge with the next outcome, and records what it was asked. */
    static final class ScriptedCards implements CardGateway {

        final Deque<Outcome> outcomes;
        final List<String> calls = new ArrayList<>();
        boolean refundFails;

        ScriptedCards(Outcome... outcomes) {
            this.outcomes = new ArrayDeque<>(List.of(outcomes));
        }

        @Override
        public String provider() {
            return "stripe";
        }

        @Override
        public Mono<StoredCard> saveCard(SaveCard request) {
            return Mono.error(new AssertionError("no card is saved here"));
        }

        @Override
        public Mono<CardCharge> charge(ChargeCard request) {
            String ref = "pi_" + request.amountMinor();
            calls.add("charge " + ref + " " + request.idempotencyKey().startsWith("billing_charge_"));
            Outcome outcome = outcomes.removeFirst();
            return Mono.just(new CardCharge(ref, outcome, null, outcome == Outcome.FAILED ? "generic_decline" : null,
                    outcome == Outcome.FAILED ? "Your card was declined." : null));
        }

        @Override
        public Mono<CardCharge> cancel(String providerPaymentRef, String idempotencyKey) {
            calls.add("cancel " + providerPaymentRef);
            return Mono.just(new CardCharge(providerPaymentRef, Outcome.CANCELLED, null, null, null));
        }

        @Override
        public Mono<ProviderRefund> refund(RefundRequest request) {
            calls.add("refund " + request.providerPaymentRef() + " " + request.amountMinor());
            return refundFails ? Mono.error(new IllegalStateException("Stripe is down"))
                    : Mono.just(new ProviderRefund("re_" + request.amountMinor(), true, null));
        }
    }

    static List<DeskPayments.Charge> dues(long... amounts) {
        List<DeskPayments.Charge> dues = new ArrayList<>();
        for (long amount : amounts) {
            dues.add(new DeskPayments.Charge(Ids.newId(), new DeskPayments.Due(Ids.newId(), amount), null));
        }
        return dues;
    }

    static void refusedWith(Mono<?> charged, String issue) {
        StepVerifier.create(charged)
                .expectErrorSatisfies(error -> {
                    assertThat(error).isInstanceOf(ApiException.class);
                    ApiException refused = (ApiException) error;
                    assertThat(refused.status().value()).isEqualTo(409);
                    assertThat(refused.details().get(0).issue()).isEqualTo(issue);
                })
                .verify();
    }

    @Test
    void everyChargeTakenLetsTheSaleGoAheadWithOneChargePerInvoice() {
        ScriptedCards cards = new ScriptedCards(Outcome.SUCCEEDED, Outcome.SUCCEEDED);

        StepVerifier.create(DeskPayments.chargeAll(cards, "pm_1", "GBP", dues(345, 12000)))
                .assertNext(charges -> assertThat(charges).extracting(c -> c.card().providerRef())
                        .containsExactly("pi_345", "pi_12000"))
                .verifyComplete();
        assertThat(cards.calls).containsExactly("charge pi_345 true", "charge pi_12000 true");
    }

    @Test
    void aLaterChargeDeclinedRefundsTheChargesTakenBeforeItAndRefusesWithCardDeclined() {
        ScriptedCards cards = new ScriptedCards(Outcome.SUCCEEDED, Outcome.FAILED, Outcome.SUCCEEDED);

        refusedWith(DeskPayments.chargeAll(cards, "pm_1", "GBP", dues(345, 12000, 500)), "card_declined");

        assertThat(cards.calls).containsExactly("charge pi_345 true", "charge pi_12000 true", "refund pi_345 345");
    }

    @Test
    void aChargeAskingForStepUpIsCancelledAtTheProviderAndRefusedWithCardRequiresAction() {
        ScriptedCards cards = new ScriptedCards(Outcome.SUCCEEDED, Outcome.REQUIRES_ACTION);

        refusedWith(DeskPayments.chargeAll(cards, "pm_1", "GBP", dues(345, 12000)), "card_requires_action");

        assertThat(cards.calls).containsExactly("charge pi_345 true", "charge pi_12000 true", "refund pi_345 345",
                "cancel pi_12000");
    }

    @Test
    void aChargeTheProviderIsStillProcessingIsCancelledAndRefusedWithCardProcessing() {
        ScriptedCards cards = new ScriptedCards(Outcome.PROCESSING);

        refusedWith(DeskPayments.chargeAll(cards, "pm_1", "GBP", dues(345)), "card_processing");

        assertThat(cards.calls).containsExactly("charge pi_345 true", "cancel pi_345");
    }

    @Test
    void aChargeThatCannotBeGivenBackStillRefusesTheSale() {
        ScriptedCards cards = new ScriptedCards(Outcome.SUCCEEDED, Outcome.FAILED);
        cards.refundFails = true;

        refusedWith(DeskPayments.chargeAll(cards, "pm_1", "GBP", dues(345, 500)), "card_declined");

        assertThat(cards.calls).containsExactly("charge pi_345 true", "charge pi_500 true", "refund pi_345 345");
    }
}
