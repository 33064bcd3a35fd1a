package com.storageplatform.gateway.route;

import com.storageplatform.kit.resilience.Outages;
import com.storageplatform.kit.resilience.Resilience;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.github.resilience4j.reactor.circuitbreaker.operator.CircuitBreakerOperator;
import java.time.Duration;
import org.springframework.cloud.gateway.filter.GatewayFilterChain;
import org.springframework.cloud.gateway.filter.GlobalFilter;
import org.springframework.cloud.gateway.route.Route;
import org.springframework.cloud.gateway.support.ServerWebExchangeUtils;
import org.springframework.core.Ordered;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/**
 * One circuit breaker per service (resilience4j) around the proxied call and around the gateway's own calls to
 * that service (introspection asks the {@code auth} breaker): a service that keeps failing is given time to
 * recover, and callers get a fast 503 {@code service_unavailable} with {@code Retry-After} meanwhile. A service
 * that does not answer (or answers 5xx to the gateway's own call) is 503 too; one that answers too slowly is 504.
 * The breakers come from the kit's {@link Resilience}, configured by {@code platform.resilience.*} like every
 * service's calls to its peers; the mapping of failures is the kit's {@link Outages}.
 */
public final class ServiceResilience implements GlobalFilter, Ordered {

    private static final String SERVICE = "The service";

    private final Resilience resilience;

    public ServiceResilience(Resilience resilience) {
        this.resilience = resilience;
    }

    @Override
    public int getOrder() {
        return Ordered.LOWEST_PRECEDENCE - 10;
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, GatewayFilterChain chain) {
        Route route = exchange.getAttribute(ServerWebExchangeUtils.GATEWAY_ROUTE_ATTR);
        String service = route == null ? "unknown" : route.getId();
        CircuitBreaker breaker = resilience.breakerOf(service);
        Duration openFor = resilience.policyOf(service).openFor();
        return chain.filter(exchange)
                .transformDeferred(CircuitBreakerOperator.of(breaker))
                .onErrorMap(failure -> Outages.toApiError(failure, SERVICE, openFor));
    }
}
