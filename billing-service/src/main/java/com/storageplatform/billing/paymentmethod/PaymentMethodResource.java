package com.storageplatform.billing.paymentmethod;

import com.storageplatform.billing.internal.NoFields;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.openapi.ApiErrors;
import com.storageplatform.kit.openapi.FilteredBy;
import com.storageplatform.kit.openapi.ScopeFamily;
import com.storageplatform.kit.paging.ListFilters;
import com.storageplatform.kit.web.Envelopes;
import com.storageplatform.kit.web.ErrorCode;
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
 * {@code /v1/payment-methods} (scopes {@code billing:read} and {@code billing:write}, at the gateway). A payment
 * method is never deleted: payments and mandates name it, so it is detached instead.
 */
@RestController
@ScopeFamily("billing")
class PaymentMethodResource {

    private final PaymentMethodService methods;

    PaymentMethodResource(PaymentMethodService methods) {
        this.methods = methods;
    }

    /**
     * 201 with the saved card ({@code card_token}) or bank account ({@code bank_account}); the contact's default of
     * its type when it has none. Either is saved at its provider first, which checks it: details it refuses are 422
     * on their field, and nothing is saved while it is unavailable (503). A bank account is only saved: make a
     * mandate on it with {@code POST /v1/mandates} to collect from it.
     */
    @PostMapping("/v1/payment-methods")
    @ResponseStatus(HttpStatus.CREATED)
    @ApiErrors(ErrorCode.CONFLICT)
    Mono<Envelopes.Data<PaymentMethod>> create(Caller caller, @RequestBody CreatePaymentMethod body) {
        return methods.create(caller, body).map(Envelopes::data);
    }

    @GetMapping("/v1/payment-methods/{id}")
    Mono<Envelopes.Data<PaymentMethod>> read(Caller caller, @PathVariable String id) {
        return methods.read(caller, Ids.fromPath(id)).map(Envelopes::data);
    }

    /** Newest first; filters {@code contact_id}, {@code type} and {@code status}. */
    @FilteredBy({"contact_id", "type", "status"})
    @GetMapping("/v1/payment-methods")
    Mono<Envelopes.ListOf<PaymentMethod>> list(Caller caller, @RequestParam MultiValueMap<String, String> query) {
        ListFilters filters = ListFilters.of(query);
        return methods.list(caller, filters.id("contact_id"), filters.oneOf("type", PaymentMethod.TYPES),
                filters.oneOf("status", PaymentMethod.STATUSES), filters.page());
    }

    /**
     * Makes it the contact's default of its type (the one before is no longer); a detached method is 409. Payments
     * and mandates that name no method use the default.
     */
    @ApiErrors(ErrorCode.CONFLICT)
    @PostMapping("/v1/payment-methods/{id}/set-default")
    Mono<Envelopes.Data<PaymentMethod>> setDefault(Caller caller, @PathVariable String id,
            @RequestBody(required = false) NoFields body) {
        return methods.setDefault(caller, Ids.fromPath(id)).map(Envelopes::data);
    }

    /**
     * {@code detached}: never used again and no longer a default (no other method becomes the default). A bank
     * account with a mandate awaiting authorisation or active is 409: cancel the mandate first. A detached method is
     * answered as it is.
     */
    @ApiErrors(ErrorCode.CONFLICT)
    @PostMapping("/v1/payment-methods/{id}/detach")
    Mono<Envelopes.Data<PaymentMethod>> detach(Caller caller, @PathVariable String id,
            @RequestBody(required = false) NoFields body) {
        return methods.detach(caller, Ids.fromPath(id)).map(Envelopes::data);
    }
}
