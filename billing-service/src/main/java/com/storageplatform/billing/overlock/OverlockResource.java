package com.storageplatform.billing.overlock;

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
 * {@code /v1/overlocks} (scopes {@code billing:read} and {@code billing:write}, at the gateway). An overlock is
 * never deleted: it is released, or it failed.
 */
@RestController
@ScopeFamily("billing")
class OverlockResource {

    private final OverlockService overlocks;

    OverlockResource(OverlockService overlocks) {
        this.overlocks = overlocks;
    }

    /**
     * 201 with the overlock, {@code requested}: the lock system is asked to lock the agreement's unit, and
     * {@code overlock.applied} follows once it confirms ({@code failed} if it cannot: lock the unit by hand). The
     * agreement must be the account's (422 {@code not_found} on {@code agreement_id}) and hold a unit; 409 when it
     * holds none (a quote, a draft, terminated) or its unit has an overlock in force.
     */
    @PostMapping("/v1/overlocks")
    @ResponseStatus(HttpStatus.CREATED)
    @ApiErrors({ErrorCode.CONFLICT, ErrorCode.SITE_FORBIDDEN})
    Mono<Envelopes.Data<Overlock>> create(Caller caller, @RequestBody CreateOverlock body) {
        return overlocks.create(caller, body).map(Envelopes::data);
    }

    /** An overlock of the account; one at a site outside a restricted credential's sites is 404. */
    @GetMapping("/v1/overlocks/{id}")
    Mono<Envelopes.Data<Overlock>> read(Caller caller, @PathVariable String id) {
        return overlocks.read(caller, Ids.fromPath(id)).map(Envelopes::data);
    }

    /**
     * Newest first; filters {@code contact_id}, {@code agreement_id} and {@code status}. A restricted credential
     * lists those at its sites.
     */
    @FilteredBy({"contact_id", "agreement_id", "status"})
    @GetMapping("/v1/overlocks")
    Mono<Envelopes.ListOf<Overlock>> list(Caller caller, @RequestParam MultiValueMap<String, String> query) {
        ListFilters filters = ListFilters.of(query);
        return overlocks.list(caller, filters.id("contact_id"), filters.id("agreement_id"),
                filters.oneOf("status", Overlock.STATUSES), filters.page());
    }

    /**
     * Asks the lock system to take the lock off: {@code release_requested}, and {@code overlock.released} once it
     * confirms. From {@code requested} or {@code applied} (again after a failed release); one whose release is asked
     * already is answered as it is; 409 for one {@code released} or {@code failed}.
     */
    @PostMapping("/v1/overlocks/{id}/release")
    @ApiErrors(ErrorCode.CONFLICT)
    Mono<Envelopes.Data<Overlock>> release(Caller caller, @PathVariable String id,
            @RequestBody(required = false) NoFields body) {
        return overlocks.release(caller, Ids.fromPath(id)).map(Envelopes::data);
    }
}
