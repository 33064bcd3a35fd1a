package com.storageplatform.commerce.holds;

import com.storageplatform.kit.caller.Caller;
import java.util.UUID;
import reactor.core.publisher.Mono;

/**
 * Ends a reservation whose hold has lapsed, when a booking of its unit meets it before the expiry sweep has: the
 * reservation feature implements it (status {@code expired}, {@code reservation.expired}, hold released), so a
 * lapsed hold gives way exactly as the sweep would have made it.
 */
public interface LapsedHolds {

    Mono<Void> expire(Caller caller, UUID reservationId);
}
