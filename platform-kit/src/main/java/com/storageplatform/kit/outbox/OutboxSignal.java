package com.storageplatform.kit.outbox;

import reactor.core.publisher.Flux;
import reactor.core.publisher.Sinks;

/** Wakes the relay when a transaction with outbox rows has committed, so events leave without waiting a poll. */
public final class OutboxSignal {

    private final Sinks.Many<Boolean> wakeups = Sinks.many().multicast().directBestEffort();

    public void committed() {
        wakeups.tryEmitNext(Boolean.TRUE);
    }

    Flux<Boolean> wakeups() {
        return wakeups.asFlux();
    }
}
