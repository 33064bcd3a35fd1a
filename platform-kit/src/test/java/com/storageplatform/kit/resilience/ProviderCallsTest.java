package com.storageplatform.kit.resilience;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.kit.resilience.ResilienceProperties.Policy;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.ErrorCode;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;
import reactor.test.StepVerifier;

class ProviderCallsTest {

    private final Resilience resilience = new Resilience(new ResilienceProperties(null, Map.of("acme",
            new Policy(Duration.ofMillis(500), null, null, null, null, null, 3, Duration.ofMillis(10)))));
    private final ProviderCalls calls = new ProviderCalls(resilience, "acme", "Acme", ProviderCallsTest::translate);

    /** Acme's client throws IllegalStateException("down") for an outage and ("refused") for a refusal. */
    private static Throwable translate(Throwable failure) {
        if ("down".equals(failure.getMessage())) {
            return ProviderCalls.outage("Acme", 503);
        }
        if ("refused".equals(failure.getMessage())) {
            return ApiException.conflict("Acme refused it");
        }
        return failure;
    }

    @Test
    void aKeyedCreateIsSentAgainAfterAnOutageUntilItSucceeds() {
        AtomicInteger attempts = new AtomicInteger();
        StepVerifier.create(calls.keyed(() -> {
            if (attempts.incrementAndGet() < 3) {
                throw new IllegalStateException("down");
            }
            return "created";
        })).expectNext("created").verifyComplete();
        assertThat(attempts).hasValue(3);
    }

    @Test
    void aCallSentOnceIsNeverRepeatedAndItsOutageIsServiceUnavailable() {
        AtomicInteger attempts = new AtomicInteger();
        StepVerifier.create(calls.once(() -> {
            attempts.incrementAndGet();
            throw new IllegalStateException("down");
        })).expectErrorSatisfies(failure -> {
            assertThat(failure).isInstanceOf(ApiException.class);
            assertThat(((ApiException) failure).code()).isEqualTo(ErrorCode.SERVICE_UNAVAILABLE);
            assertThat(((ApiException) failure).headers()).containsKey("Retry-After");
        }).verify();
        assertThat(attempts).hasValue(1);
    }

    @Test
    void aRefusalIsTheAdaptersAnswerAndIsNotRetried() {
        AtomicInteger attempts = new AtomicInteger();
        StepVerifier.create(calls.keyed(() -> {
            attempts.incrementAndGet();
            throw new IllegalStateException("refused");
        })).expectErrorSatisfies(failure -> assertThat(((ApiException) failure).code())
                .isEqualTo(ErrorCode.CONFLICT)).verify();
        assertThat(attempts).hasValue(1);
    }

    @Test
    void aCallSlowerThanItsBoundIsServiceUnavailable() {
        StepVerifier.create(calls.once(() -> {
            // A client stuck past its own socket timeout, deaf to the interrupt of the call being given up.
            long until = System.nanoTime() + Duration.ofSeconds(2).toNanos();
            while (System.nanoTime() < until) {
                LockSupport.parkNanos(until - System.nanoTime());
            }
            return "late";
        })).expectErrorSatisfies(failure -> assertThat(((ApiException) failure).code())
                .isEqualTo(ErrorCode.SERVICE_UNAVAILABLE)).verify(Duration.ofSeconds(5));
    }

    @Test
    void aFailureThrownInsideTheClientIsTold() {
        IllegalStateException insideClient = new IllegalStateException("Expected BEGIN_OBJECT");
        insideClient.setStackTrace(new StackTraceElement[] {
                new StackTraceElement("com.acme.net.ResponseParser", "parse", "ResponseParser.java", 10)});
        IllegalStateException insideGson = new IllegalStateException("Malformed JSON");
        insideGson.setStackTrace(new StackTraceElement[] {
                new StackTraceElement("com.google.gson.JsonParser", "parse", "JsonParser.java", 10)});

        assertThat(ProviderCalls.thrownInsideClient(insideClient, "com.acme.")).isTrue();
        assertThat(ProviderCalls.thrownInsideClient(insideGson, "com.acme.")).isTrue();
        assertThat(ProviderCalls.thrownInsideClient(new IllegalStateException("ours"), "com.acme.")).isFalse();
    }
}
