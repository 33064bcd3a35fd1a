package com.storageplatform.crm.integration;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.openapi.ApiErrors;
import com.storageplatform.kit.openapi.FilteredBy;
import com.storageplatform.kit.openapi.ScopeFamily;
import com.storageplatform.kit.paging.ListFilters;
import com.storageplatform.kit.web.Envelopes;
import com.storageplatform.kit.web.ErrorCode;
import org.springframework.http.HttpStatus;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/** {@code /v1/integration-connections} (scopes {@code integrations:read} and {@code integrations:write}). */
@RestController
@ScopeFamily("integrations")
class IntegrationResource {

    private final IntegrationService connections;

    IntegrationResource(IntegrationService connections) {
        this.connections = connections;
    }

    /**
     * 201 with the connection ({@code integration_connection.created}), {@code active} unless sent
     * {@code disabled}. {@code provider} must be one of the kind's (422 naming them); {@code settings} and
     * {@code credentials} are judged against the provider (422 naming each key missing or wrong). Credentials are
     * stored sealed and never answered: the connection shows their names only. One connection in service
     * ({@code active} or {@code error}) per kind, and for {@code messaging} per channel: another is 409. A site
     * outside the credential's sites, or none named by a site-restricted credential, is 403 {@code site_forbidden}.
     */
    @ApiErrors(ErrorCode.CONFLICT)
    @PostMapping("/v1/integration-connections")
    @ResponseStatus(HttpStatus.CREATED)
    Mono<Envelopes.Data<IntegrationConnection>> create(Caller caller,
            @RequestBody CreateIntegrationConnection body) {
        return connections.create(caller, body).map(Envelopes::data);
    }

    /** A connection naming a site outside a restricted credential's sites is 403. */
    @GetMapping("/v1/integration-connections/{id}")
    Mono<Envelopes.Data<IntegrationConnection>> read(Caller caller, @PathVariable String id) {
        return connections.read(caller, Ids.fromPath(id)).map(Envelopes::data);
    }

    /**
     * Newest first; filters {@code kind}, {@code provider} and {@code status}. A site-restricted credential sees the
     * connections for every site and those serving only its own sites.
     */
    @FilteredBy({"kind", "provider", "status"})
    @GetMapping("/v1/integration-connections")
    Mono<Envelopes.ListOf<IntegrationConnection>> list(Caller caller,
            @RequestParam MultiValueMap<String, String> query) {
        ListFilters filters = ListFilters.of(query);
        var f = new IntegrationRepository.Filters(filters.oneOf("kind", IntegrationProviders.KINDS),
                filters.oneOf("provider", IntegrationProviders.NAMES),
                filters.oneOf("status", IntegrationConnection.STATUSES));
        return connections.list(caller, f, filters.page());
    }

    /**
     * Changes only the fields sent: {@code name}, {@code settings} and {@code credentials} (each replaced whole),
     * {@code site_ids}, {@code status} ({@code active} or {@code disabled}). {@code kind} and {@code provider} are
     * fixed. Bringing a disabled connection back into service while another of its kind is in service is 409.
     */
    @ApiErrors(ErrorCode.CONFLICT)
    @PatchMapping("/v1/integration-connections/{id}")
    Mono<Envelopes.Data<IntegrationConnection>> update(Caller caller, @PathVariable String id,
            @RequestBody IntegrationConnectionChanges body) {
        return connections.update(caller, Ids.fromPath(id), body).map(Envelopes::data);
    }

    /** Deleted with its credentials ({@code integration_connection.deleted}). */
    @DeleteMapping("/v1/integration-connections/{id}")
    Mono<Envelopes.Data<Envelopes.Deleted>> delete(Caller caller, @PathVariable String id) {
        return connections.delete(caller, Ids.fromPath(id)).map(Envelopes::data);
    }
}
