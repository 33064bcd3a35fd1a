package com.storageplatform.kit.ops;

import java.util.Map;
import org.springframework.http.HttpMethod;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;

/**
 * {@code GET /health}: 200 {@code {"status":"ok"}} whenever the process serves (liveness). Another method is 405
 * {@code method_not_allowed}.
 */
public final class HealthRoutes {

    private HealthRoutes() {
    }

    public static RouterFunction<ServerResponse> routes() {
        return RouterFunctions.route()
                .GET("/health", request -> ServerResponse.ok().bodyValue(Map.of("status", "ok")))
                .add(OtherMethods.refused("/health", HttpMethod.GET))
                .build();
    }
}
