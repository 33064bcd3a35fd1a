package com.storageplatform.compliance.identity.provider;

import com.storageplatform.kit.resilience.ProviderCalls;
import com.stripe.exception.ApiConnectionException;
import com.stripe.exception.AuthenticationException;
import com.stripe.exception.PermissionException;
import com.stripe.exception.RateLimitException;
import com.stripe.exception.StripeException;
import java.net.SocketTimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Stripe Identity's failures in the platform's words, for the kit's {@link ProviderCalls}. Its 5xx, rate limits,
 * lost connections and answers that are not its JSON are outages (503 {@code service_unavailable} with
 * {@code Retry-After}); a refused key, or a request Stripe refused as the platform built it, is the platform's
 * fault: a 500 whose log names the setting, never the key (nor Stripe's message, which quotes part of it).
 */
final class StripeIdentityErrors {

    private static final Logger log = LoggerFactory.getLogger(StripeIdentityErrors.class);

    private StripeIdentityErrors() {
    }

    static Throwable translate(Throwable failure) {
        if (ProviderCalls.thrownInsideClient(failure, "com.stripe.")) {
            log.warn("Stripe answered something that is not its JSON: {}", failure.getClass().getSimpleName());
            return ProviderCalls.outage("Stripe", 503);
        }
        if (!(failure instanceof StripeException stripe)) {
            return failure;
        }
        int status = stripe.getStatusCode() == null ? 0 : stripe.getStatusCode();
        if (stripe instanceof ApiConnectionException) {
            log.warn("Stripe Identity could not be reached: {}", stripe.getClass().getSimpleName());
            return stripe.getCause() instanceof SocketTimeoutException ? ProviderCalls.timeout("Stripe")
                    : ProviderCalls.outage("Stripe", 503);
        }
        if (stripe instanceof RateLimitException || status >= 500) {
            log.warn("Stripe Identity failed: status {}, request {}", status, stripe.getRequestId());
            return ProviderCalls.outage("Stripe", status);
        }
        if (stripe instanceof AuthenticationException || stripe instanceof PermissionException) {
            return new IllegalStateException("Stripe refused the platform's API key (status " + status + ", request "
                    + stripe.getRequestId() + "): check COMPLIANCE_IDENTITY_STRIPE_API_KEY");
        }
        return new IllegalStateException("Stripe refused a request the platform built (status " + status + ", code "
                + stripe.getCode() + ", request " + stripe.getRequestId() + ")");
    }
}
