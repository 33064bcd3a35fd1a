package com.storageplatform.billing.mandate;

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
 * {@code /v1/mandates} (scopes {@code billing:read} and {@code billing:write}, at the gateway). A mandate is never
 * deleted: it ends cancelled or failed.
 */
@RestController
@ScopeFamily("billing")
class MandateResource {

    private final MandateService mandates;

    MandateResource(MandateService mandates) {
        this.mandates = mandates;
    }

    /**
     * 201 with the mandate {@code awaiting_authorisation} ({@code mandate.created}), made at the provider on the
     * contact's bank account ({@code payment_method_id}, by default its default {@code bacs_debit} method). The
     * provider then reports it {@code active} or {@code failed}. A bank account that a mandate awaiting authorisation
     * or active collects from already is 409, and so is one the provider no longer takes (add it again); a bank
     * account whose mandate failed or was cancelled takes a new one.
     */
    @PostMapping("/v1/mandates")
    @ResponseStatus(HttpStatus.CREATED)
    @ApiErrors(ErrorCode.CONFLICT)
    Mono<Envelopes.Data<Mandate>> create(Caller caller, @RequestBody CreateMandate body) {
        return mandates.create(caller, body).map(Envelopes::data);
    }

    @GetMapping("/v1/mandates/{id}")
    Mono<Envelopes.Data<Mandate>> read(Caller caller, @PathVariable String id) {
        return mandates.read(caller, Ids.fromPath(id)).map(Envelopes::data);
    }

    /** Newest first; filters {@code contact_id} and {@code status}. */
    @FilteredBy({"contact_id", "status"})
    @GetMapping("/v1/mandates")
    Mono<Envelopes.ListOf<Mandate>> list(Caller caller, @RequestParam MultiValueMap<String, String> query) {
        ListFilters filters = ListFilters.of(query);
        return mandates.list(caller, filters.id("contact_id"), filters.oneOf("status", Mandate.STATUSES),
                filters.page());
    }

    /**
     * Cancelled at the provider and here ({@code mandate.cancelled}): nothing more is collected on it. A cancelled
     * mandate is answered as it is; a failed one is 409.
     */
    @ApiErrors(ErrorCode.CONFLICT)
    @PostMapping("/v1/mandates/{id}/cancel")
    Mono<Envelopes.Data<Mandate>> cancel(Caller caller, @PathVariable String id,
            @RequestBody(required = false) NoFields body) {
        return mandates.cancel(caller, Ids.fromPath(id)).map(Envelopes::data);
    }
}
