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

/** The platform admin API's staff tokens (svc_staff_, actor staff) (docs/api/admin.md). Only the platform admin reaches it. */
@RestController
class StaffTokenResource {

    private final CredentialService credentials;

    StaffTokenResource(CredentialService credentials) {
        this.credentials = credentials;
    }

    @PostMapping("/admin/v1/operators/{operatorId}/staff-tokens")
    @ResponseStatus(HttpStatus.CREATED)
    Mono<Envelopes.Data<StaffToken>> create(@PathVariable String operatorId, @RequestBody IssueCredential body) {
        return credentials.issue(CredentialKind.STAFF_TOKEN, Ids.fromPath(operatorId), body, StaffToken::of).map(Envelopes::data);
    }

    @FilteredBy("environment")
    @GetMapping("/admin/v1/operators/{operatorId}/staff-tokens")
    Mono<Envelopes.ListOf<StaffToken>> list(@PathVariable String operatorId,
            @RequestParam MultiValueMap<String, String> query) {
        return credentials.list(CredentialKind.STAFF_TOKEN, Ids.fromPath(operatorId), query, StaffToken::of);
    }

    @GetMapping("/admin/v1/staff-tokens/{id}")
    Mono<Envelopes.Data<StaffToken>> read(@PathVariable String id) {
        return credentials.find(CredentialKind.STAFF_TOKEN, Ids.fromPath(id), StaffToken::of).map(Envelopes::data);
    }

    /** 201 with the successor and its plaintext; the old one keeps working for 24 hours. */
    @PostMapping("/admin/v1/staff-tokens/{id}/rotate")
    @ResponseStatus(HttpStatus.CREATED) // what the description documents; the answer sets it itself
    Mono<ResponseEntity<Envelopes.Data<StaffToken>>> rotate(@PathVariable String id,
            @RequestBody(required = false) NoFields body) {
        return credentials.rotate(CredentialKind.STAFF_TOKEN, Ids.fromPath(id), StaffToken::of)
                .map(rotation -> rotation.toResponse(HttpStatus.CREATED));
    }

    /** 200; the very next request made with it is refused (401). */
    @PostMapping("/admin/v1/staff-tokens/{id}/revoke")
    Mono<ResponseEntity<Envelopes.Data<StaffToken>>> revoke(@PathVariable String id,
            @RequestBody(required = false) NoFields body) {
        return credentials.revoke(CredentialKind.STAFF_TOKEN, Ids.fromPath(id), StaffToken::of)
                .map(revocation -> revocation.toResponse(HttpStatus.OK));
    }
}
