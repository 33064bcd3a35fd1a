package com.storageplatform.commerce.order;

import com.storageplatform.kit.client.ServiceClient;
import com.storageplatform.kit.client.ServiceClients;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * Takes an order's payment through billing's {@code POST /v1/payments}, for the request's caller narrowed to
 * {@code billing:write} (a caller without it is 403 {@code insufficient_scope} before anything is sent). With the
 * request's {@code Idempotency-Key}, billing gets a key derived for the purpose {@code pay-order}, so a retried
 * {@code pay} is replayed by billing, never charged twice. Billing unreachable or failing is 503
 * {@code service_unavailable}; its 4xx reach the client as billing answered them.
 */
@Component
class BillingOrderPayments implements OrderPayments {

    static final String SCOPE = "billing:write";
    static final String PURPOSE = "pay-order";

    private final ServiceClient billing;

    BillingOrderPayments(ServiceClients clients) {
        this.billing = clients.of("billing");
    }

    @Override
    public Mono<PaymentAnswer> pay(PaymentRequest request) {
        return billing.post("/v1/payments")
                .scopes(SCOPE)
                .purpose(PURPOSE)
                .body(request)
                .data(PaymentAnswer.class);
    }
}
