package com.storageplatform.commerce.order;

import com.storageplatform.kit.caller.Caller;
import java.time.LocalDate;
import java.util.UUID;
import reactor.core.publisher.Mono;

/** What an order needs of the reservation feature: its terms when named, and its conversion. */
interface OrderReservations {

    /** A reservation an order may take up (active and not lapsed). */
    record Terms(UUID id, UUID contactId, UUID siteId, UUID unitId, UUID unitTypeId, long licenceFeeMinor,
            String currency, LocalDate moveInDate, UUID couponId, UUID dealId) {
    }

    /** 422 {@code not_found} on {@code field} when not the account's; 409 when it is not active or has lapsed. */
    Mono<Terms> forBooking(Caller caller, UUID reservationId, String field);

    /** The order named it: converted, its hold (if it holds a unit) handed to the order. */
    Mono<Void> convert(Caller caller, UUID reservationId, UUID orderId);

    /** The order's hold took it up unnamed ({@code UnitHolds.take} handed its hold over): converted. */
    Mono<Void> convertTakenUp(Caller caller, UUID reservationId, UUID orderId);
}
