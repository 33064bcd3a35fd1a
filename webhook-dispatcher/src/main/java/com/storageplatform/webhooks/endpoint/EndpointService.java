package com.storageplatform.webhooks.endpoint;

import static com.storageplatform.kit.validation.Text.blankToNull;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.caller.SiteAccess;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.paging.PageRequest;
import com.storageplatform.kit.polling.WakeUpSignal;
import com.storageplatform.kit.validation.Validation;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.Envelopes;
import com.storageplatform.kit.web.FieldIssue;
import com.storageplatform.kit.web.Patch;
import com.storageplatform.webhooks.payload.ApiVersions;
import java.net.URI;
import java.net.UnknownHostException;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.stereotype.Service;
import reactor.core.publisher.Mono;

/** Creating, changing and removing an account's webhook endpoints. */
@Service
class EndpointService {

    static final int MAX_DESCRIPTION = 500;
    static final Set<String> STATUSES = Set.of(StoredEndpoint.ACTIVE, StoredEndpoint.PAUSED, StoredEndpoint.DISABLED);
    /** An endpoint is sent every event of its account, whatever the site: a site-restricted key may only read them. */
    private static final String EVERY_SITE = "A webhook endpoint receives events";

    private final EndpointRepository endpoints;
    private final SigningSecrets secrets;
    private final WebhookUrls urls;
    private final ApiVersions versions;
    private final WakeUpSignal signal;
    private final Clock clock;

    EndpointService(EndpointRepository endpoints, SigningSecrets secrets, WebhookUrls urls, ApiVersions versions,
            @Qualifier("deliverySignal") WakeUpSignal signal, Clock clock) {
        this.endpoints = endpoints;
        this.secrets = secrets;
        this.urls = urls;
        this.versions = versions;
        this.signal = signal;
        this.clock = clock;
    }

    Mono<WebhookEndpoint> create(Caller caller, CreateWebhook body) {
        SiteAccess.requireWholeAccount(caller, EVERY_SITE);
        Validation validation = Validation.start();
        validation.require("url", body.url());
        urls.formProblem(body.url(), caller.environment()).ifPresent(issue -> validation.add("url", issue));
        EnabledEvents.validate(validation, "enabled_events", body.enabledEvents());
        validation.check(body.apiVersion() != null && !versions.isKnown(body.apiVersion()), "api_version",
                FieldIssue.INVALID);
        validation.maxLength("description", body.description(), MAX_DESCRIPTION);
        validation.orThrow();
        Instant now = clock.instant();
        StoredEndpoint endpoint = new StoredEndpoint(Ids.newId(), caller.accountId(), caller.operatorId(),
                caller.environment(), body.url(), blankToNull(body.description()), List.copyOf(body.enabledEvents()),
                body.apiVersion() == null ? ApiVersions.LATEST : body.apiVersion(), StoredEndpoint.ACTIVE, 0, null,
                null, now, now);
        return requireReachable(endpoint)
                .then(endpoints.insert(endpoint))
                .then(secrets.issue(endpoint.accountId(), endpoint.id()))
                .map(secret -> endpoint.view().withSecret(secret));
    }

    Mono<WebhookEndpoint> read(Caller caller, UUID id) {
        return endpoints.find(caller.accountId(), id).map(StoredEndpoint::view)
                .switchIfEmpty(Mono.error(() -> ApiException.notFound("webhook endpoint")));
    }

    Mono<Envelopes.ListOf<WebhookEndpoint>> list(Caller caller, String status, PageRequest page) {
        return endpoints.list(caller.accountId(), status, page);
    }

    Mono<WebhookEndpoint> update(Caller caller, UUID id, WebhookChanges changes) {
        return endpoints.lock(caller.accountId(), id)
                .switchIfEmpty(Mono.error(() -> ApiException.notFound("webhook endpoint")))
                .flatMap(current -> {
                    SiteAccess.requireWholeAccount(caller, EVERY_SITE);
                    StoredEndpoint changed = apply(current, changes, caller);
                    Mono<Void> reachable = changed.url().equals(current.url()) ? Mono.empty() : requireReachable(changed);
                    return reachable.then(endpoints.update(changed)).thenReturn(changed);
                })
                .doOnNext(changed -> {
                    if (changed.status().equals(StoredEndpoint.ACTIVE)) {
                        signal.wake();
                    }
                })
                .map(StoredEndpoint::view);
    }

    private StoredEndpoint apply(StoredEndpoint current, WebhookChanges changes, Caller caller) {
        Validation validation = Validation.start();
        if (changes.url() != null) {
            validation.require("url", changes.url().value());
            if (!changes.url().isNull()) {
                urls.formProblem(changes.url().value(), caller.environment()).ifPresent(issue -> validation.add("url", issue));
            }
        }
        if (changes.enabledEvents() != null) {
            EnabledEvents.validate(validation, "enabled_events", changes.enabledEvents().value());
        }
        if (changes.apiVersion() != null) {
            validation.require("api_version", changes.apiVersion().value());
            validation.check(!changes.apiVersion().isNull() && !versions.isKnown(changes.apiVersion().value()),
                    "api_version", FieldIssue.INVALID);
        }
        if (changes.description() != null) {
            validation.maxLength("description", changes.description().value(), MAX_DESCRIPTION);
        }
        if (changes.status() != null) {
            validation.require("status", changes.status().value());
            validation.oneOf("status", changes.status().value(), STATUSES);
        }
        validation.orThrow();

        String status = Patch.apply(changes.status(), current.status());
        boolean statusChanged = !status.equals(current.status());
        // Turning an endpoint back on starts its failure count afresh.
        int failures = statusChanged && status.equals(StoredEndpoint.ACTIVE) ? 0 : current.consecutiveFailures();
        Instant now = clock.instant();
        Instant disabledAt = status.equals(StoredEndpoint.DISABLED) ? (statusChanged ? now : current.disabledAt()) : null;
        return new StoredEndpoint(current.id(), current.accountId(), current.operatorId(), current.environment(),
                Patch.apply(changes.url(), current.url()),
                changes.description() == null ? current.description() : blankToNull(changes.description().value()),
                Patch.apply(changes.enabledEvents(), current.enabledEvents()),
                Patch.apply(changes.apiVersion(), current.apiVersion()),
                status, failures, current.lastSuccessAt(), disabledAt, current.createdAt(), now);
    }

    Mono<Envelopes.Deleted> delete(Caller caller, UUID id) {
        return endpoints.find(caller.accountId(), id)
                .switchIfEmpty(Mono.error(() -> ApiException.notFound("webhook endpoint")))
                .doOnNext(endpoint -> SiteAccess.requireWholeAccount(caller, EVERY_SITE))
                .then(endpoints.delete(caller.accountId(), id))
                .flatMap(deleted -> deleted == 0 ? Mono.error(ApiException.notFound("webhook endpoint"))
                        : Mono.just(new Envelopes.Deleted(id, WebhookEndpoint.OBJECT)));
    }

    Mono<WebhookEndpoint> rotateSecret(Caller caller, UUID id) {
        return endpoints.lock(caller.accountId(), id)
                .switchIfEmpty(Mono.error(() -> ApiException.notFound("webhook endpoint")))
                .doOnNext(endpoint -> SiteAccess.requireWholeAccount(caller, EVERY_SITE))
                .flatMap(endpoint -> secrets.rotate(caller.accountId(), id)
                        .map(secret -> endpoint.view().withSecret(secret)));
    }

    /** The host must resolve, and only to public addresses: 422 {@code not_allowed} otherwise, {@code invalid} if it does not resolve. */
    private Mono<Void> requireReachable(StoredEndpoint endpoint) {
        return urls.requirePublic(URI.create(endpoint.url()), endpoint.environment())
                .onErrorMap(WebhookUrls.NotPublic.class, failure -> ApiException.invalid("url", FieldIssue.NOT_ALLOWED))
                .onErrorMap(UnknownHostException.class, failure -> ApiException.invalid("url", FieldIssue.INVALID));
    }
}
