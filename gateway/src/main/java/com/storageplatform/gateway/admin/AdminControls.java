package com.storageplatform.gateway.admin;

import com.storageplatform.gateway.access.CallerTokens;
import com.storageplatform.gateway.access.Introspector;
import com.storageplatform.kit.client.ServiceDirectory;
import com.storageplatform.kit.PlatformProperties;
import com.storageplatform.kit.time.ClockControl;
import com.storageplatform.kit.time.PlatformClock;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.Envelopes;
import java.util.Map;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.MediaType;
import org.springframework.web.reactive.function.client.WebClient;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The time controls of the admin API, outside production only (404 in production), behind the admin token
 * (checked by the access filter):
 * <ul>
 *   <li>{@code POST /admin/v1/jobs/{job}/run} runs one sweep now in the service that owns it ({@code ?service=}
 *       names the service for the kit's own jobs);</li>
 *   <li>{@code GET|POST /admin/v1/clock} reads or moves the business clock of the gateway and every service
 *       together ({@code advance_seconds} or {@code offset_seconds}).</li>
 * </ul>
 * Each call to a service goes through {@link AdminCalls}: bounded, behind the service's breaker. A clock move that
 * a service did not take answers that service's error; moving the clock again (to an absolute offset) repairs it.
 */
@Configuration(proxyBeanMethods = false)
class AdminControls {

    /** Which service owns each sweep the conventions name. */
    static final Map<String, String> JOB_OWNERS = Map.of(
            "reservation-expiry", "commerce",
            "order-abandonment", "commerce",
            "invoice-overdue", "billing",
            "billing-run", "billing",
            "dunning", "billing",
            "webhook-retry", "webhooks");

    @Bean
    RouterFunction<ServerResponse> adminControlRoutes(ServiceDirectory services, WebClient.Builder webClients,
            CallerTokens callerTokens, PlatformClock clock, Introspector introspector, PlatformProperties platform,
            AdminCalls calls) {
        WebClient client = webClients.build();
        return RouterFunctions.route()
                .POST("/admin/v1/jobs/{job}/run", request -> outsideProduction(platform)
                        .then(AdminCalls.unusedBodyRead(request))
                        .then(Mono.defer(() -> runJob(request, services, client, callerTokens, calls))))
                .GET("/admin/v1/clock", request -> outsideProduction(platform)
                        .then(ServerResponse.ok().bodyValue(Envelopes.data(ClockControl.view(clock)))))
                .POST("/admin/v1/clock", request -> outsideProduction(platform)
                        .then(request.bodyToMono(ClockControl.Change.class))
                        .flatMap(change -> moveClocks(change, services, client, callerTokens, clock, introspector, calls)))
                .build();
    }

    private static Mono<Void> outsideProduction(PlatformProperties platform) {
        return platform.isProduction() ? Mono.error(ApiException::notFound) : Mono.empty();
    }

    private static Mono<ServerResponse> runJob(ServerRequest request, ServiceDirectory services, WebClient client,
            CallerTokens callerTokens, AdminCalls calls) {
        String job = request.pathVariable("job");
        String service = request.queryParam("service").orElse(JOB_OWNERS.get(job));
        if (service == null || !services.services().containsKey(service)) {
            return Mono.error(() -> ApiException.notFound("job"));
        }
        return calls.passThrough(service, client.post()
                .uri(services.urlOf(service).resolve("/internal/jobs/" + job + "/run"))
                .header("Authorization", "Bearer " + callerTokens.platformAdmin()), AdminCalls.JOB_RUN_TIMEOUT);
    }

    /** Moves the gateway's clock and every service's, so time-driven rules agree across the platform. */
    private static Mono<ServerResponse> moveClocks(ClockControl.Change change, ServiceDirectory services,
            WebClient client, CallerTokens callerTokens, PlatformClock clock, Introspector introspector,
            AdminCalls calls) {
        ClockControl.View view = ClockControl.apply(clock, change);
        ClockControl.Change absolute = new ClockControl.Change(null, view.offsetSeconds());
        introspector.clear();
        return Flux.fromIterable(services.services().keySet())
                .flatMap(service -> calls.call(service, client.post()
                        .uri(services.urlOf(service).resolve("/internal/clock"))
                        .header("Authorization", "Bearer " + callerTokens.platformAdmin())
                        .contentType(MediaType.APPLICATION_JSON)
                        .bodyValue(absolute)
                        .retrieve()
                        .toBodilessEntity()))
                .then(ServerResponse.ok().bodyValue(Envelopes.data(view)));
    }
}
