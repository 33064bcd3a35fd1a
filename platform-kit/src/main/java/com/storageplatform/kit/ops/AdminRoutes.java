package com.storageplatform.kit.ops;

import com.storageplatform.kit.jobs.JobScheduler;
import com.storageplatform.kit.time.ClockControl;
import com.storageplatform.kit.time.PlatformClock;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.Envelopes;
import org.springframework.http.HttpMethod;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;

/**
 * The time controls that exist only outside production, for the platform admin (the gateway forwards
 * {@code /admin/v1/jobs/{job}/run} and the clock calls here):
 * <ul>
 *   <li>{@code POST /internal/jobs/{name}/run}: runs one sweep now;</li>
 *   <li>{@code GET /internal/clock}, {@code POST /internal/clock} with {@code advance_seconds} or
 *       {@code offset_seconds}: reads or moves this service's business clock.</li>
 * </ul>
 * Any other caller gets 404, as if the routes did not exist; the platform admin gets 405 {@code method_not_allowed}
 * for another method on them.
 */
public final class AdminRoutes {

    private AdminRoutes() {
    }

    record JobRunView(String object, String job, boolean ran, String result) {
    }

    public static RouterFunction<ServerResponse> routes(JobScheduler jobs, PlatformClock clock) {
        return RouterFunctions.route()
                .POST("/internal/jobs/{name}/run", request -> PlatformAdmin.required()
                        .then(Mono.justOrEmpty(jobs.job(request.pathVariable("name"))))
                        .switchIfEmpty(Mono.error(() -> ApiException.notFound("job")))
                        .flatMap(jobs::runNow)
                        .flatMap(run -> ok(new JobRunView("job_run", run.job(), run.ran(), run.result()))))
                .GET("/internal/clock", request -> PlatformAdmin.required().then(ok(ClockControl.view(clock))))
                .POST("/internal/clock", request -> PlatformAdmin.required()
                        .then(request.bodyToMono(ClockControl.Change.class))
                        .flatMap(change -> ok(ClockControl.apply(clock, change))))
                .add(OtherMethods.refused("/internal/jobs/{name}/run", PlatformAdmin::only, HttpMethod.POST))
                .add(OtherMethods.refused("/internal/clock", PlatformAdmin::only, HttpMethod.GET, HttpMethod.POST))
                .build();
    }

    private static Mono<ServerResponse> ok(Object data) {
        return ServerResponse.ok().bodyValue(new Envelopes.Data<>(data));
    }
}
