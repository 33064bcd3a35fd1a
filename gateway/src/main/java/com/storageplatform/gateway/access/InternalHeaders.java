package com.storageplatform.gateway.access;

import com.storageplatform.kit.caller.Introspection;
import java.util.Locale;
import org.springframework.http.server.reactive.ServerHttpRequest;

/** Headers only the platform itself may set; a client that sends them has them removed. */
final class InternalHeaders {

    private InternalHeaders() {
    }

    static boolean isInternal(String name) {
        String lower = name.toLowerCase(Locale.ROOT);
        return lower.startsWith("x-internal-") || lower.startsWith("service-caller")
                || lower.equals(Introspection.REVOKED_HEADER.toLowerCase(Locale.ROOT));
    }

    static ServerHttpRequest strip(ServerHttpRequest request) {
        boolean any = request.getHeaders().headerNames().stream().anyMatch(InternalHeaders::isInternal);
        if (!any) {
            return request;
        }
        return request.mutate().headers(headers -> headers.headerNames().stream()
                .filter(InternalHeaders::isInternal).toList()
                .forEach(headers::remove)).build();
    }
}
