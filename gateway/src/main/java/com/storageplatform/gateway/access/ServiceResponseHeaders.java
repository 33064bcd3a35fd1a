package com.storageplatform.gateway.access;

import com.storageplatform.kit.web.RequestIds;
import org.springframework.cloud.gateway.filter.headers.HttpHeadersFilter;
import org.springframework.http.HttpHeaders;
import org.springframework.web.server.ServerWebExchange;

/**
 * The headers of a service's response as the client receives them: the gateway has already set the request id
 * on its own response, so the service's echo of the same id is dropped rather than sent a second time; and
 * hop-by-hop headers ({@link HopByHop}) describe the connection to the service, not the client's.
 */
final class ServiceResponseHeaders implements HttpHeadersFilter {

    @Override
    public HttpHeaders filter(HttpHeaders input, ServerWebExchange exchange) {
        HopByHop hopByHop = HopByHop.of(input);
        HttpHeaders headers = new HttpHeaders();
        input.forEach((name, values) -> {
            if (!name.equalsIgnoreCase(RequestIds.HEADER) && !hopByHop.drops(name)) {
                headers.put(name, values);
            }
        });
        return headers;
    }

    @Override
    public boolean supports(Type type) {
        return type == Type.RESPONSE;
    }
}
