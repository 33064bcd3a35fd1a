package com.storageplatform.billing.collections;

import com.storageplatform.billing.collections.CollectionsCase.Dunning;
import com.storageplatform.billing.collections.DunningLadder.Step;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.UUID;

/**
 * An arrears case as stored: the resource's fields, every invoice it has seen overdue, the ladder it opened with and
 * the last step it took.
 *
 * @param lastStep the index of the last step taken; null before the first
 */
record CaseRow(UUID id, UUID contactId, String currency, String status, long amountOverdueMinor,
        List<UUID> overdueInvoiceIds, List<UUID> seenInvoiceIds, LocalDate oldestDueDate, List<Step> ladder,
        UUID overlockId, Integer lastStep, Instant openedAt, Instant closedAt, String closedReason,
        Instant createdAt, Instant updatedAt) {

    CaseRow {
        overdueInvoiceIds = List.copyOf(overdueInvoiceIds);
        seenInvoiceIds = List.copyOf(seenInvoiceIds);
        ladder = List.copyOf(ladder);
    }

    boolean isOpen() {
        return CollectionsCase.OPEN.equals(status);
    }

    /** The case as a read answers it. */
    CollectionsCase view() {
        Step last = lastStep == null ? null : ladder.get(lastStep);
        int next = lastStep == null ? 0 : lastStep + 1;
        boolean more = isOpen() && next < ladder.size();
        Step nextStep = more ? ladder.get(next) : null;
        Dunning dunning = new Dunning(lastStep, last == null ? null : last.action(), more ? next : null,
                more ? nextStep.action() : null,
                more && oldestDueDate != null ? oldestDueDate.plusDays(nextStep.daysAfterDue()) : null);
        return new CollectionsCase(id, CollectionsCase.OBJECT, contactId, currency, status, amountOverdueMinor,
                overdueInvoiceIds, oldestDueDate, dunning, overlockId, openedAt, closedAt, closedReason, createdAt,
                updatedAt);
    }
}
