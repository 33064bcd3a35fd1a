package com.storageplatform.kit.request;

import com.storageplatform.kit.caller.Introspection;
import com.storageplatform.kit.web.ErrorResponse;
import com.storageplatform.kit.web.JsonResponses;
import java.util.List;
import java.util.Map;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.server.reactive.ServerHttpResponse;
import reactor.core.publisher.Mono;

/**
 * The response of a mutation, held back until its transaction has committed: status, body and the headers a
 * replay must repeat. {@code fromEndpoint} is false when the framework refused the request before the endpoint
 * decided anything (routing, media type, decoding the body).
 */
record Outcome(int status, String contentType, byte[] body, Map<String, String> headers, boolean fromEndpoint) {

    /** Headers an endpoint may set that belong to the response's meaning, so a replay carries them too. */
    static final List<String> REPLAYED_HEADERS = List.of("Location", "Deprecation", "Sunset", "Link", "Retry-After",
            "Allow", Introspection.REVOKED_HEADER);

    /** What the endpoint answered, or a stored answer being replayed. */
    Outcome(int status, String contentType, byte[] body, Map<String, String> headers) {
        this(status, contentType, body, headers, true);
    }

    static Outcome ofError(ErrorResponse error, JsonResponses json, boolean fromEndpoint) {
        return new Outcome(error.status().value(), "application/json", json.toBytes(error.body()), error.headers(),
                fromEndpoint);
    }

    boolean isSuccess() {
        return status < 400;
    }

    /**
     * Whether the response is kept under its idempotency key: every answer the endpoint decided (2xx, and its
     * 4xx), except 401, 403, 429 and 5xx, which may be retried with the same key. A refusal the framework made
     * before the endpoint ran (malformed JSON, 415, an unknown or mistyped body field, 404 route, 405) is not
     * kept either, so the corrected request can be sent again under the same key.
     */
    boolean isStorable() {
        return fromEndpoint && status < 500 && status != 401 && status != 403 && status != 429;
    }

    Mono<Void> writeTo(ServerHttpResponse response, Map<String, String> extraHeaders) {
        response.getHeaders().putAll(toMultiValue(extraHeaders));
        return JsonResponses.writeBytes(response, HttpStatusCode.valueOf(status), contentType, body, headers);
    }

    private static org.springframework.http.HttpHeaders toMultiValue(Map<String, String> headers) {
        org.springframework.http.HttpHeaders multi = new org.springframework.http.HttpHeaders();
        headers.forEach(multi::set);
        return multi;
    }
}
