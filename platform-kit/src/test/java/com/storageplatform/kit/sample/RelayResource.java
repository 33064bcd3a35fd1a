package com.storageplatform.kit.sample;

import com.storageplatform.kit.client.ServiceClients;
import com.storageplatform.kit.openapi.ScopeFamily;
import com.storageplatform.kit.web.Envelopes;
import java.util.UUID;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/** Serves a request by calling a peer ({@code platform.services.<peer>.url}), as commerce will call billing. */
@RestController
@ScopeFamily("samples")
class RelayResource {

    /** What this service reads of a peer's sample: fewer fields than the peer sends (the rest is tolerated). */
    record PeerSample(UUID id, String object, String name) {
    }

    record RelaySample(String name) {
    }

    private final ServiceClients clients;

    RelayResource(ServiceClients clients) {
        this.clients = clients;
    }

    /** Creates a sample at the peer; {@code scope} is the scope the call claims to need (samples:write). */
    @PostMapping("/v1/relay/{peer}/samples")
    @ResponseStatus(HttpStatus.CREATED)
    Mono<Envelopes.Data<PeerSample>> create(@PathVariable String peer, @RequestBody RelaySample body,
            @RequestParam(defaultValue = "samples:write") String scope) {
        return clients.of(peer).post("/v1/samples")
                .scopes(scope)
                .purpose("create-sample")
                .body(body)
                .data(PeerSample.class)
                .map(Envelopes::data);
    }

    @GetMapping("/v1/relay/{peer}/samples/{id}")
    Mono<Envelopes.Data<PeerSample>> read(@PathVariable String peer, @PathVariable String id) {
        return clients.of(peer).get("/v1/samples/{id}", id)
                .scopes("samples:read")
                .data(PeerSample.class)
                .map(Envelopes::data);
    }
}
