package com.storageplatform.commerce.reservation;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Component;

/** {@code reservation_expired_total}: reservations the expiry sweep ended. */
@Component
class ReservationMetrics {

    private final Counter expired;

    ReservationMetrics(ObjectProvider<MeterRegistry> meters) {
        MeterRegistry registry = meters.getIfAvailable();
        this.expired = registry == null ? null : Counter.builder("reservation.expired")
                .description("Reservations the expiry sweep ended")
                .register(registry);
    }

    void expired(long count) {
        if (expired != null && count > 0) {
            expired.increment(count);
        }
    }
}
