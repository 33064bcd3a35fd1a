package com.storageplatform.auth.introspection;

import com.storageplatform.kit.caller.Introspection;
import com.storageplatform.kit.validation.Validation;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/**
 * {@code POST /internal/introspect} {@code {"token": "..."}}: the gateway asks what a presented secret is, and gets
 * the {@link Introspection} record itself (not enveloped). Only the platform admin caller (the gateway) reaches it;
 * anyone else gets 404.
 */
@RestController
class IntrospectionResource {

    private final Introspector introspector;

    IntrospectionResource(Introspector introspector) {
        this.introspector = introspector;
    }

    @PostMapping(Introspection.PATH)
    Mono<Introspection> introspect(@RequestBody Introspection.Request body) {
        Validation.start().require("token", body.token()).orThrow();
        return introspector.introspect(body.token());
    }
}
