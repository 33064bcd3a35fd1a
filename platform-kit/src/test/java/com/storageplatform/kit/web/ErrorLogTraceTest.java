package com.storageplatform.kit.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.kit.testsupport.PlatformTest;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.annotation.Bean;
import org.springframework.test.web.reactive.server.WebTestClient;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * With Reactor's context propagation limited (the platform's setting, ADR 0034), the log line of an unexpected
 * failure still carries the request's trace id: the error handler puts the trace on the thread while it logs.
 */
@PlatformTest
@ExtendWith(OutputCaptureExtension.class)
class ErrorLogTraceTest {

    /** {@code [traceId-spanId]} in the log pattern: 32 and 16 hex digits. */
    private static final Pattern TRACED = Pattern.compile("\\[[0-9a-f]{32}-[0-9a-f]{16}]");

    @TestConfiguration
    static class FailingRoute {

        @Bean
        RouterFunction<ServerResponse> failingRoute() {
            // Fails on another thread, as a failure after a database or HTTP call does.
            return RouterFunctions.route().GET("/v1/public/fails", request -> Mono.<ServerResponse>error(
                    new IllegalStateException("planted failure")).subscribeOn(Schedulers.parallel())).build();
        }
    }

    @Autowired
    WebTestClient client;

    @Test
    void anUnexpectedFailureIsLoggedWithTheRequestsTraceId(CapturedOutput output) {
        client.get().uri("/v1/public/fails").exchange().expectStatus().isEqualTo(500);

        String line = output.getOut().lines().filter(l -> l.contains("Unexpected failure on GET /v1/public/fails"))
                .findFirst().orElseThrow(() -> new AssertionError("no log line of the failure"));
        assertThat(TRACED.matcher(line).find()).as("trace id in: %s", line).isTrue();
    }
}
