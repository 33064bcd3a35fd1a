package com.storageplatform.billing.mandate;

import com.storageplatform.kit.openapi.OneOf;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/**
 * The {@code mandate} resource: a Bacs Direct Debit mandate on a contact's bank account, made at the provider.
 *
 * @param paymentMethodId        the {@code bacs_debit} payment method it collects from
 * @param provider               {@code gocardless}
 * @param reference              the mandate reference the customer's bank shows, unique in the account
 *                               ({@code SP-} and eight letters and digits)
 * @param status                 {@code awaiting_authorisation} until the customer's bank has set it up, then
 *                               {@code active}; {@code failed} when the bank refused it and {@code cancelled} when
 *                               it ended (both final)
 * @param scheme                 {@code bacs}
 * @param providerMandateRef     the provider's own reference of the mandate
 * @param nextPossibleChargeDate the first day the provider said it could collect, as it said so when the mandate was
 *                               made; null when it did not say
 * @param cancelledAt            when it was cancelled; null unless {@code cancelled}
 * @param failedReason           the provider's reason for the failure ({@code invalid_bank_details},
 *                               {@code bank_account_closed}, ...); null unless {@code failed}
 */
public record Mandate(UUID id, String object, UUID contactId, UUID paymentMethodId, String provider, String reference,
        @OneOf("STATUSES") String status, @OneOf("SCHEMES") String scheme, String providerMandateRef,
        @Nullable LocalDate nextPossibleChargeDate, @Nullable Instant cancelledAt, @Nullable String failedReason,
        Instant createdAt, Instant updatedAt) {

    public static final String OBJECT = "mandate";
    public static final String AWAITING_AUTHORISATION = "awaiting_authorisation";
    public static final String ACTIVE = "active";
    public static final String CANCELLED = "cancelled";
    public static final String FAILED = "failed";
    public static final List<String> STATUSES = List.of(AWAITING_AUTHORISATION, ACTIVE, CANCELLED, FAILED);
    public static final String BACS = "bacs";
    public static final List<String> SCHEMES = List.of(BACS);

    /** This mandate moved to {@code status}, as a transition of {@link MandateTransitions} leaves it. */
    Mandate movedTo(String newStatus, String cause, Instant now) {
        return new Mandate(id, object, contactId, paymentMethodId, provider, reference, newStatus, scheme,
                providerMandateRef, nextPossibleChargeDate, CANCELLED.equals(newStatus) ? now : cancelledAt,
                FAILED.equals(newStatus) ? cause : failedReason, createdAt, now);
    }
}
