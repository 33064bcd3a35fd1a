package com.storageplatform.commerce.order;

import com.storageplatform.commerce.order.Order.Line;
import java.util.List;
import java.util.UUID;
import reactor.core.publisher.Mono;

/**
 * Where an order's payment is taken: billing's {@code POST /v1/payments} ({@link BillingOrderPayments}, the only
 * implementation). Called inside the request that pays, for its caller.
 */
public interface OrderPayments {

    /**
     * What commerce asks billing to collect for an order: the amount due today and the lines it is made of, the
     * deposit billing records as a refundable deposit, and where the customer returns.
     */
    record PaymentRequest(String rail, long amountMinor, String currency, UUID contactId, UUID orderId,
            String description, List<Line> lines, long depositMinor, String returnUrl, String paymentMethodId,
            String cardToken) {
    }

    /** The step a customer must take for a {@code requires_action} payment. */
    record NextAction(String redirectUrl) {
    }

    /** Billing's payment as answered (unknown fields tolerated). */
    record PaymentAnswer(String id, String status, Long amountMinor, NextAction nextAction) {
    }

    Mono<PaymentAnswer> pay(PaymentRequest request);
}
