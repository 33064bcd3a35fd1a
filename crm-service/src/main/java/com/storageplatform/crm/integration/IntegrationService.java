package com.storageplatform.crm.integration;

import com.storageplatform.crm.integration.IntegrationConnection.LastError;
import com.storageplatform.crm.integration.IntegrationProviders.Provider;
import com.storageplatform.crm.integration.IntegrationRules.Changes;
import com.storageplatform.crm.integration.IntegrationRules.Terms;
import com.storageplatform.crm.internal.Records;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.caller.SiteAccess;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.paging.PageRequest;
import com.storageplatform.kit.validation.Validation;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.Envelopes;
import com.storageplatform.kit.web.FieldIssue;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.springframework.stereotype.Service;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

/**
 * Integration connections of the caller's account: the transaction of each request. Credentials are sealed before
 * they reach the repository and opened only for the internal read ({@link #opened}).
 *
 * <p>Site restriction: a restricted caller sees a connection for every site, and those serving only sites of its
 * own; it creates, changes and deletes only connections limited to its own sites (a connection for every site
 * reaches beyond them: 403 {@code site_forbidden}).
 */
@Service
class IntegrationService {

    private final IntegrationRepository connections;
    private final IntegrationEvents events;
    private final CredentialSeal seal;
    private final Records records;
    private final JsonMapper json;
    private final Clock clock;
    private final TransactionalOperator tx;

    IntegrationService(IntegrationRepository connections, IntegrationEvents events, CredentialSeal seal,
            Records records, JsonMapper json, Clock clock, TransactionalOperator tx) {
        this.connections = connections;
        this.events = events;
        this.seal = seal;
        this.records = records;
        this.json = json;
        this.clock = clock;
        this.tx = tx;
    }

    /**
     * 201 with the connection ({@code integration_connection.created}). Every bad field and unknown site in one
     * 422; a site outside the caller's sites is 403; a second connection of the kind (and channel) in service is
     * 409.
     */
    Mono<IntegrationConnection> create(Caller caller, CreateIntegrationConnection body) {
        return Mono.defer(() -> {
            Validation v = Validation.start();
            Terms t = IntegrationRules.check(v, body, json);
            requireOwnSitesNamed(caller, body.siteIds());
            UUID account = caller.accountId();
            return sites(caller, v, body.siteIds()).then(Mono.defer(() -> {
                IntegrationRules.orThrow(v, body.kind());
                Provider p = t.provider();
                List<String> keys = IntegrationRules.keysOf(t.credentials());
                Instant now = clock.instant();
                IntegrationConnection c = new IntegrationConnection(Ids.newId(), IntegrationConnection.OBJECT,
                        p.kind(), p.name(), p.channel(), t.name(), t.settings(), !keys.isEmpty(), keys, t.siteIds(),
                        t.status(), null, null, now, now);
                Mono<Void> free = c.inService() ? requireNoOtherInService(account, c) : Mono.empty();
                return free.then(Mono.defer(() -> connections.insert(account, c,
                                seal.seal(account, c.id(), t.credentials()))))
                        .then(events.publish(caller, IntegrationEvents.CREATED, c));
            }));
        });
    }

    Mono<IntegrationConnection> read(Caller caller, UUID id) {
        return connections.find(caller.accountId(), id)
                .switchIfEmpty(Mono.error(ApiException.notFound()))
                .doOnNext(c -> requireVisible(caller, c));
    }

    Mono<Envelopes.ListOf<IntegrationConnection>> list(Caller caller, IntegrationRepository.Filters filters,
            PageRequest page) {
        return connections.list(caller, filters, page);
    }

    /**
     * Applies the fields sent, judged whole (422); credentials sent are sealed anew. A connection brought back into
     * service while another of its kind (and channel) is in service is 409. A request that changes nothing answers
     * the connection as it is and publishes nothing.
     */
    Mono<IntegrationConnection> update(Caller caller, UUID id, IntegrationConnectionChanges body) {
        UUID account = caller.accountId();
        return connections.findForUpdate(account, id)
                .switchIfEmpty(Mono.error(ApiException.notFound()))
                .flatMap(current -> {
                    requireWritable(caller, current);
                    Validation v = Validation.start();
                    Changes ch = IntegrationRules.check(v, current, body, json);
                    List<String> sentSites = body.siteIds() == null ? null : body.siteIds().value();
                    if (body.siteIds() != null) {
                        requireOwnSitesNamed(caller, sentSites);
                    }
                    return sites(caller, v, sentSites).then(Mono.defer(() -> {
                        IntegrationRules.orThrow(v, current.kind());
                        List<String> keys = ch.credentials() == null ? current.credentialKeys()
                                : IntegrationRules.keysOf(ch.credentials());
                        IntegrationConnection changed = current.with(ch.name(), ch.settings(), keys, ch.siteIds(),
                                ch.status());
                        if (changed.equals(current) && ch.credentials() == null) {
                            return Mono.just(current);
                        }
                        IntegrationConnection saved = changed.updatedAt(clock.instant());
                        byte[] sealed = ch.credentials() == null ? null
                                : seal.seal(account, id, ch.credentials());
                        Mono<Void> free = saved.inService() && !current.inService()
                                ? requireNoOtherInService(account, saved) : Mono.empty();
                        return free.then(Mono.defer(() -> connections.save(account, saved, sealed)))
                                .then(events.publish(caller, IntegrationEvents.UPDATED, saved));
                    }));
                });
    }

    /** Deleted with its credentials ({@code integration_connection.deleted}, the connection as it last was). */
    Mono<Envelopes.Deleted> delete(Caller caller, UUID id) {
        UUID account = caller.accountId();
        return connections.findForUpdate(account, id)
                .switchIfEmpty(Mono.error(ApiException.notFound()))
                .flatMap(c -> {
                    requireWritable(caller, c);
                    return connections.delete(account, id)
                            .then(events.publish(caller, IntegrationEvents.DELETED, c))
                            .thenReturn(new Envelopes.Deleted(id, IntegrationConnection.OBJECT));
                });
    }

    /**
     * The account's connection in service of the kind (and channel) that serves the site, with its credentials
     * opened: for another service's port, through the internal read only. 404 when there is none.
     */
    Mono<OpenedConnection> opened(Caller caller, String kind, String channel, UUID siteId) {
        return Mono.defer(() -> {
            if (siteId != null) {
                SiteAccess.require(caller, siteId);
            }
            UUID account = caller.accountId();
            return connections.inServiceFor(account, kind, channel, siteId)
                    .switchIfEmpty(Mono.error(() -> ApiException.notFound("integration connection in service of "
                            + "this kind for this site")))
                    .map(stored -> new OpenedConnection(stored.connection(),
                            seal.open(account, stored.connection().id(), stored.sealed())));
        });
    }

    /**
     * What a port's use did. {@code used}: {@code last_used_at} moves forward, and a connection in {@code error}
     * is {@code active} again. {@code error}: {@code last_error} is the message now, and a connection in service is
     * in {@code error} (a disabled one stays disabled). {@code integration_connection.updated} when the status or
     * the last error changed; a use alone publishes nothing. Its own transaction: the kit's MutationFilter runs
     * only what comes through the gateway, not {@code /internal}.
     */
    Mono<IntegrationConnection> report(Caller caller, UUID id, ConnectionReport body) {
        return Mono.defer(() -> {
            Validation v = Validation.start();
            String message = IntegrationRules.reportMessage(v, body);
            v.orThrow();
            UUID account = caller.accountId();
            return connections.findForUpdate(account, id)
                    .switchIfEmpty(Mono.error(ApiException.notFound()))
                    .flatMap(current -> {
                        Instant now = clock.instant();
                        IntegrationConnection after;
                        if (IntegrationRules.USED.equals(body.outcome())) {
                            String status = IntegrationConnection.ERROR.equals(current.status())
                                    ? IntegrationConnection.ACTIVE : current.status();
                            Instant lastUsed = current.lastUsedAt() != null && current.lastUsedAt().isAfter(now)
                                    ? current.lastUsedAt() : now;
                            after = current.reported(status, current.lastError(), lastUsed);
                        } else {
                            String status = current.inService() ? IntegrationConnection.ERROR : current.status();
                            after = current.reported(status, new LastError(message, now), current.lastUsedAt());
                        }
                        boolean changed = !after.status().equals(current.status())
                                || IntegrationRules.FAILED.equals(body.outcome());
                        IntegrationConnection saved = changed ? after.updatedAt(now) : after;
                        Mono<Void> write = connections.save(account, saved, null);
                        return changed ? write.then(events.publish(caller, IntegrationEvents.UPDATED, saved))
                                : write.thenReturn(saved);
                    })
                    .as(tx::transactional);
        });
    }

    /**
     * A port's replacement of credentials it was given (Xero's refresh token, rotated at each use): the keys sent
     * replace the stored ones, the others stay, and the whole is sealed again for the account and connection, in one
     * transaction. A connection that is disabled or not the account's is 404 (a port reads only connections in
     * service, and one disabled since must not be brought back to life by a port); a key the provider does not know
     * or a blank value is 422 naming it. Concurrent replacements queue on the row's lock, so each one merges into the
     * credentials the previous left and the last to commit wins; no credential sent by one is lost to another's
     * stale copy. {@code updated_at} moves and {@code integration_connection.updated} is published only when the
     * credentials' names change: a rotated value is not a change an operator or a projection sees. Answers the
     * connection as a read does, without credentials.
     */
    Mono<IntegrationConnection> replaceCredentials(Caller caller, UUID id, CredentialReplacement body) {
        return Mono.defer(() -> {
            UUID account = caller.accountId();
            return connections.findStoredForUpdate(account, id)
                    .filter(stored -> stored.connection().inService())
                    .switchIfEmpty(Mono.error(() -> ApiException.notFound()))
                    .flatMap(stored -> {
                        IntegrationConnection current = stored.connection();
                        Provider provider = IntegrationProviders.named(current.provider()).orElseThrow();
                        Validation v = Validation.start();
                        Map<String, String> after = IntegrationRules.replaced(v, provider, seal.open(account, id, stored.sealed()),
                                body.credentials());
                        v.orThrow();
                        List<String> keys = IntegrationRules.keysOf(after);
                        if (keys.equals(current.credentialKeys())) {
                            return connections.save(account, current, seal.seal(account, id, after))
                                    .thenReturn(current);
                        }
                        IntegrationConnection saved = current.with(current.name(), current.settings(), keys,
                                current.siteIds(), current.status()).updatedAt(clock.instant());
                        return connections.save(account, saved, seal.seal(account, id, after))
                                .then(events.publish(caller, IntegrationEvents.UPDATED, saved));
                    })
                    .as(tx::transactional);
        });
    }

    /** 409: the rule of one connection in service per kind (and channel), without naming the other. */
    static ApiException oneInService(IntegrationConnection c) {
        String what = c.channel() == null ? c.kind() : c.kind() + " (" + c.channel() + ")";
        return ApiException.conflict("Another " + what + " connection of this account is in service (active or "
                + "error): disable or delete it first, or send this one with status disabled.");
    }

    private Mono<Void> requireNoOtherInService(UUID account, IntegrationConnection c) {
        return connections.otherInService(account, c).flatMap(other -> Mono.<Void>error(oneInService(c)));
    }

    /**
     * Each site named is one of the account's (422 {@code not_found} on its entry) within the caller's sites (403).
     * Malformed entries are the rules' to name.
     */
    private Mono<Void> sites(Caller caller, Validation v, List<String> siteIds) {
        if (siteIds == null) {
            return Mono.empty();
        }
        return Flux.range(0, siteIds.size())
                .concatMap(i -> {
                    UUID site = siteIds.get(i) == null ? null : Ids.parse(siteIds.get(i)).orElse(null);
                    if (site == null) {
                        return Mono.empty();
                    }
                    return records.site(caller.accountId(), site)
                            .doOnNext(found -> SiteAccess.require(caller, site))
                            .switchIfEmpty(Mono.fromRunnable(() -> v.add("site_ids[" + i + "]",
                                    FieldIssue.NOT_FOUND)));
                })
                .then();
    }

    /** A restricted caller sees a connection for every site, or one serving only its own sites (else 403). */
    private static void requireVisible(Caller caller, IntegrationConnection c) {
        if (caller.isSiteRestricted() && !c.siteIds().isEmpty() && !caller.siteIds().containsAll(c.siteIds())) {
            throw SiteAccess.forbidden();
        }
    }

    /** A restricted caller changes only connections limited to its own sites (else 403). */
    private static void requireWritable(Caller caller, IntegrationConnection c) {
        requireVisible(caller, c);
        if (caller.isSiteRestricted() && c.siteIds().isEmpty()) {
            throw SiteAccess.forbidden();
        }
    }

    /** A restricted caller must name its sites: a connection for every site reaches beyond them (403). */
    private static void requireOwnSitesNamed(Caller caller, List<String> siteIds) {
        if (caller.isSiteRestricted() && (siteIds == null || siteIds.isEmpty())) {
            throw SiteAccess.forbidden();
        }
    }
}
