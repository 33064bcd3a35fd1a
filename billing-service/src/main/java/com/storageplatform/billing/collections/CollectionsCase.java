package com.storageplatform.billing.collections;

import com.storageplatform.kit.openapi.OneOf;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/**
 * The {@code collections_case} resource: a customer's arrears in one currency, open while any of the customer's
 * invoices in it is {@code overdue}, and the dunning ladder's progress against them.
 *
 * @param status             {@code open} while something is overdue, {@code closed} when nothing is left
 * @param amountOverdueMinor what the overdue invoices owe now
 * @param overdueInvoiceIds  the invoices overdue now, oldest due date first (empty once closed)
 * @param oldestDueDate      the due date of the oldest overdue invoice: the ladder's days count from it (the last
 *                           one while open, once closed)
 * @param dunning            the ladder's progress
 * @param overlockId         the overlock the ladder asked for (the first, when the customer has several units); null
 *                           until then
 * @param closedReason       {@code paid}, {@code voided} or {@code credited} when every invoice of the case left
 *                           arrears that way; {@code resolved} when several ways or another (written off, a
 *                           collection in flight); null while open
 */
public record CollectionsCase(UUID id, String object, UUID contactId, String currency, @OneOf("STATUSES") String status,
        long amountOverdueMinor, List<UUID> overdueInvoiceIds, LocalDate oldestDueDate, Dunning dunning,
        @Nullable UUID overlockId, Instant openedAt, Instant closedAt,
        @OneOf("CLOSED_REASONS") @Nullable String closedReason, Instant createdAt, Instant updatedAt) {

    public static final String OBJECT = "collections_case";
    public static final String OPEN = "open";
    public static final String CLOSED = "closed";
    public static final List<String> STATUSES = List.of(OPEN, CLOSED);
    public static final String PAID = "paid";
    public static final String VOIDED = "voided";
    public static final String CREDITED = "credited";
    public static final String RESOLVED = "resolved";
    public static final List<String> CLOSED_REASONS = List.of(PAID, VOIDED, CREDITED, RESOLVED);

    public CollectionsCase {
        overdueInvoiceIds = List.copyOf(overdueInvoiceIds);
    }

    /**
     * Where the case is on its ladder (the one it opened with).
     *
     * @param stepIndex     the last step taken (from 0); null before the first
     * @param action        that step's action; null before the first
     * @param nextStepIndex the next step to take; null when every step is taken, and once closed
     * @param nextAction    that step's action
     * @param nextStepOn    the day it is due (the oldest due date plus its {@code days_after_due}); the dunning job
     *                      takes it on its first run from that day
     */
    public record Dunning(@Nullable Integer stepIndex, @Nullable String action, @Nullable Integer nextStepIndex,
            String nextAction, LocalDate nextStepOn) {
    }
}
