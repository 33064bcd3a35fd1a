package com.storageplatform.kit.request;

import java.util.LinkedHashMap;
import java.util.Map;
import org.reactivestreams.Publisher;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DataBufferUtils;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.http.server.reactive.ServerHttpResponseDecorator;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Keeps what the handler writes in memory instead of sending it, so the reply leaves only after the
 * transaction (mutation, outbox rows, stored idempotent response) has committed.
 */
final class CapturingResponse extends ServerHttpResponseDecorator {

    private byte[] body = new byte[0];

    CapturingResponse(ServerHttpResponse delegate) {
        super(delegate);
    }

    @Override
    public Mono<Void> writeWith(Publisher<? extends DataBuffer> content) {
        return DataBufferUtils.join(Flux.from(content))
                .doOnNext(buffer -> {
                    byte[] bytes = new byte[buffer.readableByteCount()];
                    buffer.read(bytes);
                    DataBufferUtils.release(buffer);
                    body = bytes;
                })
                .then();
    }

    @Override
    public Mono<Void> writeAndFlushWith(Publisher<? extends Publisher<? extends DataBuffer>> content) {
        return writeWith(Flux.from(content).concatMap(Flux::from));
    }

    @Override
    public Mono<Void> setComplete() {
        return Mono.empty();
    }

    Outcome outcome() {
        HttpStatusCode status = getStatusCode();
        MediaType type = getHeaders().getContentType();
        Map<String, String> kept = new LinkedHashMap<>();
        for (String name : Outcome.REPLAYED_HEADERS) {
            String value = getHeaders().getFirst(name);
            if (value != null) {
                kept.put(name, value);
            }
        }
        return new Outcome(status == null ? 200 : status.value(), type == null ? null : type.toString(), body, kept);
    }
}
