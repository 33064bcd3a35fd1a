package com.storageplatform.gateway.route;

import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.ErrorCode;
import io.github.resilience4j.circuitbreaker.CallNotPermittedException;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.github.resilience4j.circuitbreaker.CircuitBreakerConfig;
import io.github.resilience4j.circuitbreaker.CircuitBreakerRegistry;
import io.github.resilience4j.reactor.circuitbreaker.operator.CircuitBreakerOperator;
import java.net.ConnectException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeoutException;
import org.springframework.cloud.gateway.filter.GatewayFilterChain;
import org.springframework.cloud.gateway.filter.GlobalFilter;
import org.springframework.cloud.gateway.route.Route;
import org.springframework.cloud.gateway.support.ServerWebExchangeUtils;
import org.springframework.core.Ordered;
import org.springframework.web.reactive.function.client.WebClientResponseException;
import org.springframework.web.server.ResponseStatusException;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;
import reactor.netty.channel.AbortedException;
import reactor.netty.http.client.PrematureCloseException;

/**
 * One circuit breaker per service (resilience4j) around the proxied call and around the gateway's own calls to
 * that service (introspection asks the {@code auth} breaker): a service that keeps failing is given time to
 * recover, and callers get a fast 503 {@code service_unavailable} with {@code Retry-After} meanwhile. A service
 * that does not answer (or answers 5xx to the gateway's own call) is 503 too; one that answers too slowly is 504.
 */
public final class ServiceResilience implements GlobalFilter, Ordered {

    static final Duration OPEN_FOR = Duration.ofSeconds(10);
    private static final String RETRY_CONNECT = "5";
    private static final String SERVICE = "The service";

    private final CircuitBreakerRegistry breakers = CircuitBreakerRegistry.of(CircuitBreakerConfig.custom()
            .slidingWindowSize(20)
            .minimumNumberOfCalls(10)
            .failureRateThreshold(50)
            .waitDurationInOpenState(OPEN_FOR)
            .permittedNumberOfCallsInHalfOpenState(3)
            .recordException(ServiceResilience::isUnavailable)
            .build());

    @Override
    public int getOrder() {
        return Ordered.LOWEST_PRECEDENCE - 10;
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, GatewayFilterChain chain) {
        Route route = exchange.getAttribute(ServerWebExchangeUtils.GATEWAY_ROUTE_ATTR);
        String service = route == null ? "unknown" : route.getId();
        CircuitBreaker breaker = breakers.circuitBreaker(service);
        return chain.filter(exchange)
                .transformDeferred(CircuitBreakerOperator.of(breaker))
                .onErrorMap(failure -> toApiError(failure, SERVICE));
    }

    /** The breaker of a service, by its short name ({@code auth}, {@code billing}, ...). */
    public CircuitBreaker breakerOf(String service) {
        return breakers.circuitBreaker(service);
    }

    private static boolean isUnavailable(Throwable failure) {
        return toApiError(failure, SERVICE) instanceof ApiException api
                && (api.code() == ErrorCode.SERVICE_UNAVAILABLE || api.code() == ErrorCode.GATEWAY_TIMEOUT);
    }

    /**
     * What a failed call to a service means to the client: an open circuit or a service that cannot be reached
     * is 503 with {@code Retry-After}, one that is too slow is 504; anything else is left as it is.
     *
     * @param subject how the message names the service ("The service", "The authentication service")
     */
    public static Throwable toApiError(Throwable failure, String subject) {
        if (failure instanceof ApiException) {
            return failure;
        }
        if (failure instanceof CallNotPermittedException) {
            return unavailable(subject, Long.toString(OPEN_FOR.toSeconds()));
        }
        if (failure instanceof ResponseStatusException status && status.getStatusCode().value() == 504
                || failure instanceof TimeoutException) {
            return new ApiException(ErrorCode.GATEWAY_TIMEOUT, subject + " did not answer in time.");
        }
        if (failure instanceof WebClientResponseException answer && answer.getStatusCode().is5xxServerError()) {
            return unavailable(subject, RETRY_CONNECT);
        }
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof ConnectException || cause instanceof PrematureCloseException
                    || cause instanceof AbortedException
                    || cause instanceof io.netty.channel.ConnectTimeoutException) {
                return unavailable(subject, RETRY_CONNECT);
            }
        }
        return failure;
    }

    private static ApiException unavailable(String subject, String retryAfter) {
        return new ApiException(ErrorCode.SERVICE_UNAVAILABLE, ErrorCode.SERVICE_UNAVAILABLE.status(),
                subject + " is unavailable: retry after " + retryAfter + " seconds.", List.of(),
                Map.of("Retry-After", retryAfter));
    }
}
