package com.storageplatform.kit.polling;

import reactor.core.publisher.Flux;
import reactor.core.publisher.Sinks;

/**
 * Wakes a {@link PollingLoop} when there is work (a transaction with outbox rows committed, an event arrived), so
 * the work starts without waiting for the next poll. A wake-up nobody listens for is dropped, and so is one made
 * while another thread is waking the loop: the loop takes a turn after that other wake-up, which covers both.
 */
public final class WakeUpSignal {

    private final Sinks.Many<Boolean> wakeups = Sinks.many().multicast().directBestEffort();

    public void wake() {
        wakeups.tryEmitNext(Boolean.TRUE);
    }

    Flux<Boolean> wakeups() {
        return wakeups.asFlux();
    }
}
