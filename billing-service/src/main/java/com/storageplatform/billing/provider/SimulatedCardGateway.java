package com.storageplatform.billing.provider;

import java.time.Clock;
import java.time.LocalDate;
import java.util.UUID;
import java.util.stream.Stream;
import reactor.core.publisher.Mono;

/**
 * Stripe as test accounts see it, without a network: the test card tokens of conventions.md save cards whose
 * charges succeed ({@code test_card_visa}), are declined ({@code test_card_declined}) or need a step-up at the
 * simulator's page ({@code test_card_requires_action}); any other token is a 422 on {@code card_token}.
 * References derive from the platform's ids, so a request sent again gets the same answer, as from Stripe.
 */
final class SimulatedCardGateway implements CardGateway {

    /** A test card: its token, what it shows, and the prefix of its saved reference that tells its behaviour. */
    enum TestCard {
        VISA("test_card_visa", "4242"),
        DECLINED("test_card_declined", "0002"),
        REQUIRES_ACTION("test_card_requires_action", "3184");

        private final String token;
        private final String last4;

        TestCard(String token, String last4) {
            this.token = token;
            this.last4 = last4;
        }

        String token() {
            return token;
        }

        String refPrefix() {
            return "pm_sim_" + name().toLowerCase() + "_";
        }

        static TestCard byToken(String token) {
            return Stream.of(values()).filter(card -> card.token.equals(token)).findFirst()
                    .orElseThrow(() -> ProviderRejections.cardToken("test accounts take only the test card tokens "
                            + "test_card_visa, test_card_declined and test_card_requires_action"));
        }

        static TestCard byRef(String ref) {
            return Stream.of(values()).filter(card -> ref != null && ref.startsWith(card.refPrefix())).findFirst()
                    .orElseThrow(() -> new IllegalArgumentException("Not a simulated card: " + ref));
        }
    }

    private final String simulatorBase;
    private final Clock clock;

    SimulatedCardGateway(String simulatorBase, Clock clock) {
        this.simulatorBase = simulatorBase;
        this.clock = clock;
    }

    @Override
    public String provider() {
        return Providers.STRIPE;
    }

    @Override
    public Mono<StoredCard> saveCard(SaveCard request) {
        return Mono.fromCallable(() -> {
            TestCard card = TestCard.byToken(request.token());
            return new StoredCard(card.refPrefix() + SimulatedRefs.of(request.paymentMethodId()), "visa", card.last4,
                    12, LocalDate.now(clock).getYear() + 3);
        });
    }

    @Override
    public Mono<CardCharge> charge(ChargeCard request) {
        return Mono.fromCallable(() -> {
            String ref = "pi_sim_" + SimulatedRefs.of(request.paymentId());
            return switch (TestCard.byRef(request.cardRef())) {
                case VISA -> new CardCharge(ref, CardCharge.Outcome.SUCCEEDED, null, null, null);
                case DECLINED -> new CardCharge(ref, CardCharge.Outcome.FAILED, null, "generic_decline",
                        "Your card was declined.");
                case REQUIRES_ACTION -> new CardCharge(ref, CardCharge.Outcome.REQUIRES_ACTION,
                        simulatorBase + "/3ds/" + ref, null, null);
            };
        });
    }

    @Override
    public Mono<CardCharge> cancel(String providerPaymentRef, String idempotencyKey) {
        return Mono.just(new CardCharge(providerPaymentRef, CardCharge.Outcome.CANCELLED, null, null, null));
    }

    @Override
    public Mono<ProviderRefund> refund(RefundRequest request) {
        return Mono.just(new ProviderRefund("re_sim_" + SimulatedRefs.of(request.refundId()), true, null));
    }

    /** A simulated reference from the platform's id: the same id, the same reference. */
    static final class SimulatedRefs {

        private SimulatedRefs() {
        }

        static String of(UUID id) {
            return (id == null ? UUID.randomUUID() : id).toString().replace("-", "");
        }
    }
}
