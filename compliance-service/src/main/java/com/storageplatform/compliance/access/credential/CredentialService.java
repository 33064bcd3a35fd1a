package com.storageplatform.compliance.access.credential;

import com.storageplatform.compliance.access.credential.CredentialRules.Terms;
import com.storageplatform.compliance.internal.Records;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.caller.SiteAccess;
import com.storageplatform.kit.inbox.EventData;
import com.storageplatform.kit.paging.PageRequest;
import com.storageplatform.kit.validation.Validation;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.Envelopes;
import com.storageplatform.kit.web.FieldIssue;
import java.util.UUID;
import java.util.function.Function;
import org.springframework.stereotype.Service;
import reactor.core.publisher.Mono;

/**
 * Credentials of the caller's account through the API: the transaction of each request. An action locks the
 * credential first, then judges it. One credential's answer carries its code while it is active; lists never do.
 */
@Service
class CredentialService {

    private final CredentialRepository credentials;
    private final AgreementAccessRepository access;
    private final CredentialLifecycle lifecycle;
    private final AgreementOverlocks overlocks;
    private final Records records;
    private final CodeSeal seal;

    CredentialService(CredentialRepository credentials, AgreementAccessRepository access,
            CredentialLifecycle lifecycle, AgreementOverlocks overlocks, Records records, CodeSeal seal) {
        this.credentials = credentials;
        this.access = access;
        this.lifecycle = lifecycle;
        this.overlocks = overlocks;
        this.records = records;
        this.seal = seal;
    }

    /**
     * Another credential for an agreement: 422 for bad fields or an unknown agreement, 403 for one at another site,
     * 409 unless its access is granted (signed and not held, or released; not terminated) or when a code sent is
     * another live credential's at the site. The agreement's access row is share-locked, so a termination arriving
     * at the same moment waits for this request and then revokes what it made.
     */
    Mono<AccessCredential> create(Caller caller, CreateAccessCredential body) {
        return Mono.defer(() -> {
            Validation v = Validation.start();
            Terms t = CredentialRules.check(v, body);
            v.orThrow();
            return agreement(caller, t.agreementId()).flatMap(state -> {
                state.requireGranted();
                return lifecycle.issue(caller, new CredentialLifecycle.Issue(state.agreementId(), state.contactId(),
                        state.siteId(), state.unitId(), t.kind(), t.code()));
            });
        });
    }

    /**
     * The agreement's access as compliance knows it, within the caller's sites (403); an agreement commerce
     * published but compliance has seen no access event of is unsigned. 422 {@code not_found} when it knows neither.
     */
    private Mono<AgreementAccess> agreement(Caller caller, UUID agreementId) {
        UUID account = caller.accountId();
        return access.findForShare(account, agreementId)
                .filter(state -> state.siteId() != null)
                .doOnNext(state -> SiteAccess.require(caller, state.siteId()))
                .switchIfEmpty(Mono.defer(() -> records.agreement(account, agreementId)
                        .map(agreement -> {
                            SiteAccess.require(caller, EventData.id(agreement, "site_id"));
                            return AgreementAccess.none(agreementId);
                        })
                        .switchIfEmpty(Mono.error(() -> ApiException.invalid("agreement_id",
                                FieldIssue.NOT_FOUND)))));
    }

    Mono<AccessCredential> read(Caller caller, UUID id) {
        return credentials.find(caller.accountId(), id)
                .switchIfEmpty(Mono.error(ApiException.notFound()))
                .doOnNext(stored -> SiteAccess.require(caller, stored.credential().siteId()))
                .map(this::withCodeWhileActive);
    }

    Mono<Envelopes.ListOf<AccessCredential>> list(Caller caller, CredentialRepository.Filters filters,
            PageRequest page) {
        if (filters.siteId() != null) {
            SiteAccess.require(caller, filters.siteId());
        }
        return credentials.list(caller, filters, page);
    }

    /** {@code suspended} with the operator's reason ({@code access_credential.suspended}); 409 unless active. */
    Mono<AccessCredential> suspend(Caller caller, UUID id, CredentialAction body) {
        return act(caller, id, stored -> {
            String reason = CredentialRules.operatorReason(body);
            CredentialRules.requireSuspendable(stored.credential());
            return lifecycle.suspend(caller, stored.credential(), reason);
        });
    }

    /**
     * {@code active} again (internal {@code access_credential.reinstated}); 409 unless suspended, and while an
     * overlock of its agreement in force suspended it.
     */
    Mono<AccessCredential> reinstate(Caller caller, UUID id) {
        return act(caller, id, stored -> {
            AccessCredential credential = stored.credential();
            Mono<Boolean> overlocked = AccessCredential.OVERLOCK.equals(credential.reason())
                    ? overlocks.inForce(caller.accountId(), credential.agreementId()) : Mono.just(false);
            return overlocked.flatMap(inForce -> {
                CredentialRules.requireReinstatable(credential, inForce);
                return lifecycle.reinstate(caller, credential)
                        .map(reinstated -> withCodeWhileActive(new CredentialRepository.Stored(reinstated,
                                stored.sealedCode())));
            });
        });
    }

    /** {@code revoked} for good, its code erased ({@code access_credential.revoked}); 409 when revoked already. */
    Mono<AccessCredential> revoke(Caller caller, UUID id, CredentialAction body) {
        return act(caller, id, stored -> {
            String reason = CredentialRules.operatorReason(body);
            CredentialRules.requireRevocable(stored.credential());
            return lifecycle.revoke(caller, stored.credential(), reason);
        });
    }

    /** The credential locked: 404 when the account has none, 403 at another site of the caller's; then the action. */
    private Mono<AccessCredential> act(Caller caller, UUID id,
            Function<CredentialRepository.Stored, Mono<AccessCredential>> action) {
        return credentials.findForUpdate(caller.accountId(), id)
                .switchIfEmpty(Mono.error(ApiException.notFound()))
                .doOnNext(stored -> SiteAccess.require(caller, stored.credential().siteId()))
                .flatMap(action);
    }

    private AccessCredential withCodeWhileActive(CredentialRepository.Stored stored) {
        AccessCredential credential = stored.credential();
        if (!AccessCredential.ACTIVE.equals(credential.status()) || stored.sealedCode() == null) {
            return credential;
        }
        return credential.withCode(seal.open(credential.id(), stored.sealedCode()));
    }
}
