package com.storageplatform.gateway.access;

import com.storageplatform.kit.caller.Introspection;
import com.storageplatform.kit.request.RequestDeadlineFilter;
import com.storageplatform.kit.web.RequestIds;
import org.springframework.cloud.gateway.filter.headers.HttpHeadersFilter;
import org.springframework.core.Ordered;
import org.springframework.http.HttpHeaders;
import org.springframework.web.server.ServerWebExchange;

/**
 * The headers of a request as a service receives it, built where Spring Cloud Gateway copies them onto the
 * proxied request: headers only the platform may set are dropped whatever the client sent (the deadline a
 * service inherits from a peer among them), the client's secret is replaced by the caller token the access
 * filter chose ({@link #CALLER_TOKEN}), and the request id is passed on. Requests with no caller token (the token endpoint) keep their own {@code Authorization}.
 * Hop-by-hop and forwarding headers are dropped in the same pass ({@link HopByHop}).
 */
final class InternalHeaders implements HttpHeadersFilter, Ordered {

    /** Exchange attribute: the caller token to send to the service. */
    static final String CALLER_TOKEN = InternalHeaders.class.getName() + ".caller-token";

    static boolean isInternal(String name) {
        return name.regionMatches(true, 0, "x-internal-", 0, 11)
                || name.regionMatches(true, 0, "service-caller", 0, 14)
                || name.equalsIgnoreCase(Introspection.REVOKED_HEADER)
                || name.equalsIgnoreCase(RequestDeadlineFilter.HEADER)
                || isClientTraceContext(name);
    }

    /**
     * Trace context in forms the platform never produces (baggage, B3): the trace starts at the gateway (ADR 0022),
     * whose own {@code traceparent} replaces the client's.
     */
    private static boolean isClientTraceContext(String name) {
        return name.equalsIgnoreCase("baggage") || name.equalsIgnoreCase("b3")
                || name.regionMatches(true, 0, "x-b3-", 0, 5);
    }

    @Override
    public HttpHeaders filter(HttpHeaders input, ServerWebExchange exchange) {
        String callerToken = exchange.getAttribute(CALLER_TOKEN);
        HopByHop hopByHop = HopByHop.of(input);
        HttpHeaders headers = new HttpHeaders();
        input.forEach((name, values) -> {
            if (!isInternal(name) && !hopByHop.drops(name)
                    && !(callerToken != null && name.equalsIgnoreCase(HttpHeaders.AUTHORIZATION))) {
                headers.put(name, values);
            }
        });
        if (callerToken != null) {
            headers.set(HttpHeaders.AUTHORIZATION, "Bearer " + callerToken);
        }
        headers.set(RequestIds.HEADER, RequestIds.of(exchange));
        return headers;
    }

    @Override
    public boolean supports(Type type) {
        return type == Type.REQUEST;
    }

    @Override
    public int getOrder() {
        return Ordered.LOWEST_PRECEDENCE;
    }
}
