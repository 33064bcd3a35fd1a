package com.storageplatform.auth.oauth;

import com.storageplatform.auth.internal.RevocationReport;
import com.storageplatform.auth.credential.Credentials;
import com.storageplatform.auth.operator.Operators;
import com.storageplatform.auth.user.OperatorUser;
import com.storageplatform.kit.caller.Environment;
import com.storageplatform.kit.crypto.Secrets;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.paging.PageRequest;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.Envelopes;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.springframework.stereotype.Service;
import reactor.core.publisher.Mono;

/**
 * Installing apps: an owner's consent binds the app to their operator's account of the app's environment (a test
 * app to the test account) and issues a one-time authorization code; the owner sees and revokes installed apps.
 */
@Service
public class Installations {

    static final Duration CODE_LIFETIME = Duration.ofMinutes(10);
    static final String CODE_PREFIX = "svc_ac_";

    private final GrantRepository grants;
    private final Operators operators;
    private final Credentials credentials;
    private final Clock clock;

    Installations(GrantRepository grants, Operators operators, Credentials credentials, Clock clock) {
        this.grants = grants;
        this.operators = operators;
        this.credentials = credentials;
        this.clock = clock;
    }

    /** The owner approved: install (or widen) the app on their account and return the code's redirect. */
    Mono<String> approve(AuthorizationRequest request, OperatorUser owner) {
        RegisteredClient client = request.client();
        Instant now = clock.instant();
        return operators.account(owner.operatorId(), client.environment())
                .switchIfEmpty(Mono.error(() -> ApiException.notFound("operator")))
                .flatMap(account -> grants.lockActiveInstallation(client.id(), account.accountId())
                        .flatMap(installed -> widen(installed, request.scopes(), now))
                        .switchIfEmpty(Mono.defer(() -> {
                            Installation installation = new Installation(Ids.newId(), Installation.OBJECT, client.id(),
                                    client.clientId(), client.name(), owner.operatorId(), account.accountId(),
                                    client.environment(), request.scopes(), owner.id(), now, now, null);
                            return grants.insertInstallation(installation).thenReturn(installation);
                        })))
                .flatMap(installation -> {
                    String code = Secrets.generate(CODE_PREFIX);
                    return grants.insertGrant(Ids.newId(), installation, Secrets.sha256(code), request, now,
                                    now.plus(CODE_LIFETIME))
                            .thenReturn(request.locationWithCode(code));
                });
    }

    private Mono<Installation> widen(Installation installed, List<String> scopes, Instant now) {
        Set<String> all = new LinkedHashSet<>(installed.scopes());
        all.addAll(scopes);
        if (all.size() == installed.scopes().size()) {
            return Mono.just(installed);
        }
        return grants.updateInstallationScopes(installed, List.copyOf(all), now).thenReturn(installed);
    }

    /** The operator's installed apps, newest first. */
    public Mono<Envelopes.ListOf<Installation>> list(UUID operatorId, Environment environment) {
        return grants.listInstallations(operatorId, environment, PageRequest.from(
                new org.springframework.util.LinkedMultiValueMap<>(Map.of("limit", List.of("100"))), Map.of()));
    }

    /** Cuts the app off the account: every token of every grant on it stops working at once. */
    public Mono<RevocationReport<Installation>> revoke(UUID operatorId, UUID installationId) {
        Instant now = clock.instant();
        return grants.findInstallation(installationId, operatorId)
                .switchIfEmpty(Mono.error(ApiException::notFound))
                .flatMap(installation -> grants.revokeInstallation(installation, now).collectList()
                        .flatMapMany(grantIds -> credentials.revokeOfGrants(installation.accountId(), grantIds, now))
                        .collectList()
                        .map(revoked -> new RevocationReport<>(installation, revoked)));
    }
}
