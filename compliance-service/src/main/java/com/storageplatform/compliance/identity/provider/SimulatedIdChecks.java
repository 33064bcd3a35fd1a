package com.storageplatform.compliance.identity.provider;

import java.util.Optional;
import java.util.UUID;
import reactor.core.publisher.Mono;

/**
 * The online ID checks of test accounts, without a network: a check's reference derives from the platform's id
 * ({@code vs_sim_<id>}), so a start sent again answers the same, and its page is the simulator's. What becomes of a
 * check comes only from the test helpers, which write the provider's own notification ({@link SimulatedNotifications}).
 */
final class SimulatedIdChecks implements IdCheckProvider {

    /** Where the simulated pages appear to be: a name that never resolves. */
    static final String PAGES = "https://simulator.invalid/identity/";

    @Override
    public String name() {
        return StripeIdentity.NAME;
    }

    @Override
    public Mono<String> start(UUID verificationId) {
        return Mono.just("vs_sim_" + verificationId.toString().replace("-", ""));
    }

    @Override
    public Mono<Optional<String>> customerPage(String reference) {
        return Mono.just(Optional.of(PAGES + reference));
    }
}
