package com.storageplatform.commerce.order;

import io.swagger.v3.oas.annotations.media.Schema;

/**
 * The body of {@code POST /v1/orders/{id}/pay}.
 *
 * @param rail            {@code card} or {@code bacs_dd}
 * @param returnUrl       the checkout confirmation page on one of the operator's published websites, where the
 *                        customer returns after paying; default the operator's customer portal
 * @param paymentMethodId a payment method billing already holds for the customer
 * @param cardToken       a card tokenised by the payment provider's page
 */
@Schema(requiredProperties = {"rail"})
record PayOrder(@Schema(allowableValues = {"card", "bacs_dd"}) String rail, String returnUrl,
        String paymentMethodId, String cardToken) {
}
