package com.storageplatform.compliance.identity;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.openapi.ScopeFamily;
import com.storageplatform.kit.web.Envelopes;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/** {@code /v1/identity-requirements} (scopes {@code compliance:read} and {@code compliance:write}, at the gateway). */
@RestController
@ScopeFamily("compliance")
class IdentityRequirementsResource {

    private final Requirements requirements;

    IdentityRequirementsResource(Requirements requirements) {
        this.requirements = requirements;
    }

    /** The documents the operator asks a customer for: its own choice, else photo ID alone. */
    @GetMapping("/v1/identity-requirements")
    Mono<Envelopes.Data<IdentityRequirements>> read(Caller caller) {
        return requirements.of(caller.accountId()).map(Envelopes::data);
    }

    /**
     * {@code documents} replaces the list: each of {@code photo_id} and {@code proof_of_address} at most once
     * ({@code documents[i]} {@code invalid} or {@code duplicate}), {@code photo_id} always among them (the online
     * check checks it). {@code null} restores the default, photo ID alone. Verifications made from then on ask for
     * these; those made before keep what they asked for.
     */
    @PatchMapping("/v1/identity-requirements")
    Mono<Envelopes.Data<IdentityRequirements>> update(Caller caller, @RequestBody RequirementChanges body) {
        return requirements.update(caller, body).map(Envelopes::data);
    }
}
