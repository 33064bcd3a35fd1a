package com.storageplatform.kit.tracing;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.kit.testsupport.PlatformTest;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
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
 * With the platform's {@code limited} context propagation, a log line written in an operator's callback carries no
 * trace id, and one written through {@link TraceLogs} carries the request's.
 */
@PlatformTest
@ExtendWith(OutputCaptureExtension.class)
class TraceLogsTest {

    private static final Logger log = LoggerFactory.getLogger(TraceLogsTest.class);
    /** {@code [traceId-spanId]} in the log pattern: 32 and 16 hex digits. */
    private static final Pattern TRACED = Pattern.compile("\\[[0-9a-f]{32}-[0-9a-f]{16}]");

    @TestConfiguration
    static class LoggingRoute {

        @Bean
        RouterFunction<ServerResponse> loggingRoute() {
            // Logs on another thread, after an operator, as a handler does after a database or HTTP call.
            return RouterFunctions.route().GET("/v1/public/logs", request -> Mono.just("done")
                    .subscribeOn(Schedulers.parallel())
                    .doOnNext(done -> log.info("plain line"))
                    .flatMap(done -> TraceLogs.<String>log(() -> log.info("traced line")).thenReturn(done))
                    .flatMap(done -> Mono.deferContextual(context -> {
                        TraceLogs.inTrace(context, () -> log.info("traced line, now"));
                        return ServerResponse.ok().bodyValue(done);
                    })))
                    .build();
        }
    }

    @Autowired
    WebTestClient client;

    private static String line(CapturedOutput output, String text) {
        return output.getOut().lines().filter(l -> l.endsWith(": " + text)).findFirst()
                .orElseThrow(() -> new AssertionError("no log line '" + text + "'"));
    }

    @Test
    void aLineWrittenThroughTraceLogsCarriesTheRequestsTraceIdAndAPlainOneDoesNot(CapturedOutput output) {
        client.get().uri("/v1/public/logs").exchange().expectStatus().isOk();

        assertThat(TRACED.matcher(line(output, "traced line")).find()).isTrue();
        assertThat(TRACED.matcher(line(output, "traced line, now")).find()).isTrue();
        assertThat(TRACED.matcher(line(output, "plain line")).find())
                .as("limited propagation: no thread locals restored after an operator").isFalse();
    }
}
