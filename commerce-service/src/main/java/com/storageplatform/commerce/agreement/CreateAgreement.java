package com.storageplatform.commerce.agreement;

import com.storageplatform.kit.openapi.OneOf;
import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

/**
 * The body of {@code POST /v1/agreements}. {@code licence_fee_minor} and {@code currency} go together; left out,
 * they come from the reservation taken up, else from the catalogue's price.
 *
 * @param unitId        the unit to book; required unless {@code reservation_id} names a reservation of one unit
 *                      (the agreement books that unit)
 * @param reservationId a reservation of the customer to take up
 * @param status        {@code draft} (the default) or {@code quote}; the later statuses are reached only through
 *                      the lifecycle actions
 */
@Schema(requiredProperties = {"contact_id"})
record CreateAgreement(String contactId, String unitId, String reservationId, @Nullable Long licenceFeeMinor,
        String currency, String moveInDate, @OneOf(value = "CREATE_STATUSES", in = Agreement.class) String status) {
}
