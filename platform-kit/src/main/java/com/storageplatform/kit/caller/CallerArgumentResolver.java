package com.storageplatform.kit.caller;

import com.storageplatform.kit.web.RequestIds;
import org.springframework.core.MethodParameter;
import org.springframework.web.reactive.BindingContext;
import org.springframework.web.reactive.result.method.HandlerMethodArgumentResolver;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/** Lets a handler method declare a {@link Caller} parameter. */
public class CallerArgumentResolver implements HandlerMethodArgumentResolver {

    @Override
    public boolean supportsParameter(MethodParameter parameter) {
        return parameter.getParameterType() == Caller.class;
    }

    @Override
    public Mono<Object> resolveArgument(MethodParameter parameter, BindingContext context,
            ServerWebExchange exchange) {
        return Callers.required()
                .map(caller -> caller.requestId() == null ? caller.withRequestId(RequestIds.of(exchange)) : caller)
                .cast(Object.class);
    }
}
