package com.storageplatform.gateway.limits;

import com.storageplatform.gateway.access.AccessFilter;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.ErrorCode;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import org.springframework.core.Ordered;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DataBufferUtils;
import org.springframework.http.HttpMethod;
import org.springframework.http.InvalidMediaTypeException;
import org.springframework.http.MediaType;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.http.server.reactive.ServerHttpRequestDecorator;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.publisher.SynchronousSink;

/**
 * 413 {@code payload_too_large} for a body over the limit, before it is read whole: a {@code Content-Length} over
 * it is refused at once, without a byte of the body read or sent on; a body without one (chunked) is counted as it
 * streams to the service and cut off at the limit, so the gateway never holds more than Netty's buffers of it. The
 * limit is {@code platform.limits.max-body-size} (1 MiB), and {@code max-import-size} (50 MiB) for the CSV file of
 * {@code POST /v1/imports}. Runs after the access filter: a caller without a valid credential is 401 whatever it
 * sends, and a refusal spends from, and reports, the caller's rate-limit bucket like any other answer.
 */
final class BodyLimitFilter implements WebFilter, Ordered {

    static final int ORDER = AccessFilter.ORDER + 10;
    private static final MediaType TEXT_CSV = MediaType.parseMediaType("text/csv");

    private final RequestLimits limits;

    BodyLimitFilter(RequestLimits limits) {
        this.limits = limits;
    }

    @Override
    public int getOrder() {
        return ORDER;
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        ServerHttpRequest request = exchange.getRequest();
        boolean isImport = isImport(request);
        long limit = (isImport ? limits.maxImportSize() : limits.maxBodySize()).toBytes();
        long declared = request.getHeaders().getContentLength();
        if (declared > limit) {
            return Mono.error(tooLarge(isImport));
        }
        // With a Content-Length, Netty reads no more than that as the body: only a chunked one needs counting.
        long counted = declared >= 0 ? Long.MAX_VALUE : limit;
        return chain.filter(exchange.mutate().request(new Bounded(request, counted, () -> tooLarge(isImport))).build());
    }

    private static boolean isImport(ServerHttpRequest request) {
        if (request.getMethod() != HttpMethod.POST || !request.getPath().value().equals("/v1/imports")) {
            return false;
        }
        MediaType type;
        try {
            type = request.getHeaders().getContentType();
        } catch (InvalidMediaTypeException e) {
            return false; // not a CSV file (an unknown charset, a malformed type): the service refuses it, 415
        }
        return type != null && type.isCompatibleWith(TEXT_CSV);
    }

    private ApiException tooLarge(boolean isImport) {
        return new ApiException(ErrorCode.PAYLOAD_TOO_LARGE, isImport
                ? "The file is larger than " + RequestLimits.describe(limits.maxImportSize())
                        + ", the most an import takes: split it into several files."
                : "The request body is larger than " + RequestLimits.describe(limits.maxBodySize()) + ".");
    }

    /**
     * The request, its body failing with the refusal as soon as more than the limit has come. A body the client
     * stops sending (cut off by the read or request timeout, or its connection dropped) fails as the client's own
     * 400 {@code invalid_request}: not a failure of the service it was streaming to, and nothing the error handler
     * must treat as unexpected. The connection is closed by then, so no one hears that answer.
     */
    private static final class Bounded extends ServerHttpRequestDecorator {

        private final long limit;
        private final Supplier<ApiException> refusal;

        Bounded(ServerHttpRequest request, long limit, Supplier<ApiException> refusal) {
            super(request);
            this.limit = limit;
            this.refusal = refusal;
        }

        @Override
        public Flux<DataBuffer> getBody() {
            return Flux.defer(() -> {
                AtomicLong seen = new AtomicLong();
                return super.getBody().handle((DataBuffer buffer, SynchronousSink<DataBuffer> sink) -> {
                    if (seen.addAndGet(buffer.readableByteCount()) > limit) {
                        DataBufferUtils.release(buffer);
                        sink.error(refusal.get());
                    } else {
                        sink.next(buffer);
                    }
                });
            }).onErrorMap(failure -> !(failure instanceof ApiException),
                    failure -> new ApiException(ErrorCode.INVALID_REQUEST, "The request body did not arrive whole."));
        }
    }
}
