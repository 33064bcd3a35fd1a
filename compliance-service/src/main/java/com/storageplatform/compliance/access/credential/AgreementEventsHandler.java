package com.storageplatform.compliance.access.credential;

import com.storageplatform.compliance.access.credential.AgreementAccess.Evidence;
import com.storageplatform.compliance.access.credential.AgreementAccess.Verdict;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.inbox.ConsumedEvent;
import com.storageplatform.kit.inbox.EventData;
import com.storageplatform.kit.inbox.EventHandler;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Commerce's agreement events ({@code agreement.activated}, {@code .access_held}, {@code .access_released},
 * {@code .terminated}, and {@code .updated} for a transfer or a new customer) decide the agreement's credentials. Each
 * event adds what it shows to the agreement's {@link AgreementAccess} (its row locked), and the credentials are then
 * made to follow the verdict, whatever order the events came in:
 * <ul>
 *   <li>terminated: every active or suspended credential of the agreement is revoked
 *       ({@code agreement_terminated});</li>
 *   <li>otherwise a credential for another customer, site or unit than the agreement's now is revoked
 *       ({@code agreement_changed});</li>
 *   <li>granted (signed and not held, or released): a gate code is issued for the customer at the site and unit,
 *       unless the platform issued one for them already (even one staff revoked since: staff issue another through
 *       the API).</li>
 * </ul>
 * Held or unsigned, nothing is issued, and nothing issued is taken back: a hold comes only with the signature, in
 * its transaction, so no credential can precede it. Applied through the kit's inbox (each event id once), and
 * idempotent by state besides: a repeat under a new id changes nothing.
 */
@Component
class AgreementEventsHandler implements EventHandler {

    private final AgreementAccessRepository access;
    private final CredentialRepository credentials;
    private final CredentialLifecycle lifecycle;
    private final Clock clock;

    AgreementEventsHandler(AgreementAccessRepository access, CredentialRepository credentials,
            CredentialLifecycle lifecycle, Clock clock) {
        this.access = access;
        this.credentials = credentials;
        this.lifecycle = lifecycle;
        this.clock = clock;
    }

    @Override
    public String topic() {
        return "commerce.events";
    }

    @Override
    public Set<String> types() {
        return AgreementAccess.TYPES;
    }

    @Override
    public Mono<Void> handle(ConsumedEvent event) {
        UUID account = event.accountId();
        UUID agreementId = EventData.id(event.data(), "id");
        if (account == null || agreementId == null) {
            return Mono.empty();
        }
        Instant now = clock.instant();
        Evidence evidence = Evidence.of(event.type(), event.data(), event.time() == null ? now : event.time());
        return access.lock(account, agreementId, now)
                .map(known -> known.with(evidence))
                .flatMap(state -> follow(event.actingCaller(), state)
                        .flatMap(after -> access.save(account, after, now)));
    }

    /** Makes the agreement's credentials follow its verdict; answers the state with the credential it issued. */
    private Mono<AgreementAccess> follow(Caller caller, AgreementAccess state) {
        Verdict verdict = state.verdict();
        boolean placed = state.contactId() != null && state.siteId() != null;
        return credentials.liveForUpdate(caller.accountId(), state.agreementId()).collectList().flatMap(live -> {
            List<AccessCredential> stale = verdict == Verdict.ENDED ? live
                    : live.stream().filter(credential -> placed && !state.isFor(credential)).toList();
            String reason = verdict == Verdict.ENDED ? AccessCredential.AGREEMENT_TERMINATED
                    : AccessCredential.AGREEMENT_CHANGED;
            Mono<Void> revoked = Flux.fromIterable(stale)
                    .concatMap(credential -> lifecycle.revoke(caller, credential, reason))
                    .then();
            if (verdict != Verdict.GRANTED || !placed) {
                return revoked.thenReturn(state);
            }
            return revoked.then(issuedAlready(caller, state)).flatMap(issued -> issued ? Mono.just(state)
                    : lifecycle.issue(caller, new CredentialLifecycle.Issue(state.agreementId(), state.contactId(),
                                    state.siteId(), state.unitId(), AccessCredential.GATE_CODE, null))
                            .map(credential -> state.issued(credential.id())));
        });
    }

    /** Whether the credential the platform issued for the agreement is for its customer, site and unit now. */
    private Mono<Boolean> issuedAlready(Caller caller, AgreementAccess state) {
        if (state.credentialId() == null) {
            return Mono.just(false);
        }
        return credentials.find(caller.accountId(), state.credentialId())
                .map(stored -> state.isFor(stored.credential()))
                .defaultIfEmpty(false);
    }
}
