package com.storageplatform.kit.web;

import org.springframework.core.Ordered;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebExceptionHandler;
import reactor.core.publisher.Mono;

/**
 * The one global error handler: every failure that reaches the top of the stack (routing, decoding,
 * security, handler code) is answered in the error envelope. Ordered ahead of Spring Boot's default handler.
 */
public class GlobalErrorHandler implements WebExceptionHandler, Ordered {

    private final JsonResponses json;

    public GlobalErrorHandler(JsonResponses json) {
        this.json = json;
    }

    @Override
    public Mono<Void> handle(ServerWebExchange exchange, Throwable failure) {
        if (exchange.getResponse().isCommitted()) {
            return Mono.error(failure);
        }
        ErrorResponse error = ErrorMapper.map(failure, exchange);
        exchange.getResponse().getHeaders().set(RequestIds.HEADER, RequestIds.of(exchange));
        return json.write(exchange.getResponse(), error);
    }

    @Override
    public int getOrder() {
        return -2;
    }
}
