package com.storageplatform.crm.integration;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.caller.Callers;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.paging.ListFilters;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.Envelopes;
import com.storageplatform.kit.web.FieldIssue;
import java.util.UUID;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/**
 * {@code /internal/v1/integration-connections}: what the provider ports of other services (billing's accounting,
 * compliance's ID checks, the access-control and messaging adapters) read their configuration from, and report
 * back to. Only a peer service's call is answered: a caller token signed with the service-to-service key and
 * narrowed from the gateway's token of the request being served (the kit's {@code ServiceClient}, ADR 0019), or,
 * for work outside any request, the service's token for the account it works for (ADR 0029), so the account is
 * always the token's. Anyone else, a gateway token included, gets 404 as for a route that does not
 * exist; the gateway never routes {@code /internal}. Not in the public API description.
 */
@RestController
class IntegrationPortsResource {

    static final String PATH = "/internal/v1/integration-connections";

    private final IntegrationService connections;

    IntegrationPortsResource(IntegrationService connections) {
        this.connections = connections;
    }

    /**
     * The account's connection in service ({@code active} or {@code error}) of {@code kind} (for {@code messaging},
     * of {@code channel}, required) that serves {@code site_id} (left out: whatever sites it serves), with its
     * credentials opened. 404 when the account has none; 400 naming a bad or missing parameter.
     */
    @GetMapping(PATH)
    Mono<Envelopes.Data<OpenedConnection>> read(Caller caller, @RequestParam MultiValueMap<String, String> query) {
        return Callers.peerService().flatMap(peer -> {
            ListFilters filters = ListFilters.of(query);
            String kind = filters.oneOf("kind", IntegrationProviders.KINDS);
            String channel = filters.oneOf("channel", IntegrationProviders.CHANNELS);
            UUID siteId = filters.id("site_id");
            if (kind == null) {
                throw ApiException.invalidQuery("kind", FieldIssue.REQUIRED);
            }
            boolean messaging = IntegrationProviders.MESSAGING.equals(kind);
            if (messaging && channel == null) {
                throw ApiException.invalidQuery("channel", FieldIssue.REQUIRED);
            }
            if (!messaging && channel != null) {
                throw ApiException.invalidQuery("channel", FieldIssue.NOT_ALLOWED);
            }
            return connections.opened(peer, kind, channel, siteId).map(Envelopes::data);
        });
    }

    /**
     * A port's report of one use: {@code outcome} {@code used} moves {@code last_used_at} (and ends an
     * {@code error}); {@code error} with its {@code message} sets {@code last_error} and the status {@code error}.
     * Answers the connection, without credentials.
     */
    @PostMapping(PATH + "/{id}/report")
    Mono<Envelopes.Data<IntegrationConnection>> report(Caller caller, @PathVariable String id,
            @RequestBody ConnectionReport body) {
        return Callers.peerService().flatMap(peer -> connections.report(peer, Ids.fromPath(id), body))
                .map(Envelopes::data);
    }

    /**
     * A port's replacement of credentials it was given, such as a refresh token the provider rotated: the keys sent
     * replace the stored ones, sealed again. 404 for a disabled connection or another account's; 422 naming a key
     * the provider does not know or a blank value. Answers the connection, without credentials.
     */
    @PutMapping(PATH + "/{id}/credentials")
    Mono<Envelopes.Data<IntegrationConnection>> replaceCredentials(Caller caller, @PathVariable String id,
            @RequestBody CredentialReplacement body) {
        return Callers.peerService().flatMap(peer -> connections.replaceCredentials(peer, Ids.fromPath(id), body))
                .map(Envelopes::data);
    }
}
