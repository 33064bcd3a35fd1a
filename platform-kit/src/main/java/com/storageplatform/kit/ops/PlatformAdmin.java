package com.storageplatform.kit.ops;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.caller.Callers;
import com.storageplatform.kit.web.ApiException;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;

/** The kit's admin routes answer the platform admin only; anyone else gets 404, as if they did not exist. */
final class PlatformAdmin {

    private PlatformAdmin() {
    }

    static Mono<Caller> required() {
        return Callers.current().filter(Caller::isPlatformAdmin).switchIfEmpty(Mono.error(ApiException::notFound));
    }

    /** For {@link OtherMethods}: a wrong method is 405 for the platform admin and 404 for everyone else. */
    static Mono<ServerResponse> only(Mono<ServerResponse> answer) {
        return required().then(answer);
    }
}
