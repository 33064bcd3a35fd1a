package com.storageplatform.billing.provider;

import com.storageplatform.kit.resilience.ProviderCalls;
import com.stripe.exception.ApiConnectionException;
import com.stripe.exception.AuthenticationException;
import com.stripe.exception.InvalidRequestException;
import com.stripe.exception.PermissionException;
import com.stripe.exception.RateLimitException;
import com.stripe.exception.StripeException;
import java.net.SocketTimeoutException;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Stripe's failures in the platform's words. Its 5xx, rate limits and lost connections are outages; a refused key
 * is the platform's fault, a 500 whose log never shows the key (nor Stripe's message, which quotes part of it);
 * a request Stripe refused as built is a 500 too, the client never sent it.
 */
final class StripeErrors {

    private static final Logger log = LoggerFactory.getLogger(StripeErrors.class);
    private static final Set<String> ABOUT_THE_CARD = Set.of("resource_missing", "token_already_used",
            "payment_method_unexpected_state", "card_declined", "expired_card", "incorrect_number",
            "invalid_number", "invalid_cvc", "incorrect_cvc", "invalid_expiry_month", "invalid_expiry_year");

    private StripeErrors() {
    }

    static Throwable translate(Throwable failure) {
        if (ProviderCalls.thrownInsideClient(failure, "com.stripe.")) {
            log.warn("Stripe answered something that is not its JSON: {}", failure.getClass().getSimpleName());
            return ProviderCalls.outage("Stripe", 503);
        }
        if (!(failure instanceof StripeException stripe)) {
            return failure;
        }
        if (stripe instanceof ApiConnectionException) {
            log.warn("Stripe could not be reached: {}", stripe.getClass().getSimpleName());
            return hasCause(stripe, SocketTimeoutException.class) ? ProviderCalls.timeout("Stripe")
                    : ProviderCalls.outage("Stripe", 503);
        }
        if (stripe instanceof RateLimitException || status(stripe) >= 500) {
            log.warn("Stripe failed: status {}, request {}", status(stripe), stripe.getRequestId());
            return ProviderCalls.outage("Stripe", 503);
        }
        if (stripe instanceof AuthenticationException || stripe instanceof PermissionException) {
            return new IllegalStateException("Stripe refused the platform's API key (status " + status(stripe)
                    + ", request " + stripe.getRequestId() + "): check BILLING_PROVIDERS_STRIPE_API_KEY");
        }
        String param = stripe.getStripeError() == null ? null : stripe.getStripeError().getParam();
        return new IllegalStateException("Stripe refused a request the platform built (status " + status(stripe)
                + ", code " + stripe.getCode() + ", param " + param + ", request " + stripe.getRequestId() + ")");
    }

    /** An invalid request about the card the client sent (its token or payment method), not about our request. */
    static boolean isAboutTheCard(InvalidRequestException invalid) {
        String param = invalid.getParam();
        return invalid.getCode() != null && ABOUT_THE_CARD.contains(invalid.getCode())
                || param != null && (param.startsWith("card") || param.startsWith("payment_method")
                        || param.startsWith("token"));
    }

    private static int status(StripeException failure) {
        return failure.getStatusCode() == null ? 0 : failure.getStatusCode();
    }

    private static boolean hasCause(Throwable failure, Class<? extends Throwable> type) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (type.isInstance(cause)) {
                return true;
            }
        }
        return false;
    }
}
