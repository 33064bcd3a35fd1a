package com.storageplatform.commerce.agreement;

import io.swagger.v3.oas.annotations.media.Schema;

/**
 * The body of {@code POST /v1/agreements}. {@code unit_id} may be left out when {@code reservation_id} names a
 * reservation of one unit (the agreement books that unit). {@code licence_fee_minor} and {@code currency} go
 * together; left out, they come from the reservation taken up, else from the catalogue's price.
 */
@Schema(requiredProperties = {"contact_id", "unit_id"})
record CreateAgreement(String contactId, String unitId, String reservationId, Long licenceFeeMinor, String currency,
        String moveInDate, String status) {
}
