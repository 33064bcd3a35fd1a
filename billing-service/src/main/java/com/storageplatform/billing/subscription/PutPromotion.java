package com.storageplatform.billing.subscription;

import io.swagger.v3.oas.annotations.media.Schema;

/**
 * The body of {@code POST /v1/subscriptions/{id}/promotion}.
 *
 * @param promotionCode a coupon's code (any case), active today and for the plan's site and unit type
 */
@Schema(requiredProperties = {"promotion_code"})
public record PutPromotion(String promotionCode) {
}
