package com.storageplatform.gateway.access;

import com.storageplatform.kit.caller.Introspection;
import java.util.Arrays;
import java.util.List;
import org.springframework.http.HttpHeaders;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/**
 * Reads the auth service's report of revoked credentials off a response before it is committed: the gateway
 * forgets them (and tells the other replicas) before the client can send its next request, then removes the
 * header, which is for the platform only.
 */
final class RevocationReports {

    private RevocationReports() {
    }

    static ServerWebExchange watch(ServerWebExchange exchange, Introspector introspector) {
        exchange.getResponse().beforeCommit(() -> {
            HttpHeaders headers = exchange.getResponse().getHeaders();
            String reported = headers.getFirst(Introspection.REVOKED_HEADER);
            if (reported == null) {
                return Mono.empty();
            }
            headers.remove(Introspection.REVOKED_HEADER);
            List<String> ids = Arrays.stream(reported.split(",")).map(String::trim).filter(id -> !id.isEmpty()).toList();
            return introspector.revoked(ids);
        });
        return exchange;
    }
}
