package com.storageplatform.kit.web;

import com.storageplatform.kit.tracing.TraceLogs;
import org.springframework.core.Ordered;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebExceptionHandler;
import reactor.core.publisher.Mono;

/**
 * The one global error handler: every failure that reaches the top of the stack (routing, decoding,
 * security, handler code) is answered in the error envelope. Ordered ahead of Spring Boot's default handler.
 * The failure is judged (and an unexpected one logged) with the request's trace on the thread, so that its log
 * line carries the trace id: Reactor does not restore it on every operator ({@link TraceLogs}).
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
        return Mono.deferContextual(context -> {
            ErrorResponse error = TraceLogs.inTrace(context, () -> ErrorMapper.map(failure, exchange));
            exchange.getResponse().getHeaders().set(RequestIds.HEADER, RequestIds.of(exchange));
            return json.write(exchange.getResponse(), error);
        });
    }

    @Override
    public int getOrder() {
        return -2;
    }
}
