package com.storageplatform.kit.sample;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.reactivestreams.Publisher;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.http.server.reactive.ServerHttpResponseDecorator;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;
import reactor.netty.http.server.HttpServerResponse;

/**
 * Plays a reply lost on the way back: the request with a registered {@code Idempotency-Key} runs and commits, then
 * the connection is cut instead of the answer being written (once per registration), as when a process dies
 * after commit or the network drops the answer.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE + 10)
public class DroppedReplies implements WebFilter {

    private static final Set<String> KEYS = ConcurrentHashMap.newKeySet();

    /** The next reply to a request with this key is lost. */
    public static void dropNextReplyTo(String idempotencyKey) {
        KEYS.add(idempotencyKey);
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        String key = exchange.getRequest().getHeaders().getFirst("Idempotency-Key");
        if (key == null || !KEYS.remove(key)) {
            return chain.filter(exchange);
        }
        ServerHttpResponse response = exchange.getResponse();
        ServerHttpResponseDecorator dropping = new ServerHttpResponseDecorator(response) {
            @Override
            public Mono<Void> writeWith(Publisher<? extends DataBuffer> body) {
                HttpServerResponse connection = ServerHttpResponseDecorator.getNativeResponse(response);
                connection.withConnection(c -> c.channel().close());
                return Mono.empty();
            }
        };
        return chain.filter(exchange.mutate().response(dropping).build());
    }
}
