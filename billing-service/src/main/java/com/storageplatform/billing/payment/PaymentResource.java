package com.storageplatform.billing.payment;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.openapi.ApiErrors;
import com.storageplatform.kit.openapi.FilteredBy;
import com.storageplatform.kit.openapi.ScopeFamily;
import com.storageplatform.kit.paging.ListFilters;
import com.storageplatform.kit.web.Envelopes;
import com.storageplatform.kit.web.ErrorCode;
import com.storageplatform.billing.internal.NoFields;
import org.springframework.http.HttpStatus;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/**
 * {@code /v1/payments} (scopes {@code billing:read} and {@code billing:write}, at the gateway). Payments are never
 * deleted: money paid back is a refund, a payment given up on is superseded.
 */
@RestController
@ScopeFamily("billing")
class PaymentResource {

    private final PaymentService payments;
    private final PaymentRefunds refunds;
    private final Supersessions supersessions;

    PaymentResource(PaymentService payments, PaymentRefunds refunds, Supersessions supersessions) {
        this.payments = payments;
        this.refunds = refunds;
        this.supersessions = supersessions;
    }

    /**
     * 201 with the payment as its rail left it: an offline recording {@code succeeded} at once (it needs an
     * {@code Idempotency-Key}); a card {@code succeeded}, {@code failed} (a decline is not an error of the request),
     * {@code requires_action} (send the customer to {@code next_action.redirect_url}) or {@code pending}; a Direct
     * Debit {@code pending} until its provider confirms it. 409 for an invoice that cannot be paid.
     */
    @PostMapping("/v1/payments")
    @ResponseStatus(HttpStatus.CREATED)
    @ApiErrors({ErrorCode.CONFLICT, ErrorCode.SITE_FORBIDDEN})
    Mono<Envelopes.Data<Payment>> create(Caller caller, @RequestBody CreatePayment body) {
        return payments.create(caller, body).map(Envelopes::data);
    }

    @GetMapping("/v1/payments/{id}")
    Mono<Envelopes.Data<Payment>> read(Caller caller, @PathVariable String id) {
        return payments.read(caller, Ids.fromPath(id)).map(Envelopes::data);
    }

    /** Newest first; filters {@code invoice_id}, {@code contact_id}, {@code status} and {@code rail}. */
    @FilteredBy({"invoice_id", "contact_id", "status", "rail"})
    @GetMapping("/v1/payments")
    Mono<Envelopes.ListOf<Payment>> list(Caller caller, @RequestParam MultiValueMap<String, String> query) {
        ListFilters filters = ListFilters.of(query);
        return payments.list(caller, filters.id("invoice_id"), filters.id("contact_id"),
                filters.oneOf("status", Payment.STATUSES), filters.oneOf("rail", Payment.RAILS), filters.page());
    }

    /**
     * Pays money back: answers the refund, a new payment with {@code direction: refund} and {@code refund_of} this
     * payment, {@code succeeded} at once (offline, card) or {@code pending} until the provider pays it; the payment's
     * {@code amount_refunded_minor} grows by it. Only a {@code succeeded} or {@code paid_out} payment (409
     * otherwise); more than is left to refund is 422 {@code above_maximum}. The invoice is not reopened.
     */
    @PostMapping("/v1/payments/{id}/refund")
    @ApiErrors(ErrorCode.CONFLICT)
    Mono<Envelopes.Data<Payment>> refund(Caller caller, @PathVariable String id,
            @RequestBody(required = false) RefundPayment body) {
        return refunds.refund(caller, Ids.fromPath(id), body).map(Envelopes::data);
    }

    /**
     * The operator stops waiting on a {@code pending} or {@code requires_action} payment: it is cancelled with its
     * provider and answered {@code cancelled} with {@code superseded_by_operator_at}; what the invoice counted in
     * flight is released. 409 for any other status, and for a Direct Debit already submitted to the bank.
     */
    @PostMapping("/v1/payments/{id}/supersede")
    @ApiErrors(ErrorCode.CONFLICT)
    Mono<Envelopes.Data<Payment>> supersede(Caller caller, @PathVariable String id,
            @RequestBody(required = false) NoFields body) {
        return supersessions.supersede(caller, Ids.fromPath(id)).map(Envelopes::data);
    }
}
