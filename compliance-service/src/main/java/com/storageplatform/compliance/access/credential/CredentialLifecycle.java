package com.storageplatform.compliance.access.credential;

import com.storageplatform.compliance.access.control.AccessCommands;
import com.storageplatform.compliance.access.control.Operation;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.web.ApiException;
import java.time.Clock;
import java.time.Instant;
import java.util.UUID;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * Every change of a credential, whoever makes it (commerce's agreement events, the API, the overlock path): each
 * writes the credential, publishes its event and tells the site's gate system (a command through
 * {@link AccessCommands}), in the caller's transaction. The rules of who may change what are the callers'.
 */
@Component
class CredentialLifecycle {

    /** Codes made before one no live credential of the site holds: a clash of six digits is rare, ten never. */
    private static final int ATTEMPTS = 10;

    private final CredentialRepository credentials;
    private final CredentialEvents events;
    private final AccessCommands commands;
    private final CodeSeal seal;
    private final AgreementOverlocks overlocks;
    private final Clock clock;

    CredentialLifecycle(CredentialRepository credentials, CredentialEvents events, AccessCommands commands,
            CodeSeal seal, AgreementOverlocks overlocks, Clock clock) {
        this.credentials = credentials;
        this.events = events;
        this.commands = commands;
        this.seal = seal;
        this.overlocks = overlocks;
        this.clock = clock;
    }

    /**
     * What to issue: a credential of {@code kind} for the agreement's customer at its site and unit.
     *
     * @param code the code sent (a fob's number, a gate code the customer chose); null: the platform makes one
     */
    record Issue(UUID agreementId, UUID contactId, UUID siteId, UUID unitId, String kind, String code) {

        /** Never the code. */
        @Override
        public String toString() {
            return "Issue[agreement=" + agreementId + ", site=" + siteId + ", kind=" + kind + "]";
        }
    }

    /**
     * An {@code active} credential ({@code access_credential.created}), answered with its code; while an overlock of
     * the agreement is in force (a transfer's new gate code, a credential the operator adds), suspended at once with
     * reason {@code overlock} ({@code access_credential.suspended}), answered without it, and reinstated with the
     * others when the overlock is released. A code sent that a live credential of its kind at the site already has
     * is 409 {@code conflict}; one the platform makes is made again until it is the site's alone.
     */
    Mono<AccessCredential> issue(Caller caller, Issue issue) {
        return attempt(caller, issue, 1).flatMap(issued -> overlocks.inForce(caller.accountId(), issue.agreementId())
                .flatMap(overlocked -> overlocked ? suspend(caller, issued.withCode(null), AccessCredential.OVERLOCK)
                        : Mono.just(issued)));
    }

    private Mono<AccessCredential> attempt(Caller caller, Issue issue, int attempt) {
        String code = issue.code() != null ? issue.code() : Codes.generate(issue.kind());
        Instant now = clock.instant();
        AccessCredential credential = new AccessCredential(Ids.newId(), AccessCredential.OBJECT, issue.agreementId(),
                issue.contactId(), issue.siteId(), issue.unitId(), issue.kind(), AccessCredential.ACTIVE, null, now,
                null, null, null, now, now);
        return credentials.insert(caller.accountId(), credential, seal.seal(credential.id(), code),
                        seal.digest(issue.kind(), code))
                .flatMap(stored -> {
                    if (stored) {
                        return events.publish(caller, CredentialEvents.CREATED, credential)
                                .then(command(caller, Operation.ISSUE_CREDENTIAL, credential))
                                .thenReturn(credential.withCode(code));
                    }
                    if (issue.code() != null) {
                        return Mono.error(ApiException.conflict("Another live " + issue.kind().replace('_', ' ')
                                + " at this site has that code: two customers' credentials never share one. Revoke "
                                + "the other first, or send another."));
                    }
                    if (attempt >= ATTEMPTS) {
                        return Mono.error(new IllegalStateException("No free " + issue.kind() + " was made for site "
                                + issue.siteId() + " in " + ATTEMPTS + " attempts"));
                    }
                    return attempt(caller, issue, attempt + 1);
                });
    }

    /** {@code suspended} with the reason ({@code access_credential.suspended}). */
    Mono<AccessCredential> suspend(Caller caller, AccessCredential credential, String reason) {
        return change(caller, credential.suspended(reason, clock.instant()), CredentialEvents.SUSPENDED,
                Operation.SUSPEND_CREDENTIAL);
    }

    /** {@code active} again (internal {@code access_credential.reinstated}). */
    Mono<AccessCredential> reinstate(Caller caller, AccessCredential credential) {
        return change(caller, credential.reinstated(clock.instant()), CredentialEvents.REINSTATED,
                Operation.REINSTATE_CREDENTIAL);
    }

    /** {@code revoked} for good, its code erased ({@code access_credential.revoked}). */
    Mono<AccessCredential> revoke(Caller caller, AccessCredential credential, String reason) {
        return change(caller, credential.revoked(reason, clock.instant()), CredentialEvents.REVOKED,
                Operation.REVOKE_CREDENTIAL);
    }

    private Mono<AccessCredential> change(Caller caller, AccessCredential changed, String event, Operation operation) {
        return credentials.save(caller.accountId(), changed)
                .then(events.publish(caller, event, changed))
                .then(command(caller, operation, changed))
                .thenReturn(changed);
    }

    private Mono<Void> command(Caller caller, Operation operation, AccessCredential c) {
        return commands.credential(caller, operation, new AccessCommands.Credential(c.id(), c.agreementId(),
                c.contactId(), c.siteId(), c.unitId(), c.kind()));
    }
}
