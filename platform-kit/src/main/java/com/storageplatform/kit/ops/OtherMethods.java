package com.storageplatform.kit.ops;

import java.util.List;
import java.util.function.Function;
import org.springframework.http.HttpMethod;
import org.springframework.web.reactive.function.server.RequestPredicates;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;
import org.springframework.web.server.MethodNotAllowedException;
import reactor.core.publisher.Mono;

/**
 * Router-function routes answer a known path with the wrong method as controller routes do: 405
 * {@code method_not_allowed} in the error envelope with an {@code Allow} header (a function route that does
 * not match falls through to 404 otherwise).
 */
final class OtherMethods {

    private OtherMethods() {
    }

    /** Every method but {@code allowed} on {@code path}: 405. */
    static RouterFunction<ServerResponse> refused(String path, HttpMethod... allowed) {
        return refused(path, refusal -> refusal, allowed);
    }

    /** As {@link #refused(String, HttpMethod...)}, the refusal passed through {@code guard} first (hidden routes). */
    static RouterFunction<ServerResponse> refused(String path, Function<Mono<ServerResponse>, Mono<ServerResponse>> guard,
            HttpMethod... allowed) {
        List<HttpMethod> methods = List.of(allowed);
        return RouterFunctions.route(RequestPredicates.path(path).and(RequestPredicates.methods(allowed).negate()),
                request -> guard.apply(Mono.error(() -> new MethodNotAllowedException(request.method(), methods))));
    }
}
