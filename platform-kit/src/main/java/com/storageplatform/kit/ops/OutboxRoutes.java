package com.storageplatform.kit.ops;

import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.outbox.OutboxRegistry;
import com.storageplatform.kit.paging.PageRequest;
import com.storageplatform.kit.web.Envelopes;
import java.util.Map;
import org.springframework.http.HttpMethod;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;

/**
 * The outbox's parked rows, for the platform admin (the gateway's {@code /admin/v1/outbox/...} calls here), in
 * production too:
 * <ul>
 *   <li>{@code GET /internal/outbox/failed}: the parked rows, newest event first ({@code limit}, {@code cursor});</li>
 *   <li>{@code POST /internal/outbox/{id}/resubmit}: makes a parked row pending again (404 for an unknown id, 409
 *       for a row that is not parked).</li>
 * </ul>
 * Anyone else gets 404, as if the routes did not exist; the platform admin gets 405 for another method.
 */
public final class OutboxRoutes {

    private OutboxRoutes() {
    }

    public static RouterFunction<ServerResponse> routes(OutboxRegistry outbox) {
        return RouterFunctions.route()
                .GET("/internal/outbox/failed", request -> PlatformAdmin.required()
                        .then(Mono.fromCallable(() -> PageRequest.from(request.queryParams(), Map.of())))
                        .flatMap(outbox::failed)
                        .flatMap(page -> ServerResponse.ok().bodyValue(page)))
                .POST("/internal/outbox/{id}/resubmit", request -> PlatformAdmin.required()
                        .then(Mono.fromCallable(() -> Ids.fromPath(request.pathVariable("id"))))
                        .flatMap(outbox::resubmit)
                        .flatMap(entry -> ServerResponse.ok().bodyValue(Envelopes.data(entry))))
                .add(OtherMethods.refused("/internal/outbox/failed", PlatformAdmin::only, HttpMethod.GET))
                .add(OtherMethods.refused("/internal/outbox/{id}/resubmit", PlatformAdmin::only, HttpMethod.POST))
                .build();
    }
}
