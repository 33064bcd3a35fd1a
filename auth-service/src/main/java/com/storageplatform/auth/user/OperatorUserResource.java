package com.storageplatform.auth.user;

import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.web.Envelopes;
import org.springframework.http.HttpStatus;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/** The platform admin API's operator users (docs/api/admin.md). Only the platform admin reaches it. */
@RestController
class OperatorUserResource {

    private final OperatorUserService users;

    OperatorUserResource(OperatorUserService users) {
        this.users = users;
    }

    /** 201; the person sets their password in Keycloak, never through the platform. */
    @PostMapping("/admin/v1/operators/{operatorId}/users")
    @ResponseStatus(HttpStatus.CREATED)
    Mono<Envelopes.Data<OperatorUser>> add(@PathVariable String operatorId, @RequestBody AddOperatorUser body) {
        return users.add(Ids.fromPath(operatorId), body).map(Envelopes::data);
    }

    @GetMapping("/admin/v1/operators/{operatorId}/users")
    Mono<Envelopes.ListOf<OperatorUser>> list(@PathVariable String operatorId,
            @RequestParam MultiValueMap<String, String> query) {
        return users.list(Ids.fromPath(operatorId), query);
    }
}
