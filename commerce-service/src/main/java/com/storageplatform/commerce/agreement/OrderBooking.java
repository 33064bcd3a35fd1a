package com.storageplatform.commerce.agreement;

import java.time.LocalDate;
import java.util.UUID;

/**
 * What a completed online order books: the agreement it becomes ({@link Agreements#bookFromOrder}). The order
 * has already judged and priced everything; the agreement takes its terms as they are.
 *
 * @param reservationId     the reservation the order took up (converted to the order when it was created), or
 *                          null; the agreement records it
 * @param coverageProductId the cover chosen at checkout, or null for none
 * @param coverMinor        the cover declared (for a {@code per_thousand} product), or null
 */
public record OrderBooking(UUID orderId, UUID contactId, UUID unitId, UUID reservationId, long licenceFeeMinor,
        String currency, LocalDate moveInDate, UUID coverageProductId, Long coverMinor) {
}
