package com.storageplatform.gateway.ready;

import com.storageplatform.kit.client.ServiceDirectory;
import java.time.Duration;
import java.util.Map;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.HttpStatus;
import org.springframework.web.reactive.function.client.WebClient;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * {@code GET /v1/ready}: asks every service's own readiness (which pings its database) and answers 200
 * {@code {status: ok, database: ok}} only when all are ready, else 503 {@code {status: degraded, database:
 * unreachable}}. No tenant data, no service names: nothing here helps an attacker map the platform.
 */
@Configuration(proxyBeanMethods = false)
class Readiness {

    static final Duration TIMEOUT = Duration.ofMillis(2500);

    @Bean
    RouterFunction<ServerResponse> readinessRoute(ServiceDirectory services, WebClient.Builder webClients) {
        WebClient client = webClients.build();
        return RouterFunctions.route()
                .GET("/v1/ready", request -> allReady(client, services)
                        .flatMap(ready -> ready
                                ? ServerResponse.ok().bodyValue(Map.of("status", "ok", "database", "ok"))
                                : ServerResponse.status(HttpStatus.SERVICE_UNAVAILABLE)
                                        .bodyValue(Map.of("status", "degraded", "database", "unreachable"))))
                .build();
    }

    private static Mono<Boolean> allReady(WebClient client, ServiceDirectory services) {
        return Flux.fromIterable(services.services().keySet())
                .flatMap(service -> client.get().uri(services.urlOf(service).resolve("/internal/ready"))
                        .exchangeToMono(response -> Mono.just(response.statusCode().is2xxSuccessful()))
                        .timeout(TIMEOUT)
                        .onErrorReturn(false))
                .all(Boolean::booleanValue);
    }
}
