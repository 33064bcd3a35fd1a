package com.storageplatform.auth.credential;

import com.storageplatform.auth.internal.RevocationReport;
import com.storageplatform.auth.operator.Operators;
import com.storageplatform.kit.caller.Environment;
import com.storageplatform.kit.crypto.Secrets;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.paging.ListFilters;
import com.storageplatform.kit.paging.PageRequest;
import com.storageplatform.kit.validation.Validation;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.Envelopes;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.springframework.stereotype.Service;
import org.springframework.util.MultiValueMap;
import reactor.core.publisher.Mono;

/**
 * Issuing, rotating and revoking the credentials the admin API manages (API keys, static tokens, staff tokens).
 * The plaintext secret exists only in memory for the response that issues it; the database gets its SHA-256.
 */
@Service
public class CredentialService {

    /** How long a rotated credential keeps working beside its successor. */
    static final Duration ROTATION_OVERLAP = Duration.ofHours(24);

    private final CredentialRepository credentials;
    private final Operators operators;
    private final Clock clock;

    CredentialService(CredentialRepository credentials, Operators operators, Clock clock) {
        this.credentials = credentials;
        this.operators = operators;
        this.clock = clock;
    }

    public <T> Mono<T> issue(CredentialKind kind, UUID operatorId, IssueCredential body, CredentialView<T> view) {
        Validation validation = Validation.start();
        Environment environment = CredentialRules.environment(validation, body.environment());
        CredentialRules.name(validation, body.name(), kind != CredentialKind.STAFF_TOKEN);
        List<String> scopes = CredentialRules.scopes(validation, body.scopes());
        List<UUID> siteIds = CredentialRules.siteIds(validation, body.siteIds());
        validation.orThrow();
        return operators.account(operatorId, environment)
                .switchIfEmpty(Mono.error(() -> ApiException.notFound("operator")))
                .flatMap(account -> {
                    Instant now = clock.instant();
                    String secret = Secrets.generate(kind.secretPrefix(environment));
                    Credential credential = new Credential(Ids.newId(), kind, Secrets.shownPrefix(secret),
                            account.operatorId(), account.accountId(), environment, body.name(), scopes, siteIds,
                            kind.actorType(), null, null, null, null, now);
                    return credentials.insert(credential, Secrets.sha256(secret))
                            .thenReturn(view.of(credential, now, secret));
                });
    }

    <T> Mono<T> find(CredentialKind kind, UUID id, CredentialView<T> view) {
        return credentials.find(kind, id)
                .switchIfEmpty(Mono.error(ApiException::notFound))
                .map(credential -> view.of(credential, clock.instant(), null));
    }

    /** Newest first, optionally filtered by {@code environment}; never shows a secret. */
    public <T> Mono<Envelopes.ListOf<T>> list(CredentialKind kind, UUID operatorId, MultiValueMap<String, String> query,
            CredentialView<T> view) {
        ListFilters filters = ListFilters.of(query);
        String environment = filters.oneOf("environment", Environment.VALUES);
        PageRequest page = filters.page();
        Instant now = clock.instant();
        return operators.exists(operatorId)
                .flatMap(exists -> exists
                        ? credentials.listForOperator(kind, operatorId,
                                environment == null ? null : Environment.of(environment), page,
                                credential -> view.of(credential, now, null))
                        : Mono.error(ApiException.notFound("operator")));
    }

    /**
     * Issues a successor with the same operator, environment, name, scopes and sites, and gives the old credential
     * 24 more hours. The old id is reported to the gateway, whose cached introspection lacks the new expiry.
     */
    <T> Mono<RevocationReport<T>> rotate(CredentialKind kind, UUID id, CredentialView<T> view) {
        return credentials.lock(kind, id)
                .switchIfEmpty(Mono.error(ApiException::notFound))
                .flatMap(old -> {
                    Instant now = clock.instant();
                    String refusal = rotationRefusal(old, now);
                    if (refusal != null) {
                        return Mono.error(ApiException.conflict(refusal));
                    }
                    String secret = Secrets.generate(kind.secretPrefix(old.environment()));
                    Credential successor = new Credential(Ids.newId(), kind, Secrets.shownPrefix(secret),
                            old.operatorId(), old.accountId(), old.environment(), old.name(), old.scopes(),
                            old.siteIds(), old.actorType(), null, null, null, null, now);
                    return credentials.insert(successor, Secrets.sha256(secret))
                            .then(credentials.markRotated(old, successor.id(), now.plus(ROTATION_OVERLAP)))
                            .thenReturn(new RevocationReport<>(view.of(successor, now, secret), List.of(old.id())));
                });
    }

    /** Revokes at once; revoking a revoked credential changes nothing. Either way the gateway is told to forget it. */
    <T> Mono<RevocationReport<T>> revoke(CredentialKind kind, UUID id, CredentialView<T> view) {
        return credentials.lock(kind, id)
                .switchIfEmpty(Mono.error(ApiException::notFound))
                .flatMap(credential -> {
                    Instant now = clock.instant();
                    if (credential.revokedAt() != null) {
                        return Mono.just(new RevocationReport<>(view.of(credential, now, null), List.of(id)));
                    }
                    Credential revoked = credential.revoked(now);
                    return credentials.revoke(credential, now)
                            .thenReturn(new RevocationReport<>(view.of(revoked, now, null), List.of(id)));
                });
    }

    /** As {@link #rotate}, for a credential of this operator only (the developer settings); another's is 404. */
    public <T> Mono<RevocationReport<T>> rotate(CredentialKind kind, UUID operatorId, UUID id, CredentialView<T> view) {
        return ownedBy(kind, operatorId, id).then(rotate(kind, id, view));
    }

    /** As {@link #revoke}, for a credential of this operator only (the developer settings); another's is 404. */
    public <T> Mono<RevocationReport<T>> revoke(CredentialKind kind, UUID operatorId, UUID id, CredentialView<T> view) {
        return ownedBy(kind, operatorId, id).then(revoke(kind, id, view));
    }

    private Mono<Credential> ownedBy(CredentialKind kind, UUID operatorId, UUID id) {
        return credentials.find(kind, id)
                .filter(credential -> credential.operatorId().equals(operatorId))
                .switchIfEmpty(Mono.error(ApiException::notFound));
    }

    private static String rotationRefusal(Credential credential, Instant now) {
        return switch (credential.status(now)) {
            case Credential.REVOKED -> "A revoked credential cannot be rotated.";
            case Credential.EXPIRED -> "An expired credential cannot be rotated.";
            case Credential.EXPIRING -> "This credential was already rotated; rotate its successor "
                    + credential.rotatedToId() + " instead.";
            default -> null;
        };
    }
}
