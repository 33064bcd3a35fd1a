package com.storageplatform.kit.openapi;

import java.util.ArrayList;
import java.util.List;
import org.springframework.core.Ordered;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.web.reactive.result.method.RequestMappingInfo;
import org.springframework.web.reactive.result.method.annotation.RequestMappingHandlerMapping;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;

/**
 * Sends the {@code Deprecation}, {@code Sunset} and {@code Link} headers of {@link ApiDeprecation} on the
 * responses of deprecated operations and of operations whose successful answer carries a deprecated field. The
 * mappings concerned are found once; a request is matched against them only (none: nothing is done), before
 * anything else runs, so a replayed idempotent response carries the headers too.
 */
public final class DeprecationHeaders implements WebFilter, Ordered {

    private record Deprecated(RequestMappingInfo mapping, Deprecations.Found found) {
    }

    private final RequestMappingHandlerMapping mappings;
    private volatile List<Deprecated> deprecated;

    public DeprecationHeaders(RequestMappingHandlerMapping mappings) {
        this.mappings = mappings;
    }

    @Override
    public int getOrder() {
        return Ordered.HIGHEST_PRECEDENCE + 50;
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        for (Deprecated candidate : deprecated()) {
            if (candidate.mapping().getMatchingCondition(exchange) != null) {
                ServerHttpResponse response = exchange.getResponse();
                response.beforeCommit(() -> {
                    HttpStatusCode status = response.getStatusCode();
                    candidate.found().headersFor(status == null ? 200 : status.value())
                            .ifPresent(headers -> write(response.getHeaders(), headers));
                    return Mono.empty();
                });
                break;
            }
        }
        return chain.filter(exchange);
    }

    private static void write(HttpHeaders headers, Deprecations.Headers values) {
        headers.set("Deprecation", values.deprecation());
        headers.set("Sunset", values.sunset());
        values.links().forEach(link -> headers.add(HttpHeaders.LINK, link));
    }

    private List<Deprecated> deprecated() {
        List<Deprecated> found = deprecated;
        if (found == null) {
            List<Deprecated> all = new ArrayList<>();
            mappings.getHandlerMethods().forEach((mapping, handler) -> {
                Deprecations.Found deprecations = Deprecations.of(handler.getMethod());
                if (!deprecations.isEmpty()) {
                    all.add(new Deprecated(mapping, deprecations));
                }
            });
            found = List.copyOf(all);
            deprecated = found;
        }
        return found;
    }
}
