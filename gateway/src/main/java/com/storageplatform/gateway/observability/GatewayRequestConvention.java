package com.storageplatform.gateway.observability;

import com.storageplatform.gateway.access.AccessFilter;
import com.storageplatform.gateway.route.RouteTable;
import io.micrometer.common.KeyValue;
import java.util.Optional;
import org.springframework.http.server.reactive.observation.DefaultServerRequestObservationConvention;
import org.springframework.http.server.reactive.observation.ServerRequestObservationContext;

/**
 * Names the requests the gateway proxies by the route table's entry they fall under ({@code /v1/sites/**},
 * {@code /admin/v1/**}, {@code /oauth/**}) in {@code http.server.requests}: Spring Cloud Gateway matches no handler
 * pattern, which would count all of them as one {@code UNKNOWN}. Requests to the gateway's own routes
 * ({@code /health}, {@code /v1/ready}) keep their pattern; anything else stays as Spring counts it, never under its
 * raw path.
 */
public class GatewayRequestConvention extends DefaultServerRequestObservationConvention {

    @Override
    protected KeyValue uri(ServerRequestObservationContext context) {
        if (context.getPathPattern() == null && context.getCarrier() != null) {
            String template = templateOf(context.getCarrier().getPath().pathWithinApplication().value());
            if (template != null) {
                return KeyValue.of("uri", template);
            }
        }
        return super.uri(context);
    }

    /** The route template a proxied path is counted under, or null for a path the gateway does not route. */
    static String templateOf(String path) {
        if (path.equals("/admin/v1") || path.startsWith("/admin/v1/")) {
            return "/admin/v1/**";
        }
        if (path.startsWith("/oauth/")) {
            return "/oauth/**";
        }
        if (path.equals("/app") || path.startsWith("/app/")) {
            return "/app/**";
        }
        Optional<String> selfAuthenticated = AccessFilter.selfAuthenticated(path);
        if (selfAuthenticated.isPresent()) {
            return selfAuthenticated.get() + "**";
        }
        return RouteTable.match(path).map(entry -> "/v1/" + entry.path() + "/**").orElse(null);
    }
}
