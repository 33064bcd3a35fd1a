package com.storageplatform.kit.caller;

import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.ErrorCode;
import org.springframework.security.core.context.ReactiveSecurityContextHolder;
import reactor.core.publisher.Mono;

/** The current request's caller, for code that is not a handler method (filters, services). */
public final class Callers {

    private Callers() {
    }

    /** The caller, or empty when the request is unauthenticated. */
    public static Mono<Caller> current() {
        return authentication().map(CallerAuthentication::caller);
    }

    /** The authentication of the current request: its caller and the token it stands on. */
    public static Mono<CallerAuthentication> authentication() {
        return ReactiveSecurityContextHolder.getContext()
                .mapNotNull(context -> context.getAuthentication())
                .filter(CallerAuthentication.class::isInstance)
                .cast(CallerAuthentication.class);
    }

    /**
     * The caller of an internal route only peer services call ({@code /internal/v1/...} with the kit's service
     * token for an account, ADR 0029); anyone else, a gateway token included, gets 404 as for a route that does not
     * exist.
     */
    public static Mono<Caller> peerService() {
        return authentication()
                .filter(authentication -> authentication.callingService() != null)
                .map(CallerAuthentication::caller)
                .switchIfEmpty(Mono.error(() -> ApiException.notFound("resource or route")));
    }

    /** The caller, or 401 when there is none. */
    public static Mono<Caller> required() {
        return current().switchIfEmpty(Mono.error(
                () -> new ApiException(ErrorCode.UNAUTHORIZED, "A valid credential is required.")));
    }
}
