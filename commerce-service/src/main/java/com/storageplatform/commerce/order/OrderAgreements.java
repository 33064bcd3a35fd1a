package com.storageplatform.commerce.order;

import com.storageplatform.kit.caller.Caller;
import java.time.LocalDate;
import java.util.UUID;
import reactor.core.publisher.Mono;

/** What an order needs of the agreement feature: the licence agreement a paid order is provisioned as. */
interface OrderAgreements {

    /** What the agreement is made from: the order's unit, customer, binding fee, move-in date and cover. */
    record Booking(UUID orderId, UUID contactId, UUID unitId, UUID reservationId, long licenceFeeMinor,
            String currency, LocalDate moveInDate, UUID coverageProductId, Long coverMinor) {
    }

    /** Creates the agreement and takes the unit's hold over from the order; answers the agreement's id. */
    Mono<UUID> bookFromOrder(Caller caller, Booking booking);
}
