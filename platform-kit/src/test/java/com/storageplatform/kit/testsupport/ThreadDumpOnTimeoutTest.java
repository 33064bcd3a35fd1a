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
    void anEventuallyThatNeverHeldCountsAsATimeout() {
        long deadlinePassed = System.nanoTime() - 1;
        Throwable never = org.assertj.core.api.Assertions.catchThrowable(() ->
                assertThat(System.nanoTime()).as(ResourceApi.EVENTUALLY_TIMED_OUT).isLessThan(deadlinePassed));
        assertThat(never).isInstanceOf(AssertionError.class);
        assertThat(ThreadDumpOnTimeout.isTimeout(never)).isTrue();
    }

    @Test
    void aTimeoutPrintsEveryThreadAndTheDatabaseSessionsAndIsRethrownUnchanged() {
        Throwable timeout = new IllegalStateException("Timeout on blocking read for 5000000000 NANOSECONDS");
        String printed = printedWhileHandling("slowTest()", (handler, context) ->
                handler.handleTestExecutionException(context, timeout), timeout);
        assertThat(printed)
                .contains("Thread dump after slowTest() timed out")
                .contains("\"main\"")
                .contains("ThreadDumpOnTimeoutTest")
                .contains("PostgreSQL sessions");
    }

    @Test
    void aTimeoutInABeforeEachIsDumpedAndRethrownToo() {
        Throwable timeout = new IllegalStateException("Timeout on blocking read for 30000000000 NANOSECONDS");
        String printed = printedWhileHandling("setUp()", (handler, context) ->
                handler.handleBeforeEachMethodExecutionException(context, timeout), timeout);
        assertThat(printed).contains("Thread dump after setUp() timed out");
    }

    private interface Handling {
        void run(ThreadDumpOnTimeout handler, ExtensionContext context) throws Throwable;
    }

    /** What the handler printed while handling {@code failure}, which it must throw on unchanged. */
    private String printedWhileHandling(String displayName, Handling handling, Throwable failure) {
        ExtensionContext context = (ExtensionContext) java.lang.reflect.Proxy.newProxyInstance(
                getClass().getClassLoader(), new Class<?>[] {ExtensionContext.class},
                (proxy, method, args) -> method.getName().equals("getDisplayName") ? displayName : null);
        PrintStream original = System.out;
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
        try {
            assertThatThrownBy(() -> handling.run(new ThreadDumpOnTimeout(), context)).isSameAs(failure);
        } finally {
            System.setOut(original);
        }
        return printed.toString(StandardCharsets.UTF_8);
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
