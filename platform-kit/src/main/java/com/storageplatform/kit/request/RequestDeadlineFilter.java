package com.storageplatform.kit.request;

import com.storageplatform.kit.web.RequestIds;
import java.time.Duration;
import org.springframework.core.Ordered;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;

/**
 * Gives every {@code /v1} request a deadline: {@code platform.request.deadline} (10 s), or less when a calling
 * service passed on what was left of its own ({@value #HEADER}, in milliseconds). A request still running when it
 * passes is answered 504 {@code gateway_timeout}.
 *
 * <p>A mutation is bounded inside {@link MutationFilter}, which stops the handler at the deadline, rolls the
 * transaction back and only then answers, so a retry finds its idempotency key free and nothing half-written.
 * Anything else is cancelled here. Only the public API has one: {@code /health} and {@code /internal/*} are never
 * routed, and the auth service's sign-in, consent and admin pages wait on Keycloak within its own bound instead
 * (the gateway gives the auth service's routes longer, {@code platform.auth-route-timeout}). Every request still
 * carries its id and {@code Idempotency-Key} to the calls it makes ({@link InboundRequest}).
 */
public class RequestDeadlineFilter implements WebFilter, Ordered {

    /** Request header: the milliseconds a calling service has left of its own deadline. */
    public static final String HEADER = "Service-Deadline-Ms";
    /** Right after the request id is assigned, before security: a slow credential check spends the budget too. */
    public static final int ORDER = Ordered.HIGHEST_PRECEDENCE + 1;
    private static final String ATTRIBUTE = Deadline.class.getName();

    private final Duration deadline;

    public RequestDeadlineFilter(Duration deadline) {
        this.deadline = deadline;
    }

    @Override
    public int getOrder() {
        return ORDER;
    }

    /** The deadline of a request, or null when it has none. */
    public static Deadline of(ServerWebExchange exchange) {
        return exchange.getAttribute(ATTRIBUTE);
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        ServerHttpRequest request = exchange.getRequest();
        String path = request.getPath().value();
        if (!path.equals("/v1") && !path.startsWith("/v1/")) {
            InboundRequest undated = new InboundRequest(RequestIds.of(exchange), null,
                    request.getHeaders().getFirst(MutationFilter.KEY_HEADER));
            return chain.filter(exchange).contextWrite(context -> context.put(InboundRequest.class, undated));
        }
        Deadline requestDeadline = Deadline.in(budget(request.getHeaders().getFirst(HEADER)));
        exchange.getAttributes().put(ATTRIBUTE, requestDeadline);
        InboundRequest inbound = new InboundRequest(RequestIds.of(exchange), requestDeadline,
                request.getHeaders().getFirst(MutationFilter.KEY_HEADER));
        Mono<Void> served = MutationFilter.handles(request) ? chain.filter(exchange)
                : chain.filter(exchange).timeout(requestDeadline.remaining(), Mono.error(requestDeadline::exceeded));
        return served.contextWrite(context -> context.put(InboundRequest.class, inbound));
    }

    /** The smaller of this service's deadline and the one inherited; a malformed header is ignored. */
    Duration budget(String inherited) {
        if (inherited == null) {
            return deadline;
        }
        try {
            long millis = Long.parseLong(inherited.trim());
            return millis < deadline.toMillis() ? Duration.ofMillis(Math.max(0, millis)) : deadline;
        } catch (NumberFormatException e) {
            return deadline;
        }
    }
}
