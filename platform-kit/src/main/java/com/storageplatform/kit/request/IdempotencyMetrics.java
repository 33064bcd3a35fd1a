package com.storageplatform.kit.request;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;

/**
 * {@value #REPLAYS}: stored responses replayed for a repeated {@code Idempotency-Key}. A rise means clients retry
 * a lot (timeouts on their side, or a network between them and us that drops answers).
 */
public final class IdempotencyMetrics {

    public static final String REPLAYS = "idempotency.replays";

    private final Counter replays;

    public IdempotencyMetrics(MeterRegistry meters) {
        this.replays = Counter.builder(REPLAYS)
                .description("Responses replayed from the idempotency store for a repeated Idempotency-Key")
                .register(meters);
    }

    void replayed() {
        replays.increment();
    }
}
