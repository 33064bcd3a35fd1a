package com.storageplatform.kit.autoconfigure;

import com.storageplatform.kit.tracing.TraceContinuation;
import io.micrometer.tracing.Tracer;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

/**
 * What carries a trace past HTTP (ADR 0022): {@link TraceContinuation}, with which work on an event continues the
 * trace of the request that published it (a no-op one when there is no tracer). Spring Boot traces HTTP in and out
 * (WebFlux, {@code WebClient.Builder}) itself.
 */
@AutoConfiguration(afterName = {
        "org.springframework.boot.micrometer.tracing.autoconfigure.MicrometerTracingAutoConfiguration",
        "org.springframework.boot.micrometer.tracing.opentelemetry.autoconfigure.OpenTelemetryTracingAutoConfiguration"})
@ConditionalOnClass(Tracer.class)
public class KitTracingAutoConfiguration {

    @Bean
    @ConditionalOnBean(Tracer.class)
    TraceContinuation traceContinuation(Tracer tracer) {
        return new TraceContinuation(tracer);
    }

    /**
     * Without a tracer (tracing left out of a service's or a test's context) the work still runs, in no trace:
     * the inbox, the webhook dispatcher's ingest and deliveries take this one. Declared after the real one, so that
     * one wins whenever a tracer exists.
     */
    @Bean
    @ConditionalOnMissingBean(TraceContinuation.class)
    TraceContinuation untracedContinuation() {
        return new TraceContinuation(Tracer.NOOP);
    }
}
