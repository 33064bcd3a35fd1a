package com.storageplatform.compliance.identity;

import com.storageplatform.compliance.identity.provider.IdCheckOutcome.Kind;
import com.storageplatform.compliance.identity.provider.IdCheckProviders;
import com.storageplatform.compliance.identity.provider.SimulatedNotifications.Signed;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.caller.Environment;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.openapi.ScopeFamily;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.Envelopes;
import java.util.UUID;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/**
 * {@code /v1/test-helpers/identity-verifications/{id}/...}: on a test account, the provider reports the online check
 * verified, needing input or canceled. Each writes Stripe's own signed notification of that outcome and hands it to
 * {@link IdCheckNotifications#receive}, exactly the path of a real one, so the verification moves, or does not, as
 * it would then, with the same events. Live credentials get 404.
 */
@RestController
@ScopeFamily("compliance")
class IdentityTestHelperResource {

    private final IdentityVerificationService verifications;
    private final IdCheckProviders providers;
    private final IdCheckNotifications notifications;

    IdentityTestHelperResource(IdentityVerificationService verifications, IdCheckProviders providers,
            IdCheckNotifications notifications) {
        this.verifications = verifications;
        this.providers = providers;
        this.notifications = notifications;
    }

    /**
     * The provider confirmed the photo ID: the verification is {@code verified} when nothing else is asked for
     * ({@code identity_verification.verified}), else it waits for staff's document checks.
     */
    @PostMapping("/v1/test-helpers/identity-verifications/{id}/verify")
    Mono<Envelopes.Data<IdentityVerification>> verify(Caller caller, @PathVariable String id,
            @RequestBody(required = false) NoFields body) {
        return report(caller, id, Kind.VERIFIED);
    }

    /**
     * The provider could not confirm the photo ID (reason {@code document_unverified_other}): {@code requires_input}
     * ({@code identity_verification.requires_input}), waiting for staff.
     */
    @PostMapping("/v1/test-helpers/identity-verifications/{id}/requires-input")
    Mono<Envelopes.Data<IdentityVerification>> requiresInput(Caller caller, @PathVariable String id,
            @RequestBody(required = false) NoFields body) {
        return report(caller, id, Kind.REQUIRES_INPUT);
    }

    /** The online check ended without a decision: {@code canceled} ({@code identity_verification.canceled}). */
    @PostMapping("/v1/test-helpers/identity-verifications/{id}/cancel")
    Mono<Envelopes.Data<IdentityVerification>> cancel(Caller caller, @PathVariable String id,
            @RequestBody(required = false) NoFields body) {
        return report(caller, id, Kind.CANCELED);
    }

    /** 200 with the verification as the report left it (unchanged when the report changes nothing). */
    private Mono<Envelopes.Data<IdentityVerification>> report(Caller caller, String id, Kind kind) {
        if (caller.environment() != Environment.TEST) {
            throw ApiException.notFound();
        }
        UUID verificationId = Ids.fromPath(id);
        return verifications.read(caller, verificationId)
                .flatMap(verification -> {
                    Signed signed = providers.simulated().outcome(verification.providerReference(), kind);
                    return notifications.receive(signed.provider(), signed.body(), signed.signature(),
                            providers.simulated().secret());
                })
                .then(Mono.defer(() -> verifications.read(caller, verificationId)))
                .map(Envelopes::data);
    }
}
