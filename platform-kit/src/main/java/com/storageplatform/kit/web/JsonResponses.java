package com.storageplatform.kit.web;

import java.util.Map;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.http.server.reactive.ServerHttpResponse;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

/** Writes a JSON body outside the normal handler path (errors, replays, filters) with the app's mapper. */
public class JsonResponses {

    private final JsonMapper mapper;

    public JsonResponses(JsonMapper mapper) {
        this.mapper = mapper;
    }

    public byte[] toBytes(Object body) {
        return mapper.writeValueAsBytes(body);
    }

    public Mono<Void> write(ServerHttpResponse response, HttpStatusCode status, Object body) {
        return writeBytes(response, status, MediaType.APPLICATION_JSON_VALUE, toBytes(body), Map.of());
    }

    public Mono<Void> write(ServerHttpResponse response, ErrorResponse error) {
        return writeBytes(response, error.status(), MediaType.APPLICATION_JSON_VALUE, toBytes(error.body()),
                error.headers());
    }

    public static Mono<Void> writeBytes(ServerHttpResponse response, HttpStatusCode status, String contentType,
            byte[] body, Map<String, String> headers) {
        response.setStatusCode(status);
        if (contentType != null) {
            response.getHeaders().set("Content-Type", contentType);
        }
        headers.forEach((name, value) -> response.getHeaders().set(name, value));
        response.getHeaders().setContentLength(body.length);
        DataBuffer buffer = response.bufferFactory().wrap(body);
        return response.writeWith(Mono.just(buffer));
    }
}
