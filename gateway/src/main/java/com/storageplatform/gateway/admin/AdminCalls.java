package com.storageplatform.gateway.admin;

import com.storageplatform.kit.resilience.Resilience;
import java.time.Duration;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DataBufferUtils;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.client.WebClient;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;

/**
 * The gateway's own admin calls to a service ({@code /internal/*}), each through the kit's {@link Resilience#guard}:
 * behind that service's circuit breaker (the one its proxied route uses) and bounded, so a service that hangs answers
 * the admin 504 {@code gateway_timeout} and one that is down 503 {@code service_unavailable} with
 * {@code Retry-After}, never a request left waiting: admin routes are the gateway's own, outside the route timeout
 * and the {@code /v1} deadline.
 */
@Component
class AdminCalls {

    /** A sweep run on demand may take longer than an ordinary call; outside production only. */
    static final Duration JOB_RUN_TIMEOUT = Duration.ofSeconds(30);

    private final Resilience resilience;

    AdminCalls(Resilience resilience) {
        this.resilience = resilience;
    }

    /**
     * The body of a request whose route does not use it, read and let go before the route works. A body left unread
     * keeps the server's read timeout ({@code platform.limits.read-timeout}) armed, so a route that works longer than
     * it (a job run) had its connection closed with no answer whenever the body came after the headers.
     */
    static Mono<Void> unusedBodyRead(ServerRequest request) {
        return request.bodyToFlux(DataBuffer.class).doOnNext(DataBufferUtils::release).then();
    }

    /** The call, bounded by the service's timeout ({@code platform.resilience.peers.<service>.timeout}). */
    <T> Mono<T> call(String service, Mono<T> call) {
        return resilience.guard(service, subject(service), call);
    }

    /** The service's answer as it is (status and envelope), read in full within {@code bound}. */
    Mono<ServerResponse> passThrough(String service, WebClient.RequestHeadersSpec<?> request, Duration bound) {
        return resilience.guard(service, subject(service), bound, request.exchangeToMono(response -> response
                        .bodyToMono(String.class).defaultIfEmpty("")
                        .map(body -> new Answered(response.statusCode().value(), body))))
                .flatMap(answered -> ServerResponse.status(answered.status())
                        .contentType(MediaType.APPLICATION_JSON).bodyValue(answered.body()));
    }

    /** {@link #passThrough(String, WebClient.RequestHeadersSpec, Duration)} within the service's own timeout. */
    Mono<ServerResponse> passThrough(String service, WebClient.RequestHeadersSpec<?> request) {
        return passThrough(service, request, resilience.policyOf(service).timeout());
    }

    private static String subject(String service) {
        return "The " + service + " service";
    }

    private record Answered(int status, String body) {
    }
}
