package com.storageplatform.gateway.admin;

import com.storageplatform.gateway.access.CallerTokens;
import com.storageplatform.kit.client.ServiceDirectory;
import com.storageplatform.kit.paging.PageRequest;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.Envelopes;
import com.storageplatform.kit.web.FieldIssue;
import java.net.URI;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.MediaType;
import org.springframework.web.reactive.function.client.WebClient;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import org.springframework.web.util.UriComponentsBuilder;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The services' parked outbox rows (ADR 0020), for the platform admin, in production too (the access filter checks
 * the admin token). Each service serves its own under {@code /internal/outbox}; the gateway asks them:
 * <ul>
 *   <li>{@code GET /admin/v1/outbox/failed?service=catalogue}: one service's parked rows, paged by its cursor;</li>
 *   <li>{@code GET /admin/v1/outbox/failed}: every service's, newest event first, up to {@code limit}; a service that
 *       does not answer is named in {@code meta.unavailable} rather than failing the list;</li>
 *   <li>{@code POST /admin/v1/outbox/{service}/{id}/resubmit}: sends a parked row again.</li>
 * </ul>
 * Each call to a service goes through {@link AdminCalls}: bounded, behind the service's breaker.
 */
@Configuration(proxyBeanMethods = false)
class OutboxControls {

    /** The list across every service: {@code meta.unavailable} names the services that did not answer. */
    record FailedEverywhere(List<JsonNode> data, Meta meta) {
    }

    record Meta(int limit, Envelopes.CursorMeta cursor, List<String> unavailable) {
    }

    /** One service's answer to the fan-out: its first page, or nothing when it did not answer. */
    private record Answer(String service, Optional<JsonNode> page) {
    }

    @Bean
    RouterFunction<ServerResponse> outboxControlRoutes(ServiceDirectory services, WebClient.Builder webClients,
            CallerTokens callerTokens, JsonMapper json, AdminCalls calls) {
        WebClient client = webClients.build();
        return RouterFunctions.route()
                .GET("/admin/v1/outbox/failed", request -> Mono.defer(() -> request.queryParam("service")
                        .map(service -> oneService(request, service, services, client, callerTokens, calls))
                        .orElseGet(() -> everyService(request, services, client, callerTokens, json, calls))))
                .POST("/admin/v1/outbox/{service}/{id}/resubmit", request -> AdminCalls.unusedBodyRead(request)
                        .then(Mono.defer(() -> {
                    String service = known(request.pathVariable("service"), services);
                    URI uri = UriComponentsBuilder.fromUri(services.urlOf(service))
                            .path("/internal/outbox/{id}/resubmit").encode().buildAndExpand(request.pathVariable("id"))
                            .toUri();
                    return calls.passThrough(service, client.post().uri(uri)
                            .header("Authorization", "Bearer " + callerTokens.platformAdmin()));
                })))
                .build();
    }

    private static Mono<ServerResponse> oneService(ServerRequest request, String service, ServiceDirectory services,
            WebClient client, CallerTokens callerTokens, AdminCalls calls) {
        UriComponentsBuilder uri = UriComponentsBuilder.fromUri(services.urlOf(known(service, services)))
                .path("/internal/outbox/failed");
        Map<String, String> query = new HashMap<>();
        for (String parameter : List.of("limit", "cursor")) {
            request.queryParam(parameter).ifPresent(value -> {
                uri.queryParam(parameter, "{" + parameter + "}");
                query.put(parameter, value);
            });
        }
        // Encoded as values, so nothing in them can add a parameter of its own.
        return calls.passThrough(service, client.get().uri(uri.encode().buildAndExpand(query).toUri())
                .header("Authorization", "Bearer " + callerTokens.platformAdmin()));
    }

    private static Mono<ServerResponse> everyService(ServerRequest request, ServiceDirectory services,
            WebClient client, CallerTokens callerTokens, JsonMapper json, AdminCalls calls) {
        if (request.queryParam("cursor").isPresent()) {
            // A cursor belongs to one service's list.
            return Mono.error(ApiException.invalidQuery("cursor", FieldIssue.INVALID));
        }
        int limit = PageRequest.from(request.queryParams(), Map.of()).limit();
        return Flux.fromIterable(services.services().keySet())
                .flatMap(service -> calls.call(service, client.get()
                                .uri(UriComponentsBuilder.fromUri(services.urlOf(service)).path("/internal/outbox/failed")
                                        .queryParam("limit", limit).build().toUri())
                                .header("Authorization", "Bearer " + callerTokens.platformAdmin())
                                .retrieve()
                                .bodyToMono(String.class))
                        .map(body -> new Answer(service, Optional.of(json.readTree(body))))
                        .onErrorResume(failure -> Mono.just(new Answer(service, Optional.empty()))))
                .collectList()
                .flatMap(answers -> ServerResponse.ok().contentType(MediaType.APPLICATION_JSON)
                        .bodyValue(merge(answers, limit)));
    }

    /** Newest event first (event ids are UUIDv7), at most {@code limit}; more when any service had more. */
    static FailedEverywhere merge(List<Answer> answers, int limit) {
        List<JsonNode> rows = new ArrayList<>();
        List<String> unavailable = new ArrayList<>();
        boolean more = false;
        for (Answer answer : answers) {
            if (answer.page().isEmpty()) {
                unavailable.add(answer.service());
                continue;
            }
            answer.page().get().path("data").forEach(rows::add);
            more |= answer.page().get().path("meta").path("cursor").path("has_more").asBoolean(false);
        }
        rows.sort(Comparator.comparing((JsonNode row) -> row.path("id").asString()).reversed());
        more |= rows.size() > limit;
        unavailable.sort(Comparator.naturalOrder());
        return new FailedEverywhere(rows.subList(0, Math.min(limit, rows.size())),
                new Meta(limit, new Envelopes.CursorMeta(null, more), unavailable));
    }

    private static String known(String service, ServiceDirectory services) {
        if (!services.services().containsKey(service)) {
            throw ApiException.notFound("service");
        }
        return service;
    }
}
