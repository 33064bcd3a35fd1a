package com.storageplatform.gateway.access;

import com.storageplatform.kit.web.RequestIds;
import org.springframework.cloud.gateway.filter.headers.HttpHeadersFilter;
import org.springframework.http.HttpHeaders;
import org.springframework.web.server.ServerWebExchange;

/**
 * The headers of a service's response as the client receives them: the gateway has already set the request id
 * on its own response, so the service's echo of the same id is dropped rather than sent a second time.
 */
final class ServiceResponseHeaders implements HttpHeadersFilter {

    @Override
    public HttpHeaders filter(HttpHeaders input, ServerWebExchange exchange) {
        if (!input.containsHeader(RequestIds.HEADER)) {
            return input;
        }
        HttpHeaders headers = new HttpHeaders();
        input.forEach((name, values) -> {
            if (!name.equalsIgnoreCase(RequestIds.HEADER)) {
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
