package com.storageplatform.commerce.order;

import com.storageplatform.kit.web.Patch;
import java.util.List;

/**
 * The body of {@code PATCH /v1/orders/{id}}: what the customer may still change while the order awaits payment.
 * Any change re-prices the whole order. {@code coupon_code: null} removes the code; {@code coverage_product_id:
 * null} removes cover; {@code products: null} or {@code []} removes every product; {@code move_in_date} cannot be
 * null.
 */
record OrderChanges(Patch<String> couponCode, Patch<String> coverageProductId,
        Patch<List<OrderRules.ProductRequest>> products, Patch<String> moveInDate) {
}
