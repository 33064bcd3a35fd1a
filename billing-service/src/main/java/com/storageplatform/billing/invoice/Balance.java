package com.storageplatform.billing.invoice;

import java.time.LocalDate;

/**
 * What an invoice is owed and its status, and how each money movement changes them: the decisions of the spec's
 * invoice table as pure functions (unit-tested without a database). Figures are minor units.
 *
 * <ul>
 *   <li>{@code open}, {@code partially_paid}, {@code overdue} → {@code paid} when a payment collects in full;</li>
 *   <li>{@code overdue} → {@code open} while a collection in flight covers what is owed, or a Direct Debit advance
 *       notice for exactly what is owed names a charge date not yet reached;</li>
 *   <li>{@code open} → {@code overdue} once the due day has passed and nothing has been collected;</li>
 *   <li>{@code paid} reopened by a reversal ({@code partially_paid} while other money stays against it).</li>
 * </ul>
 */
record Balance(String status, long paidMinor, long creditedMinor, long writtenOffMinor, long dueMinor,
        long inFlightMinor) {

    static Balance of(Invoice invoice) {
        return new Balance(invoice.status(), invoice.amountPaidMinor(), invoice.amountCreditedMinor(),
                invoice.amountWrittenOffMinor(), invoice.amountDueMinor(), invoice.amountInFlightMinor());
    }

    /** A collection asked of a provider: in flight until it settles. */
    Balance collecting(long amountMinor) {
        long inFlight = inFlightMinor + amountMinor;
        String next = Invoice.OVERDUE.equals(status) && inFlight >= dueMinor ? Invoice.OPEN : status;
        return new Balance(next, paidMinor, creditedMinor, writtenOffMinor, dueMinor, inFlight);
    }

    /** Money collected: from a collection in flight ({@code wasInFlight}) or recorded at once. */
    Balance collected(long amountMinor, boolean wasInFlight) {
        long due = dueMinor - amountMinor;
        long inFlight = wasInFlight ? inFlightMinor - amountMinor : inFlightMinor;
        return new Balance(due == 0 ? Invoice.PAID : Invoice.PARTIALLY_PAID, paidMinor + amountMinor,
                creditedMinor, writtenOffMinor, due, inFlight);
    }

    /** A collection in flight that failed: the invoice is owed as before. */
    Balance collectionFailed(long amountMinor) {
        return new Balance(status, paidMinor, creditedMinor, writtenOffMinor, dueMinor, inFlightMinor - amountMinor);
    }

    /** Collected money returned (a Direct Debit failure after confirmation, late failure or chargeback). */
    Balance reversed(long amountMinor) {
        long paid = paidMinor - amountMinor;
        return new Balance(paid > 0 ? Invoice.PARTIALLY_PAID : Invoice.OPEN, paid, creditedMinor, writtenOffMinor,
                dueMinor + amountMinor, inFlightMinor);
    }

    /** An advance notice for {@code amountMinor} on {@code chargeDate}: an overdue invoice it covers is open. */
    Balance noticed(long amountMinor, LocalDate chargeDate, LocalDate today) {
        boolean covers = amountMinor == dueMinor && !chargeDate.isBefore(today);
        return Invoice.OVERDUE.equals(status) && covers
                ? new Balance(Invoice.OPEN, paidMinor, creditedMinor, writtenOffMinor, dueMinor, inFlightMinor)
                : this;
    }

    /** A credit note: what is owed falls, and an invoice with nothing left owed is paid. */
    Balance credited(long amountMinor) {
        long due = dueMinor - amountMinor;
        return new Balance(due == 0 ? Invoice.PAID : status, paidMinor, creditedMinor + amountMinor,
                writtenOffMinor, due, inFlightMinor);
    }

    /**
     * A credit note for items returned from a sale: what is owed falls by as much of {@code amountMinor} as it
     * covers, and the rest is money paid that the desk pays back, so it leaves {@code paid}. The figures still add
     * up to the total; an invoice with nothing left owed is paid.
     */
    Balance creditedForReturn(long amountMinor) {
        long fromDue = Math.min(amountMinor, dueMinor);
        long refunded = amountMinor - fromDue;
        long due = dueMinor - fromDue;
        return new Balance(due == 0 ? Invoice.PAID : status, paidMinor - refunded, creditedMinor + amountMinor,
                writtenOffMinor, due, inFlightMinor);
    }

    /** The debt written off: nothing is owed any more, the status stays as it was. */
    Balance writtenOff() {
        return new Balance(status, paidMinor, creditedMinor, writtenOffMinor + dueMinor, 0, inFlightMinor);
    }

    /**
     * {@code open} → {@code overdue} when {@code dueDate} is before {@code today}, nothing has been collected,
     * nothing is in flight and no advance notice covers it ({@code noticeCovers}).
     */
    Balance overdueOn(LocalDate dueDate, LocalDate today, boolean noticeCovers) {
        boolean late = Invoice.OPEN.equals(status) && dueDate != null && dueDate.isBefore(today)
                && paidMinor == 0 && dueMinor > 0 && inFlightMinor == 0 && !noticeCovers;
        return late ? new Balance(Invoice.OVERDUE, paidMinor, creditedMinor, writtenOffMinor, dueMinor,
                inFlightMinor) : this;
    }
}
