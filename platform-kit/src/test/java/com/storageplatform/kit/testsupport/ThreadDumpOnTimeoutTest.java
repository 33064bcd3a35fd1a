package com.storageplatform.kit.testsupport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtensionContext;
import reactor.core.publisher.Mono;

/** A timed-out test prints the threads' stacks and still fails as it did; other failures pass untouched. */
class ThreadDumpOnTimeoutTest {

    @Test
    void aBlockPastItsLimitAndAWrappedTimeoutCountAsTimeoutsAndAssertionsDoNot() {
        Throwable blocked = catchFrom(() -> Mono.never().block(java.time.Duration.ofMillis(10)));
        assertThat(ThreadDumpOnTimeout.isTimeout(blocked)).isTrue();
        assertThat(ThreadDumpOnTimeout.isTimeout(new IllegalStateException("wrapped", new TimeoutException()))).isTrue();
        assertThat(ThreadDumpOnTimeout.isTimeout(new AssertionError("expected 200 but was 500"))).isFalse();
    }

    @Test
    void aTimeoutPrintsEveryThreadAndIsRethrownUnchanged() {
        Throwable timeout = new IllegalStateException("Timeout on blocking read for 5000000000 NANOSECONDS");
        ExtensionContext context = (ExtensionContext) java.lang.reflect.Proxy.newProxyInstance(
                getClass().getClassLoader(), new Class<?>[] {ExtensionContext.class},
                (proxy, method, args) -> method.getName().equals("getDisplayName") ? "slowTest()" : null);
        PrintStream original = System.out;
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
        try {
            assertThatThrownBy(() -> new ThreadDumpOnTimeout().handleTestExecutionException(context, timeout))
                    .isSameAs(timeout);
        } finally {
            System.setOut(original);
        }
        assertThat(printed.toString(StandardCharsets.UTF_8))
                .contains("Thread dump after slowTest() timed out")
                .contains("\"main\"")
                .contains("ThreadDumpOnTimeoutTest")
                .contains("PostgreSQL sessions");
    }

    private static Throwable catchFrom(Runnable action) {
        try {
            action.run();
        } catch (RuntimeException failure) {
            return failure;
        }
        throw new AssertionError("nothing thrown");
    }
}
