package com.storageplatform.kit.request;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DataBufferUtils;
import org.springframework.http.InvalidMediaTypeException;
import org.springframework.http.MediaType;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.http.server.reactive.ServerHttpRequestDecorator;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * A body that reaches its handler as it arrives (a CSV upload, which may be many megabytes), never held whole:
 * an {@code Idempotency-Key} binds to its fingerprint, the SHA-256 of method, path and bytes, computed as the
 * handler reads them. It equals {@link RequestFingerprint#of} of the same bytes, which are not JSON.
 */
final class StreamedBody extends ServerHttpRequestDecorator {

    /** The one request body of the API that is not JSON: streamed whatever its size. */
    static final MediaType CSV = new MediaType("text", "csv");

    private final MessageDigest digest;
    private volatile boolean read;
    private volatile boolean complete;

    StreamedBody(ServerHttpRequest request) {
        super(request);
        try {
            digest = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        digest.update((request.getMethod().name() + "\n" + request.getPath().value() + "\n")
                .getBytes(StandardCharsets.UTF_8));
    }

    static boolean isStreamed(ServerHttpRequest request) {
        try {
            MediaType type = request.getHeaders().getContentType();
            return type != null && CSV.isCompatibleWith(type);
        } catch (InvalidMediaTypeException e) {
            // Not a CSV file (an unknown charset, no media type at all): the handler refuses the body as it reads
            // it (415, or the token endpoint's own 400), rather than the filter with a 500 (issue 21).
            return false;
        }
    }

    @Override
    public Flux<DataBuffer> getBody() {
        read = true;
        return super.getBody().doOnNext(this::update).doOnComplete(() -> complete = true);
    }

    private void update(DataBuffer buffer) {
        try (DataBuffer.ByteBufferIterator views = buffer.readableByteBuffers()) {
            views.forEachRemaining(digest::update);
        }
    }

    /**
     * Reads the body to its end when nothing read it (a stored key's replay or conflict, a refusal before the
     * handler read it), so that the client, still sending, hears the answer. Once read in part, it can be read
     * no further: the connection then ends after the answer.
     */
    Mono<Void> drain() {
        return Mono.defer(() -> read ? Mono.empty() : getBody().doOnNext(DataBufferUtils::release).then());
    }

    /** Whether every byte went through the digest: only then is the fingerprint the body's. */
    boolean isComplete() {
        return complete;
    }

    String fingerprint() {
        return HexFormat.of().formatHex(digest.digest());
    }
}
