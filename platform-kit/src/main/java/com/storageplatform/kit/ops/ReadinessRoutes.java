package com.storageplatform.kit.ops;

import java.time.Duration;
import java.util.Map;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;

/**
 * {@code GET /internal/ready}: pings the service's own database within a short timeout. 200
 * {@code {"status":"ok","database":"ok"}}, or 503 {@code {"status":"degraded","database":"unreachable"}}.
 * The gateway's {@code /v1/ready} aggregates these; Kubernetes uses it as the readiness probe. Another method is
 * 405 {@code method_not_allowed}.
 */
public final class ReadinessRoutes {

    public static final Duration TIMEOUT = Duration.ofSeconds(2);

    private ReadinessRoutes() {
    }

    public static RouterFunction<ServerResponse> routes(DatabaseClient db) {
        return RouterFunctions.route()
                .GET("/internal/ready", request -> ping(db)
                        .flatMap(ok -> ServerResponse.ok().bodyValue(Map.of("status", "ok", "database", "ok")))
                        .onErrorResume(unreachable -> ServerResponse.status(HttpStatus.SERVICE_UNAVAILABLE)
                                .bodyValue(Map.of("status", "degraded", "database", "unreachable"))))
                .add(OtherMethods.refused("/internal/ready", HttpMethod.GET))
                .build();
    }

    static Mono<Integer> ping(DatabaseClient db) {
        return db.sql("SELECT 1 AS ok").map(row -> row.get("ok", Integer.class)).one().timeout(TIMEOUT);
    }
}
