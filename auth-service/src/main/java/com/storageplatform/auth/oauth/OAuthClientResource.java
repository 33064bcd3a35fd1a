package com.storageplatform.auth.oauth;

import com.storageplatform.kit.openapi.FilteredBy;
import com.storageplatform.auth.internal.NoFields;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.web.Envelopes;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/** The platform admin API's OAuth clients (docs/api/admin.md). Only the platform admin reaches it. */
@RestController
class OAuthClientResource {

    private final OAuthClientService clients;

    OAuthClientResource(OAuthClientService clients) {
        this.clients = clients;
    }

    @PostMapping("/admin/v1/operators/{operatorId}/oauth-clients")
    @ResponseStatus(HttpStatus.CREATED)
    Mono<Envelopes.Data<OAuthClient>> create(@PathVariable String operatorId, @RequestBody CreateOAuthClient body) {
        return clients.register(Ids.fromPath(operatorId), body).map(Envelopes::data);
    }

    @FilteredBy("environment")
    @GetMapping("/admin/v1/operators/{operatorId}/oauth-clients")
    Mono<Envelopes.ListOf<OAuthClient>> list(@PathVariable String operatorId,
            @RequestParam MultiValueMap<String, String> query) {
        return clients.list(Ids.fromPath(operatorId), query);
    }

    @GetMapping("/admin/v1/oauth-clients/{id}")
    Mono<Envelopes.Data<OAuthClient>> read(@PathVariable String id) {
        return clients.find(Ids.fromPath(id)).map(Envelopes::data);
    }

    /** 200; the client no longer authenticates and every token issued to it is inactive at once. */
    @PostMapping("/admin/v1/oauth-clients/{id}/revoke")
    Mono<ResponseEntity<Envelopes.Data<OAuthClient>>> revoke(@PathVariable String id,
            @RequestBody(required = false) NoFields body) {
        return clients.revoke(Ids.fromPath(id)).map(revocation -> revocation.toResponse(HttpStatus.OK));
    }
}
