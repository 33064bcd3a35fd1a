package com.storageplatform.webhooks.endpoint;

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

/** {@code /v1/webhooks}: an account's endpoints (scopes {@code webhooks:read} and {@code webhooks:write}). */
@RestController
@ScopeFamily("webhooks")
class WebhookResource {

    private final EndpointService endpoints;

    WebhookResource(EndpointService endpoints) {
        this.endpoints = endpoints;
    }

    @ApiErrors(ErrorCode.SITE_FORBIDDEN)
    @PostMapping("/v1/webhooks")
    @ResponseStatus(HttpStatus.CREATED)
    Mono<Envelopes.Data<WebhookEndpoint>> create(Caller caller, @RequestBody CreateWebhook body) {
        return endpoints.create(caller, body).map(Envelopes::data);
    }

    @FilteredBy("status")
    @GetMapping("/v1/webhooks")
    Mono<Envelopes.ListOf<WebhookEndpoint>> list(Caller caller, @RequestParam MultiValueMap<String, String> query) {
        ListFilters filters = ListFilters.of(query);
        String status = filters.oneOf("status", EndpointService.STATUSES);
        return endpoints.list(caller, status, filters.page());
    }

    @GetMapping("/v1/webhooks/{id}")
    Mono<Envelopes.Data<WebhookEndpoint>> read(Caller caller, @PathVariable String id) {
        return endpoints.read(caller, Ids.fromPath(id)).map(Envelopes::data);
    }

    @ApiErrors(ErrorCode.SITE_FORBIDDEN)
    @PatchMapping("/v1/webhooks/{id}")
    Mono<Envelopes.Data<WebhookEndpoint>> update(Caller caller, @PathVariable String id,
            @RequestBody WebhookChanges changes) {
        return endpoints.update(caller, Ids.fromPath(id), changes).map(Envelopes::data);
    }

    @ApiErrors(ErrorCode.SITE_FORBIDDEN)
    @DeleteMapping("/v1/webhooks/{id}")
    Mono<Envelopes.Data<Envelopes.Deleted>> delete(Caller caller, @PathVariable String id) {
        return endpoints.delete(caller, Ids.fromPath(id)).map(Envelopes::data);
    }

    @ApiErrors(ErrorCode.SITE_FORBIDDEN)
    @PostMapping("/v1/webhooks/{id}/rotate-secret")
    Mono<Envelopes.Data<WebhookEndpoint>> rotateSecret(Caller caller, @PathVariable String id) {
        return endpoints.rotateSecret(caller, Ids.fromPath(id)).map(Envelopes::data);
    }
}
