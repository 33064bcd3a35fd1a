package com.storageplatform.compliance.identity.provider;

import com.storageplatform.kit.resilience.DependencyOutage;
import com.storageplatform.kit.resilience.Outages;
import com.storageplatform.kit.resilience.Resilience;
import com.storageplatform.kit.resilience.ResilienceProperties.Policy;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.ErrorCode;
import com.stripe.exception.ApiConnectionException;
import com.stripe.exception.AuthenticationException;
import com.stripe.exception.PermissionException;
import com.stripe.exception.RateLimitException;
import com.stripe.exception.StripeException;
import io.github.resilience4j.reactor.retry.RetryOperator;
import java.time.Duration;
import java.util.concurrent.Callable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * Every call to stripe-java's blocking client, as billing's provider calls are made (ADR 0026): on
 * {@code boundedElastic}, through the kit's {@link Resilience} under the peer name {@code stripe}
 * ({@code platform.resilience.peers.stripe.*}): the client's own socket timeouts are the peer's {@code timeout}, a
 * reactive bound a second later only backs them up, the peer's circuit breaker counts outages, and only a create sent
 * with Stripe's idempotency key is retried. Stripe's 5xx, rate limits, lost connections and answers that are not its
 * JSON are outages: 503 {@code service_unavailable} with {@code Retry-After}. A refused key, or a request Stripe
 * refused as the platform built it, is the platform's fault: a 500 whose log names the setting, never the key.
 */
final class StripeCalls {

    static final String PEER = "stripe";
    private static final String SUBJECT = "Stripe Identity";
    private static final Duration BACKSTOP = Duration.ofSeconds(1);
    private static final Logger log = LoggerFactory.getLogger(StripeCalls.class);

    private final Resilience resilience;

    StripeCalls(Resilience resilience) {
        this.resilience = resilience;
    }

    /** The time one attempt may take: the client's own connect and read timeouts. */
    static Duration attemptTimeout(Resilience resilience) {
        return resilience.policyOf(PEER).timeout();
    }

    /** A read, sent once. */
    <T> Mono<T> once(Callable<T> call) {
        return guarded(attempt(call), resilience.policyOf(PEER).timeout().plus(BACKSTOP));
    }

    /** A create carrying Stripe's idempotency key: retried on an outage with the same key. */
    <T> Mono<T> keyed(Callable<T> call) {
        Policy policy = resilience.policyOf(PEER);
        Duration attempt = policy.timeout().plus(BACKSTOP);
        Duration bound = attempt;
        Duration wait = policy.retryBackoff();
        for (int more = 1; more < policy.retryAttempts(); more++) {
            bound = bound.plus(wait).plus(attempt);
            wait = wait.multipliedBy(2);
        }
        return guarded(attempt(call).timeout(attempt).transformDeferred(RetryOperator.of(resilience.retryOf(PEER))),
                bound);
    }

    private static <T> Mono<T> attempt(Callable<T> call) {
        return Mono.fromCallable(call).subscribeOn(Schedulers.boundedElastic()).onErrorMap(StripeCalls::translate);
    }

    private <T> Mono<T> guarded(Mono<T> call, Duration bound) {
        return resilience.guard(PEER, SUBJECT, bound, call)
                .onErrorMap(failure -> failure instanceof ApiException api && api.code() == ErrorCode.GATEWAY_TIMEOUT,
                        failure -> Outages.unavailable(SUBJECT, Outages.RETRY_AFTER_FAILURE));
    }

    /** Stripe's failures in the platform's words. */
    static Throwable translate(Throwable failure) {
        if (failure instanceof RuntimeException && failure.getStackTrace().length > 0
                && isInsideClient(failure.getStackTrace()[0].getClassName())) {
            log.warn("Stripe answered something that is not its JSON: {}", failure.getClass().getSimpleName());
            return new DependencyOutage("Stripe answered something that is not its JSON");
        }
        if (!(failure instanceof StripeException stripe)) {
            return failure;
        }
        int status = stripe.getStatusCode() == null ? 0 : stripe.getStatusCode();
        if (stripe instanceof ApiConnectionException || stripe instanceof RateLimitException || status >= 500) {
            log.warn("Stripe Identity failed: {}, status {}, request {}", stripe.getClass().getSimpleName(), status,
                    stripe.getRequestId());
            return new DependencyOutage("Stripe answered " + status);
        }
        if (stripe instanceof AuthenticationException || stripe instanceof PermissionException) {
            return new IllegalStateException("Stripe refused the platform's API key (status " + status + ", request "
                    + stripe.getRequestId() + "): check COMPLIANCE_IDENTITY_STRIPE_API_KEY");
        }
        return new IllegalStateException("Stripe refused a request the platform built (status " + status + ", code "
                + stripe.getCode() + ", request " + stripe.getRequestId() + ")");
    }

    private static boolean isInsideClient(String className) {
        return className.startsWith("com.stripe.") || className.startsWith("com.google.gson.");
    }
}
