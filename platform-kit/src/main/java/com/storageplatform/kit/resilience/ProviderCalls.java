package com.storageplatform.kit.resilience;

import com.storageplatform.kit.resilience.ResilienceProperties.Policy;
import com.storageplatform.kit.tracing.TraceLogs;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.ErrorCode;
import io.github.resilience4j.reactor.retry.RetryOperator;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * Every call to a provider's blocking client (Stripe, GoCardless, an ID-check or accounting system's SDK): on
 * {@code boundedElastic}, through {@link Resilience} under the provider's peer name
 * ({@code platform.resilience.peers.<peer>.*}): a time limit per attempt, the provider's circuit breaker, and
 * retries only for a create sent with the provider's idempotency key, which the provider answers again instead of
 * acting twice. The client's own socket timeouts are the peer's {@code timeout}, so a slow provider fails inside the
 * client and frees its thread; the reactive bound, a little later, only backs them up (were it first, the client's
 * failure would come after the call was given up, an error with no one to take it). The client-facing error is the
 * adapter's mapping of the provider's refusal, or 503 {@code service_unavailable} for an outage, a timeout (the call
 * may have happened: the client retries with its same key, and so do we) or an open circuit.
 */
public final class ProviderCalls {

    /** How much later than the client's own timeouts the reactive bound of an attempt falls. */
    private static final Duration BACKSTOP = Duration.ofSeconds(1);

    private final Resilience resilience;
    private final String peer;
    private final String subject;
    private final Function<Throwable, Throwable> translate;

    /**
     * @param translate the provider's failures in the platform's words: its refusals as {@link ApiException}s or
     *                  unexpected failures, its outages as {@link #outage} or a {@link TimeoutException}
     */
    public ProviderCalls(Resilience resilience, String peer, String subject, Function<Throwable, Throwable> translate) {
        this.resilience = resilience;
        this.peer = peer;
        this.subject = subject;
        this.translate = translate;
    }

    /** The time one attempt may take: the client's own connect and read timeouts. */
    public static Duration attemptTimeout(Resilience resilience, String peer) {
        return resilience.policyOf(peer).timeout();
    }

    /** A call sent once: a read, or a change the provider takes no idempotency key for. */
    public <T> Mono<T> once(Callable<T> call) {
        return guarded(attempt(call), resilience.policyOf(peer).timeout().plus(BACKSTOP));
    }

    /** A create carrying the provider's idempotency key: retried on an outage with the same key. */
    public <T> Mono<T> keyed(Callable<T> call) {
        Policy policy = resilience.policyOf(peer);
        Mono<T> attempts = attempt(call).timeout(policy.timeout().plus(BACKSTOP))
                .transformDeferred(RetryOperator.of(resilience.retryOf(peer)));
        return guarded(attempts, allAttempts(policy));
    }

    private <T> Mono<T> attempt(Callable<T> call) {
        // The translation logs an outage: in the trace of the request that made the call.
        return Mono.fromCallable(call).subscribeOn(Schedulers.boundedElastic())
                .onErrorResume(failure -> Mono.deferContextual(context ->
                        Mono.error(TraceLogs.inTrace(context, () -> translate.apply(failure)))));
    }

    private <T> Mono<T> guarded(Mono<T> call, Duration bound) {
        return resilience.guard(peer, subject, bound, call)
                .onErrorMap(failure -> failure instanceof ApiException api && api.code() == ErrorCode.GATEWAY_TIMEOUT,
                        failure -> Outages.unavailable(subject, Outages.RETRY_AFTER_FAILURE));
    }

    /** Every attempt's time and the waits between them. */
    private static Duration allAttempts(Policy policy) {
        Duration attempt = policy.timeout().plus(BACKSTOP);
        Duration bound = attempt;
        Duration wait = policy.retryBackoff();
        for (int more = 1; more < policy.retryAttempts(); more++) {
            bound = bound.plus(wait).plus(attempt);
            wait = wait.multipliedBy(2);
        }
        return bound;
    }

    /**
     * A provider outage (a 5xx, a rate limit, a connection that failed) as the kit's {@link Outages} knows one, so
     * it counts against the provider's breaker and is retried like a peer's 5xx.
     */
    public static RuntimeException outage(String provider, int status) {
        return new DependencyOutage(provider + " answered " + status);
    }

    /**
     * Whether the failure was thrown inside the provider's client (or the JSON library it reads with): it failed on
     * an answer that was not the provider's JSON, such as a proxy's error page or an empty 5xx.
     */
    public static boolean thrownInsideClient(Throwable failure, String clientPackage) {
        StackTraceElement[] frames = failure.getStackTrace();
        if (!(failure instanceof RuntimeException) || frames.length == 0) {
            return false;
        }
        String where = frames[0].getClassName();
        return where.startsWith(clientPackage) || where.startsWith("com.google.gson.");
    }

    /** A provider that did not answer within the client's own socket timeout. */
    public static TimeoutException timeout(String provider) {
        return new TimeoutException(provider + " did not answer in time");
    }
}
