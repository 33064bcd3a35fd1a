package com.storageplatform.auth.oauth;

import com.storageplatform.auth.credential.Credentials;
import com.storageplatform.auth.credential.CredentialRules;
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
import com.storageplatform.kit.web.FieldIssue;
import java.time.Clock;
import java.time.Instant;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.springframework.stereotype.Service;
import org.springframework.util.MultiValueMap;
import reactor.core.publisher.Mono;

/** Registering OAuth clients for an operator's account, and revoking them with every token they hold. */
@Service
public class OAuthClientService {

    static final String CLIENT_ID_PREFIX = "cli_";
    static final int CLIENT_ID_LENGTH = 24;
    static final String CLIENT_SECRET_PREFIX = "svc_cs_";

    private final OAuthClientRepository clients;
    private final Credentials credentials;
    private final Operators operators;
    private final Clock clock;

    OAuthClientService(OAuthClientRepository clients, Credentials credentials, Operators operators,
            Clock clock) {
        this.clients = clients;
        this.credentials = credentials;
        this.operators = operators;
        this.clock = clock;
    }

    public Mono<OAuthClient> register(UUID operatorId, CreateOAuthClient body) {
        Validation validation = Validation.start();
        Environment environment = CredentialRules.environment(validation, body.environment());
        CredentialRules.name(validation, body.name(), true);
        List<String> grantTypes = grantTypes(validation, body.grantTypes());
        List<String> redirectUris = redirectUris(validation, body.redirectUris(),
                grantTypes.contains(GrantTypes.AUTHORIZATION_CODE));
        List<String> scopes = CredentialRules.scopes(validation, body.scopes());
        List<UUID> siteIds = CredentialRules.siteIds(validation, body.siteIds());
        validation.orThrow();
        return operators.account(operatorId, environment)
                .switchIfEmpty(Mono.error(() -> ApiException.notFound("operator")))
                .flatMap(account -> {
                    String secret = Secrets.generate(CLIENT_SECRET_PREFIX);
                    RegisteredClient client = new RegisteredClient(Ids.newId(),
                            Secrets.generate(CLIENT_ID_PREFIX, CLIENT_ID_LENGTH), Secrets.sha256(secret),
                            account.operatorId(), account.accountId(), environment, body.name(), grantTypes,
                            redirectUris, scopes, siteIds, clock.instant(), null);
                    return clients.insert(client).thenReturn(OAuthClient.of(client, secret));
                });
    }

    Mono<OAuthClient> find(UUID id) {
        return clients.find(id).switchIfEmpty(Mono.error(ApiException::notFound)).map(OAuthClient::of);
    }

    public Mono<Envelopes.ListOf<OAuthClient>> list(UUID operatorId, MultiValueMap<String, String> query) {
        ListFilters filters = ListFilters.of(query);
        String environment = filters.oneOf("environment", Environment.VALUES);
        PageRequest page = filters.page();
        return operators.exists(operatorId)
                .flatMap(exists -> exists
                        ? clients.listForOperator(operatorId, environment == null ? null : Environment.of(environment),
                                page, OAuthClient::of)
                        : Mono.error(ApiException.notFound("operator")));
    }

    /**
     * Revokes the client (its secret no longer authenticates) and every token issued to it that still works; their
     * ids are reported to the gateway. Revoking a revoked client changes nothing.
     */
    Mono<RevocationReport<OAuthClient>> revoke(UUID id) {
        return clients.lock(id)
                .switchIfEmpty(Mono.error(ApiException::notFound))
                .flatMap(client -> {
                    if (client.isRevoked()) {
                        return Mono.just(new RevocationReport<>(OAuthClient.of(client), List.of()));
                    }
                    Instant now = clock.instant();
                    return clients.revoke(client, now)
                            .thenMany(credentials.revokeIssuedTo(client.accountId(), id, now))
                            .collectList()
                            .map(tokens -> new RevocationReport<>(OAuthClient.of(client.revoked(now)), tokens));
                });
    }

    /** As {@link #revoke}, for a client of this operator only (the developer settings); another's is 404. */
    public Mono<RevocationReport<OAuthClient>> revoke(UUID operatorId, UUID id) {
        return clients.find(id)
                .filter(client -> client.operatorId().equals(operatorId))
                .switchIfEmpty(Mono.error(ApiException::notFound))
                .then(revoke(id));
    }

    /** A non-empty subset of {@code client_credentials} and {@code authorization_code}, each once. */
    private static List<String> grantTypes(Validation validation, List<String> grantTypes) {
        if (grantTypes == null || grantTypes.isEmpty()) {
            validation.add("grant_types", FieldIssue.REQUIRED);
            return List.of();
        }
        Set<String> seen = new LinkedHashSet<>();
        for (int i = 0; i < grantTypes.size(); i++) {
            String grantType = grantTypes.get(i);
            if (grantType == null || !GrantTypes.REGISTRABLE.contains(grantType)) {
                validation.add("grant_types[" + i + "]", FieldIssue.INVALID);
            } else if (!seen.add(grantType)) {
                validation.add("grant_types[" + i + "]", FieldIssue.DUPLICATE);
            }
        }
        return List.copyOf(seen);
    }

    /** Required (non-empty) with {@code authorization_code}; each allowed by {@link RedirectUris}, each once. */
    private static List<String> redirectUris(Validation validation, List<String> uris, boolean required) {
        if (uris == null || uris.isEmpty()) {
            validation.check(required, "redirect_uris", FieldIssue.REQUIRED);
            return List.of();
        }
        if (uris.size() > RedirectUris.MAX_COUNT) {
            validation.add("redirect_uris", FieldIssue.ABOVE_MAXIMUM);
            return List.of();
        }
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < uris.size(); i++) {
            String uri = uris.get(i);
            String field = "redirect_uris[" + i + "]";
            if (uri == null || uri.isBlank()) {
                validation.add(field, FieldIssue.INVALID);
            } else if (uri.length() > RedirectUris.MAX_LENGTH) {
                validation.add(field, FieldIssue.TOO_LONG);
            } else if (!RedirectUris.isAllowed(uri)) {
                validation.add(field, FieldIssue.INVALID);
            } else if (!seen.add(uri)) {
                validation.add(field, FieldIssue.DUPLICATE);
            }
        }
        return List.copyOf(uris);
    }
}
