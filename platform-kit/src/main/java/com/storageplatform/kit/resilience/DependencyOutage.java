package com.storageplatform.kit.resilience;

/**
 * A dependency reached through its own blocking client (a payment provider's SDK) failed as an outage would: it
 * answered 5xx or a rate limit, or its connection failed. {@link Outages} counts it like a peer's 5xx: against the
 * dependency's breaker, retried where the call is safe to repeat, and answered 503 {@code service_unavailable}.
 * The message names the dependency and what it answered, never a credential.
 */
public class DependencyOutage extends RuntimeException {

    public DependencyOutage(String message) {
        super(message);
    }
}
