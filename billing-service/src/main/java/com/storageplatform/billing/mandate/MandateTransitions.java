package com.storageplatform.billing.mandate;

import com.storageplatform.billing.provider.ProviderEvent.Kind;
import java.util.Optional;

/**
 * The mandate's lifecycle, one pure function: what a provider's report (or a cancel through the API, which the
 * provider reports as a cancellation) makes of a mandate in a status.
 *
 * <pre>
 * awaiting_authorisation --MANDATE_ACTIVE-----> active
 * awaiting_authorisation --MANDATE_FAILED-----> failed      (final)
 * awaiting_authorisation --MANDATE_CANCELLED--> cancelled   (final)
 * active                 --MANDATE_CANCELLED--> cancelled   (final)
 * </pre>
 *
 * Anything else changes nothing: a report that comes late (an activation after a cancellation) or again, and every
 * report about a mandate in a final status.
 */
final class MandateTransitions {

    private MandateTransitions() {
    }

    /** The status the report moves the mandate to; empty when it changes nothing. */
    static Optional<String> after(String status, Kind report) {
        return Optional.ofNullable(switch (status) {
            case Mandate.AWAITING_AUTHORISATION -> switch (report) {
                case MANDATE_ACTIVE -> Mandate.ACTIVE;
                case MANDATE_FAILED -> Mandate.FAILED;
                case MANDATE_CANCELLED -> Mandate.CANCELLED;
                default -> null;
            };
            case Mandate.ACTIVE -> report == Kind.MANDATE_CANCELLED ? Mandate.CANCELLED : null;
            default -> null;
        });
    }
}
