package com.storageplatform.billing.payment;

import com.storageplatform.billing.internal.NoFields;
import com.storageplatform.billing.payment.PaymentTestHelpers.Helper;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.openapi.ApiErrors;
import com.storageplatform.kit.openapi.ScopeFamily;
import com.storageplatform.kit.web.Envelopes;
import com.storageplatform.kit.web.ErrorCode;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/**
 * {@code /v1/test-helpers/payments/{id}/...}: test credentials only (404 for live ones), scope
 * {@code billing:write}. Each sends the provider's own notification through the path every real one takes and
 * answers the payment as it now is; 409 when the step does not apply to the payment's status.
 */
@RestController
@ScopeFamily("billing")
class PaymentTestHelperResource {

    private final PaymentTestHelpers helpers;

    PaymentTestHelperResource(PaymentTestHelpers helpers) {
        this.helpers = helpers;
    }

    /**
     * The provider confirms a {@code pending} Direct Debit ({@code succeeded}, {@code payment.succeeded}; submitted to
     * the bank first if it was not yet), or the customer completes a card's step-up ({@code succeeded}).
     */
    @PostMapping("/v1/test-helpers/payments/{id}/confirm")
    @ApiErrors(ErrorCode.CONFLICT)
    Mono<Envelopes.Data<Payment>> confirm(Caller caller, @PathVariable String id,
            @RequestBody(required = false) NoFields body) {
        return helpers.act(caller, Ids.fromPath(id), Helper.CONFIRM).map(Envelopes::data);
    }

    /** The provider pays a {@code succeeded} Direct Debit out to the operator ({@code paid_out}; no event). */
    @PostMapping("/v1/test-helpers/payments/{id}/pay-out")
    @ApiErrors(ErrorCode.CONFLICT)
    Mono<Envelopes.Data<Payment>> payOut(Caller caller, @PathVariable String id,
            @RequestBody(required = false) NoFields body) {
        return helpers.act(caller, Ids.fromPath(id), Helper.PAY_OUT).map(Envelopes::data);
    }

    /**
     * The bank returns a Direct Debit: {@code failed} before payout ({@code payment.failed}), {@code
     * late_failure_settled} after it ({@code payment.late_failure_settled}); a collected one reopens its invoice.
     */
    @PostMapping("/v1/test-helpers/payments/{id}/return")
    @ApiErrors(ErrorCode.CONFLICT)
    Mono<Envelopes.Data<Payment>> returned(Caller caller, @PathVariable String id,
            @RequestBody(required = false) NoFields body) {
        return helpers.act(caller, Ids.fromPath(id), Helper.RETURN).map(Envelopes::data);
    }

    /**
     * A Direct Debit Guarantee claim on a {@code paid_out} Direct Debit, or a dispute of a {@code succeeded} card
     * payment: {@code chargeback_settled} ({@code payment.chargeback_settled}); the invoice is reopened.
     */
    @PostMapping("/v1/test-helpers/payments/{id}/chargeback")
    @ApiErrors(ErrorCode.CONFLICT)
    Mono<Envelopes.Data<Payment>> chargeback(Caller caller, @PathVariable String id,
            @RequestBody(required = false) NoFields body) {
        return helpers.act(caller, Ids.fromPath(id), Helper.CHARGEBACK).map(Envelopes::data);
    }
}
