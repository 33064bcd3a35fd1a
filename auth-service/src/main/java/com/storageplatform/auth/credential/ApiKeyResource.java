package com.storageplatform.auth.credential;

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

/** The platform admin API's API keys (svc_live_/svc_test_ keys) (docs/api/admin.md). Only the platform admin reaches it. */
@RestController
class ApiKeyResource {

    private final CredentialService credentials;

    ApiKeyResource(CredentialService credentials) {
        this.credentials = credentials;
    }

    @PostMapping("/admin/v1/operators/{operatorId}/api-keys")
    @ResponseStatus(HttpStatus.CREATED)
    Mono<Envelopes.Data<ApiKey>> create(@PathVariable String operatorId, @RequestBody IssueCredential body) {
        return credentials.issue(CredentialKind.API_KEY, Ids.fromPath(operatorId), body, ApiKey::of).map(Envelopes::data);
    }

    @FilteredBy("environment")
    @GetMapping("/admin/v1/operators/{operatorId}/api-keys")
    Mono<Envelopes.ListOf<ApiKey>> list(@PathVariable String operatorId,
            @RequestParam MultiValueMap<String, String> query) {
        return credentials.list(CredentialKind.API_KEY, Ids.fromPath(operatorId), query, ApiKey::of);
    }

    @GetMapping("/admin/v1/api-keys/{id}")
    Mono<Envelopes.Data<ApiKey>> read(@PathVariable String id) {
        return credentials.find(CredentialKind.API_KEY, Ids.fromPath(id), ApiKey::of).map(Envelopes::data);
    }

    /** 201 with the successor and its plaintext; the old one keeps working for 24 hours. */
    @PostMapping("/admin/v1/api-keys/{id}/rotate")
    @ResponseStatus(HttpStatus.CREATED) // what the description documents; the answer sets it itself
    Mono<ResponseEntity<Envelopes.Data<ApiKey>>> rotate(@PathVariable String id,
            @RequestBody(required = false) NoFields body) {
        return credentials.rotate(CredentialKind.API_KEY, Ids.fromPath(id), ApiKey::of)
                .map(rotation -> rotation.toResponse(HttpStatus.CREATED));
    }

    /** 200; the very next request made with it is refused (401). */
    @PostMapping("/admin/v1/api-keys/{id}/revoke")
    Mono<ResponseEntity<Envelopes.Data<ApiKey>>> revoke(@PathVariable String id,
            @RequestBody(required = false) NoFields body) {
        return credentials.revoke(CredentialKind.API_KEY, Ids.fromPath(id), ApiKey::of)
                .map(revocation -> revocation.toResponse(HttpStatus.OK));
    }
}
