package com.storageplatform.compliance.identity;

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

/** {@code /v1/identity-verifications} (scopes {@code compliance:read} and {@code compliance:write}, at the gateway). */
@RestController
@ScopeFamily("compliance")
class IdentityVerificationResource {

    private final IdentityVerificationService verifications;

    IdentityVerificationResource(IdentityVerificationService verifications) {
        this.verifications = verifications;
    }

    /**
     * Emails the customer a link for an online ID check and answers 201 with the verification, {@code pending},
     * never the link ({@code identity_verification.created}). It asks for the documents of
     * {@code /v1/identity-requirements}. {@code contact_id} must be a contact of the account (422 {@code not_found})
     * with an email address, never the walk-in sales record (422 {@code not_allowed}). 409 {@code conflict} when the
     * operator has not turned online ID checks on (detail {@code id_check_link} {@code online_id_checks_disabled}),
     * or, for a live account, when the provider is not set up on the platform ({@code provider_not_set_up}). Each
     * call emails a new link: send an {@code Idempotency-Key}, so a retry answers the first verification and sends
     * nothing more.
     */
    @PostMapping("/v1/identity-verifications")
    @ResponseStatus(HttpStatus.CREATED)
    @ApiErrors(ErrorCode.CONFLICT)
    Mono<Envelopes.Data<IdentityVerification>> create(Caller caller, @RequestBody CreateIdentityVerification body) {
        return verifications.create(caller, body).map(Envelopes::data);
    }

    /** A verification of the account. */
    @GetMapping("/v1/identity-verifications/{id}")
    Mono<Envelopes.Data<IdentityVerification>> read(Caller caller, @PathVariable String id) {
        return verifications.read(caller, Ids.fromPath(id)).map(Envelopes::data);
    }

    /**
     * Newest first; filters {@code contact_id} (a customer's checks: read them here rather than the contact's
     * deprecated {@code kyc_status}) and {@code status}.
     */
    @FilteredBy({"contact_id", "status"})
    @GetMapping("/v1/identity-verifications")
    Mono<Envelopes.ListOf<IdentityVerification>> list(Caller caller, @RequestParam MultiValueMap<String, String> query) {
        ListFilters filters = ListFilters.of(query);
        var f = new IdentityVerificationRepository.Filters(filters.id("contact_id"),
                filters.oneOf("status", IdentityVerification.STATUSES));
        return verifications.list(caller, f, filters.page());
    }

    /**
     * A member of staff accepts the photo ID the provider could not confirm (the same person under another form of
     * name): only a staff token (403 {@code insufficient_scope} otherwise), only from {@code requires_input} (409
     * {@code conflict} otherwise). The photo ID reads checked by staff; the verification is {@code verified}
     * ({@code identity_verification.verified}) when no other document waits, else {@code pending}.
     */
    @ApiErrors(ErrorCode.CONFLICT)
    @PostMapping("/v1/identity-verifications/{id}/accept")
    Mono<Envelopes.Data<IdentityVerification>> accept(Caller caller, @PathVariable String id,
            @RequestBody(required = false) NoFields body) {
        return verifications.accept(caller, Ids.fromPath(id)).map(Envelopes::data);
    }

    /**
     * A member of staff checked a document the verification asks for, other than the photo ID, which the online
     * check checks (422 {@code not_allowed} on {@code document}, as for a document not asked for): only a staff token
     * (403 {@code insufficient_scope} otherwise). The verification is {@code verified}
     * ({@code identity_verification.verified}) once every document is checked. 409 {@code conflict} for a document
     * checked already or a canceled verification.
     */
    @ApiErrors(ErrorCode.CONFLICT)
    @PostMapping("/v1/identity-verifications/{id}/documents")
    Mono<Envelopes.Data<IdentityVerification>> checkDocument(Caller caller, @PathVariable String id,
            @RequestBody CheckDocument body) {
        return verifications.checkDocument(caller, Ids.fromPath(id), body).map(Envelopes::data);
    }
}
