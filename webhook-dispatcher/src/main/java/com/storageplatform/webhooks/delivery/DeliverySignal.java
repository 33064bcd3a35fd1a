package com.storageplatform.webhooks.delivery;

import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Sinks;

/** Wakes the delivery worker when there is work (an event arrived, an endpoint resumed, a redelivery was asked). */
@Component
public class DeliverySignal {

    private final Sinks.Many<Boolean> wakeups = Sinks.many().multicast().directBestEffort();

    public void wake() {
        wakeups.tryEmitNext(Boolean.TRUE);
    }

    Flux<Boolean> wakeups() {
        return wakeups.asFlux();
    }
}
