package com.storageplatform.commerce.order;

import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;

/**
 * The body of {@code POST /v1/orders}: a customer, and a unit or a reservation to take up. Strict JSON refuses
 * unknown fields and wrong types; the service judges the values.
 *
 * @param unitId          the unit to book; required unless {@code reservation_id} names a unit's reservation
 * @param reservationId   a reservation of the customer to take up: its unit (or, for a unit-type reservation, a
 *                        unit of that type named in {@code unit_id}) and its price become the order's
 * @param moveInDate      default today in the site's time zone; not before it
 * @param couponCode      a coupon's code, any case; without one, the best {@code auto_apply} coupon applies
 * @param coverageProductId an active fixed-level monthly waiver to take as cover from the move-in date
 * @param source          {@code storefront} (a website order), {@code backoffice} or {@code api} (the default)
 */
@Schema(requiredProperties = {"contact_id"})
record CreateOrder(String contactId, String unitId, String reservationId, String moveInDate, String couponCode,
        String coverageProductId, List<OrderRules.ProductRequest> products, String source) {
}
