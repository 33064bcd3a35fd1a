package com.storageplatform.kit.resilience;

import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.ErrorCode;
import io.github.resilience4j.circuitbreaker.CallNotPermittedException;
import io.netty.channel.unix.Errors;
import java.net.SocketException;
import java.time.Duration;
import java.util.concurrent.TimeoutException;
import org.springframework.web.reactive.function.client.WebClientResponseException;
import org.springframework.web.server.ResponseStatusException;
import reactor.netty.channel.AbortedException;
import reactor.netty.http.client.PrematureCloseException;

/**
 * What a failed call to another service means, for the gateway and for a service calling its peers alike: a peer
 * that cannot be reached, drops the connection or answers 5xx is unavailable (503 {@code service_unavailable}
 * with {@code Retry-After}), one whose circuit is open too, and one that is too slow is 504
 * {@code gateway_timeout}. Only these count against a peer's circuit breaker; a 4xx is the peer working.
 */
public final class Outages {

    /** {@code Retry-After} of a peer that failed: long enough for a restart or a new pod to take over. */
    public static final Duration RETRY_AFTER_FAILURE = Duration.ofSeconds(5);

    private Outages() {
    }

    /** Whether the failure says the peer is down or too slow, so it counts against the peer's breaker. */
    public static boolean isOutage(Throwable failure) {
        return failure instanceof TimeoutException
                || failure instanceof ResponseStatusException status && status.getStatusCode().value() == 504
                || failure instanceof WebClientResponseException answer && answer.getStatusCode().is5xxServerError()
                || failure instanceof DependencyOutage
                || isConnectionFailure(failure);
    }

    /**
     * A connection refused, timed out while connecting, closed before the answer came, or reset while the peer
     * served the call (a process killed mid-request: {@code SocketException} with NIO, netty's
     * {@code NativeIoException} with the native transport).
     */
    public static boolean isConnectionFailure(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof SocketException || cause instanceof Errors.NativeIoException
                    || cause instanceof PrematureCloseException || cause instanceof AbortedException
                    || cause instanceof io.netty.channel.ConnectTimeoutException) {
                return true;
            }
        }
        return false;
    }

    /**
     * The client-facing error of a failed call: an open circuit is 503 with {@code Retry-After} of
     * {@code openFor}, an unreachable or failing peer 503 with {@link #RETRY_AFTER_FAILURE}, a slow one 504;
     * anything else is left as it is.
     *
     * @param subject how the message names the peer ("The service", "The billing service")
     */
    public static Throwable toApiError(Throwable failure, String subject, Duration openFor) {
        if (failure instanceof ApiException) {
            return failure;
        }
        if (failure instanceof CallNotPermittedException) {
            return unavailable(subject, openFor);
        }
        if (failure instanceof ResponseStatusException status && status.getStatusCode().value() == 504
                || failure instanceof TimeoutException) {
            return new ApiException(ErrorCode.GATEWAY_TIMEOUT, subject + " did not answer in time.");
        }
        if (failure instanceof WebClientResponseException answer && answer.getStatusCode().is5xxServerError()
                || failure instanceof DependencyOutage || isConnectionFailure(failure)) {
            return unavailable(subject, RETRY_AFTER_FAILURE);
        }
        return failure;
    }

    /** 503 {@code service_unavailable} with {@code Retry-After} in whole seconds (at least one). */
    public static ApiException unavailable(String subject, Duration retryAfter) {
        return ApiException.retryLater(ErrorCode.SERVICE_UNAVAILABLE, subject + " is unavailable.",
                Math.max(1, (retryAfter.toMillis() + 999) / 1000));
    }
}
