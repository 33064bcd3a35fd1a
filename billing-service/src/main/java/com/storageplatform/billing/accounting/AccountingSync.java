package com.storageplatform.billing.accounting;

import com.storageplatform.kit.openapi.OneOf;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/**
 * The {@code accounting_sync} resource: one thing billing did, pushed (or to be pushed) to the account's accounting
 * system, once. Also the {@code data} of {@code accounting.synced} and {@code accounting.failed}.
 *
 * @param subjectType   {@code invoice}, {@code credit_note} or {@code payment}
 * @param subjectId     the invoice, credit note or payment (a refund is a payment of its own)
 * @param action        {@code issued} (an invoice finalized, a credit note made), {@code voided} (an invoice),
 *                      {@code succeeded} (a payment), {@code refunded} (a refund paid)
 * @param invoiceId     the invoice concerned: the subject itself, or the invoice a payment or credit note is
 *                      against; null for a payment against none
 * @param status        {@code pending} (waiting to be pushed, or pushed again after an outage), {@code synced},
 *                      {@code failed} (refused, or unavailable at every attempt) or {@code skipped} (a live account
 *                      with no accounting connection in service: nothing is pushed)
 * @param provider      the system that took or refused it ({@code simulator} for a test account, {@code xero}); null
 *                      until then
 * @param externalId    the system's id of what it booked (for a void, the invoice's); null unless synced
 * @param reasonCode    why it failed or was skipped: {@code refused}, {@code unavailable}, {@code not_pushed} (a
 *                      void, payment or credit note of an invoice that was not pushed) or {@code no_connection};
 *                      null otherwise
 * @param reason        the words of {@code reason_code} (the system's own for a refusal); null with it
 * @param attempts      the pushes tried so far
 * @param nextAttemptAt when a pending row is pushed next; null once it is settled
 */
public record AccountingSync(UUID id, String object, @OneOf("SUBJECT_TYPES") String subjectType, UUID subjectId,
        @OneOf("ACTIONS") String action, @Nullable UUID invoiceId, @OneOf("STATUSES") String status,
        @Nullable String provider, @Nullable String externalId, @Nullable String reasonCode, @Nullable String reason,
        int attempts, @Nullable Instant nextAttemptAt, Instant createdAt, Instant syncedAt, Instant failedAt,
        Instant updatedAt) {

    public static final String OBJECT = "accounting_sync";
    public static final String INVOICE = "invoice";
    public static final String CREDIT_NOTE = "credit_note";
    public static final String PAYMENT = "payment";
    public static final List<String> SUBJECT_TYPES = List.of(INVOICE, CREDIT_NOTE, PAYMENT);
    public static final String ISSUED = "issued";
    public static final String VOIDED = "voided";
    public static final String SUCCEEDED = "succeeded";
    public static final String REFUNDED = "refunded";
    public static final List<String> ACTIONS = List.of(ISSUED, VOIDED, SUCCEEDED, REFUNDED);
    public static final String PENDING = "pending";
    public static final String SYNCED = "synced";
    public static final String FAILED = "failed";
    public static final String SKIPPED = "skipped";
    public static final List<String> STATUSES = List.of(PENDING, SYNCED, FAILED, SKIPPED);

    static final String NO_CONNECTION = "no_connection";
    static final String REFUSED = "refused";
    static final String UNAVAILABLE = "unavailable";
    static final String NOT_PUSHED = "not_pushed";
}
