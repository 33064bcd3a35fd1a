package com.storageplatform.kit.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.kit.tracing.TraceContinuation;
import io.micrometer.tracing.Tracer;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/** There is always one {@link TraceContinuation}: the tracer's when there is one, else one that traces nothing. */
class KitTracingAutoConfigurationTest {

    private final ApplicationContextRunner context = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(KitTracingAutoConfiguration.class));

    @Test
    void withATracerTheContinuationIsTheTracersAlone() {
        context.withBean(Tracer.class, () -> Tracer.NOOP).run(started -> {
            assertThat(started).hasSingleBean(TraceContinuation.class);
            assertThat(started).hasBean("traceContinuation").doesNotHaveBean("untracedContinuation");
        });
    }

    @Test
    void withoutATracerThereIsStillAContinuationThatTracesNothing() {
        context.run(started -> {
            assertThat(started).hasSingleBean(TraceContinuation.class);
            assertThat(started).hasBean("untracedContinuation");
        });
    }
}
