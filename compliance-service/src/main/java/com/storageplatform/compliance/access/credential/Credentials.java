package com.storageplatform.compliance.access.credential;

import com.storageplatform.compliance.access.control.CredentialCodes;
import com.storageplatform.kit.caller.Caller;
import java.time.Clock;
import java.util.UUID;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * What the rest of the access feature and billing's overlocks may do with the account's credentials:
 * read one (never its code), and suspend or reinstate an agreement's credentials for an overlock. Also the code the
 * command sender registers at the gate system ({@link CredentialCodes}).
 */
@Component
public class Credentials implements CredentialCodes {

    private final CredentialRepository credentials;
    private final AgreementAccessRepository access;
    private final CredentialLifecycle lifecycle;
    private final CodeSeal seal;
    private final Clock clock;

    Credentials(CredentialRepository credentials, AgreementAccessRepository access, CredentialLifecycle lifecycle,
            CodeSeal seal, Clock clock) {
        this.credentials = credentials;
        this.access = access;
        this.lifecycle = lifecycle;
        this.seal = seal;
        this.clock = clock;
    }

    /** The account's credential, without its code; empty when the account has no such credential. */
    public Mono<AccessCredential> find(UUID accountId, UUID id) {
        return credentials.find(accountId, id).map(CredentialRepository.Stored::credential);
    }

    @Override
    public Mono<String> code(UUID accountId, UUID credentialId) {
        return credentials.find(accountId, credentialId)
                .filter(stored -> stored.sealedCode() != null)
                .map(stored -> seal.open(credentialId, stored.sealedCode()));
    }

    /**
     * The path an overlock takes, in the caller's transaction: every {@code active} credential of the agreement is
     * suspended with reason {@code overlock} ({@code access_credential.suspended}, and the gate system told). One
     * suspended for another reason, or revoked, is left as it is. Answers how many were suspended.
     */
    public Mono<Long> suspendForOverlock(Caller caller, UUID agreementId) {
        return live(caller, agreementId)
                .filter(credential -> AccessCredential.ACTIVE.equals(credential.status()))
                .concatMap(credential -> lifecycle.suspend(caller, credential, AccessCredential.OVERLOCK))
                .count();
    }

    /**
     * The overlock released: every credential of the agreement an overlock suspended is {@code active} again
     * (internal {@code access_credential.reinstated}, and the gate system told). Answers how many were reinstated.
     */
    public Mono<Long> reinstateAfterOverlock(Caller caller, UUID agreementId) {
        return live(caller, agreementId)
                .filter(credential -> AccessCredential.SUSPENDED.equals(credential.status())
                        && AccessCredential.OVERLOCK.equals(credential.reason()))
                .concatMap(credential -> lifecycle.reinstate(caller, credential))
                .count();
    }

    /**
     * The agreement's live credentials, locked, after its access row: a request issuing for the agreement (which
     * share-locks that row) or an agreement event waits, and then sees the overlock, or is seen by it.
     */
    private Flux<AccessCredential> live(Caller caller, UUID agreementId) {
        return access.lock(caller.accountId(), agreementId, clock.instant())
                .thenMany(credentials.liveForUpdate(caller.accountId(), agreementId));
    }
}
