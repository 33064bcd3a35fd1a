package com.storageplatform.compliance.access.credential;

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
 * {@code /v1/access-credentials} (scopes {@code access:read} and {@code access:write}, at the gateway). The platform
 * issues a gate code for each agreement whose access is granted and revokes it on termination, from commerce's
 * events; these endpoints read credentials, issue more, and suspend, reinstate or revoke them.
 */
@RestController
@ScopeFamily("access")
class CredentialResource {

    /** The body of reinstating, which takes no parameters: no body, or {@code {}}. */
    record NoFields() {
    }

    private final CredentialService credentials;

    CredentialResource(CredentialService credentials) {
        this.credentials = credentials;
    }

    /**
     * 201 with an {@code active} credential and its code ({@code access_credential.created}): a {@code fob} by its
     * number, a {@code gate_code} the customer chose or one the platform makes, an {@code app_key} the platform
     * makes. The agreement must be one of the account's (422 {@code not_found}) within the credential's sites (403),
     * and its access granted: signed and not held, or released, and not terminated (409 {@code conflict} otherwise).
     * A code another live credential of its kind has at the site is 409. While an overlock of the agreement is in
     * force, the credential is suspended at once with reason {@code overlock} ({@code access_credential.suspended}),
     * answered without its code, and reinstated when the overlock is released.
     */
    @PostMapping("/v1/access-credentials")
    @ResponseStatus(HttpStatus.CREATED)
    @ApiErrors(ErrorCode.CONFLICT)
    Mono<Envelopes.Data<AccessCredential>> create(Caller caller, @RequestBody CreateAccessCredential body) {
        return credentials.create(caller, body).map(Envelopes::data);
    }

    /**
     * The credential, with its {@code code} while it is {@code active} (the customer needs it; never logged). A
     * credential at a site outside a restricted credential's sites is 403.
     */
    @GetMapping("/v1/access-credentials/{id}")
    Mono<Envelopes.Data<AccessCredential>> read(Caller caller, @PathVariable String id) {
        return credentials.read(caller, Ids.fromPath(id)).map(Envelopes::data);
    }

    /**
     * Newest first, never with codes; filters {@code agreement_id}, {@code contact_id}, {@code site_id},
     * {@code status}, {@code kind}. A site-restricted credential sees its own sites' credentials, and a
     * {@code site_id} of another site is 403.
     */
    @FilteredBy({"agreement_id", "contact_id", "site_id", "status", "kind"})
    @GetMapping("/v1/access-credentials")
    Mono<Envelopes.ListOf<AccessCredential>> list(Caller caller, @RequestParam MultiValueMap<String, String> query) {
        ListFilters filters = ListFilters.of(query);
        var f = new CredentialRepository.Filters(filters.id("agreement_id"), filters.id("contact_id"),
                filters.id("site_id"), filters.oneOf("status", AccessCredential.STATUSES),
                filters.oneOf("kind", AccessCredential.KINDS));
        return credentials.list(caller, f, filters.page());
    }

    /**
     * Suspends an {@code active} credential: it opens nothing until reinstated ({@code access_credential.suspended};
     * the gate system is told). Optional {@code reason}: {@code lost}, {@code stolen}, {@code compromised} or
     * {@code other} (the default). Any other status is 409 {@code conflict}.
     */
    @PostMapping("/v1/access-credentials/{id}/suspend")
    @ApiErrors(ErrorCode.CONFLICT)
    Mono<Envelopes.Data<AccessCredential>> suspend(Caller caller, @PathVariable String id,
            @RequestBody(required = false) CredentialAction body) {
        return credentials.suspend(caller, Ids.fromPath(id), body).map(Envelopes::data);
    }

    /**
     * Reinstates a suspended credential: {@code active} again, with its code. One that is not suspended, or that an
     * overlock suspended while an overlock of its agreement is in force (reinstated when the overlock is released),
     * is 409 {@code conflict}; once none is (its lock failed, and the operator locks and unlocks by hand), staff may.
     */
    @PostMapping("/v1/access-credentials/{id}/reinstate")
    @ApiErrors(ErrorCode.CONFLICT)
    Mono<Envelopes.Data<AccessCredential>> reinstate(Caller caller, @PathVariable String id,
            @RequestBody(required = false) NoFields body) {
        return credentials.reinstate(caller, Ids.fromPath(id)).map(Envelopes::data);
    }

    /**
     * Revokes an active or suspended credential for good: its code is erased ({@code access_credential.revoked}; the
     * gate system is told). Optional {@code reason} as for suspending. A revoked one is 409 {@code conflict}.
     */
    @PostMapping("/v1/access-credentials/{id}/revoke")
    @ApiErrors(ErrorCode.CONFLICT)
    Mono<Envelopes.Data<AccessCredential>> revoke(Caller caller, @PathVariable String id,
            @RequestBody(required = false) CredentialAction body) {
        return credentials.revoke(caller, Ids.fromPath(id), body).map(Envelopes::data);
    }
}
