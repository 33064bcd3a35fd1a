package com.storageplatform.commerce.agreement;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.openapi.ApiErrors;
import com.storageplatform.kit.openapi.FilteredBy;
import com.storageplatform.kit.openapi.ScopeFamily;
import com.storageplatform.kit.paging.ListFilters;
import com.storageplatform.kit.web.Envelopes;
import com.storageplatform.kit.web.ErrorCode;
import java.util.UUID;
import org.springframework.http.HttpStatus;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/**
 * {@code /v1/agreements} (scopes {@code agreements:read} and {@code agreements:write}, at the gateway): licence
 * agreements, always a licence, never a lease. Agreements are never deleted: they end with
 * {@code POST /v1/agreements/{id}/terminate}.
 */
@RestController
@ScopeFamily("agreements")
class AgreementResource {

    private final AgreementService agreements;

    AgreementResource(AgreementService agreements) {
        this.agreements = agreements;
    }

    /**
     * Books a unit for a customer under a new agreement ({@code draft}, or {@code quote}). A {@code reservation_id}
     * books the unit that reservation holds and marks it converted; booking a unit reserved for the same customer
     * takes that reservation up unnamed. Left out, {@code licence_fee_minor}/{@code currency} and
     * {@code move_in_date} come from the reservation taken up (a passed move-in date becomes today), else from the
     * catalogue's price (which needs {@code units:read}) and today. A unit held for someone else is 409
     * {@code unit_reserved}; an archived or out-of-service unit 409 {@code conflict}.
     */
    @ApiErrors({ErrorCode.CONFLICT, ErrorCode.UNIT_RESERVED, ErrorCode.SITE_FORBIDDEN})
    @PostMapping("/v1/agreements")
    @ResponseStatus(HttpStatus.CREATED)
    Mono<Envelopes.Data<Agreement>> create(Caller caller, @RequestBody CreateAgreement body) {
        return agreements.create(caller, body).map(Envelopes::data);
    }

    @ApiErrors(ErrorCode.SITE_FORBIDDEN)
    @GetMapping("/v1/agreements/{id}")
    Mono<Envelopes.Data<Agreement>> read(Caller caller, @PathVariable String id) {
        return agreements.read(caller, Ids.fromPath(id)).map(Envelopes::data);
    }

    /**
     * Newest first; filters {@code status}, {@code contact_id}, {@code site_id}. A site-restricted credential sees
     * only its sites' agreements (a {@code site_id} of another site is 403 {@code site_forbidden}).
     */
    @ApiErrors(ErrorCode.SITE_FORBIDDEN)
    @FilteredBy({"status", "contact_id", "site_id"})
    @GetMapping("/v1/agreements")
    Mono<Envelopes.ListOf<Agreement>> list(Caller caller, @RequestParam MultiValueMap<String, String> query) {
        ListFilters filters = ListFilters.of(query);
        String status = filters.oneOf("status", Agreement.STATUSES);
        UUID contactId = filters.id("contact_id");
        UUID siteId = filters.id("site_id");
        return agreements.list(caller, status, contactId, siteId, filters.page());
    }

    /**
     * Changes the licence fee (until move-in), the move-in date (cover follows it, never starting before the day it
     * was taken out), the unit (a quote's or draft's booking moves; a signed agreement's customer is transferred),
     * the customer, or the cover ({@code coverage_product_id}, {@code cover_minor};
     * {@code "coverage_product_id": null} ends it).
     */
    @ApiErrors({ErrorCode.CONFLICT, ErrorCode.UNIT_RESERVED, ErrorCode.SITE_FORBIDDEN})
    @PatchMapping("/v1/agreements/{id}")
    Mono<Envelopes.Data<Agreement>> update(Caller caller, @PathVariable String id,
            @RequestBody AgreementChanges changes) {
        return agreements.update(caller, Ids.fromPath(id), changes).map(Envelopes::data);
    }

    /**
     * The customer signs a quote or draft: {@code pending_move_in}, event {@code agreement.signed}. When the
     * operator requires an online ID check before access and the customer has not passed one, access is held
     * ({@code access_held}, event {@code agreement.access_held}).
     */
    @ApiErrors({ErrorCode.CONFLICT, ErrorCode.SITE_FORBIDDEN})
    @PostMapping("/v1/agreements/{id}/sign")
    Mono<Envelopes.Data<Agreement>> sign(Caller caller, @PathVariable String id) {
        return agreements.sign(caller, Ids.fromPath(id)).map(Envelopes::data);
    }

    /** The customer moves in to a signed agreement: {@code active}. */
    @ApiErrors({ErrorCode.CONFLICT, ErrorCode.SITE_FORBIDDEN})
    @PostMapping("/v1/agreements/{id}/move-in")
    Mono<Envelopes.Data<Agreement>> moveIn(Caller caller, @PathVariable String id) {
        return agreements.moveIn(caller, Ids.fromPath(id)).map(Envelopes::data);
    }

    /** The customer of an active agreement gives notice to leave on {@code end_date}: {@code notice_given}. */
    @ApiErrors({ErrorCode.CONFLICT, ErrorCode.SITE_FORBIDDEN})
    @PostMapping("/v1/agreements/{id}/give-notice")
    Mono<Envelopes.Data<Agreement>> giveNotice(Caller caller, @PathVariable String id,
            @RequestBody GiveNotice body) {
        return agreements.giveNotice(caller, Ids.fromPath(id), body).map(Envelopes::data);
    }

    /**
     * Ends the agreement on {@code end_date} (default today): {@code terminated}, the unit free again, cover
     * ended, event {@code agreement.terminated}.
     */
    @ApiErrors({ErrorCode.CONFLICT, ErrorCode.SITE_FORBIDDEN})
    @PostMapping("/v1/agreements/{id}/terminate")
    Mono<Envelopes.Data<Agreement>> terminate(Caller caller, @PathVariable String id,
            @RequestBody(required = false) Terminate body) {
        return agreements.terminate(caller, Ids.fromPath(id), body).map(Envelopes::data);
    }

    /**
     * A member of staff lets the customer in while the ID check has not passed: {@code access_released}, event
     * {@code agreement.access_released}. Only a staff token: an API key or OAuth client is 403
     * {@code insufficient_scope} (the spec names only a passed ID check or staff).
     */
    @ApiErrors({ErrorCode.CONFLICT, ErrorCode.SITE_FORBIDDEN})
    @PostMapping("/v1/agreements/{id}/release-access")
    Mono<Envelopes.Data<Agreement>> releaseAccess(Caller caller, @PathVariable String id) {
        return agreements.releaseAccess(caller, Ids.fromPath(id)).map(Envelopes::data);
    }
}
