package com.storageplatform.billing.collections;

import com.storageplatform.billing.collections.DunningLadder.Step;
import com.storageplatform.billing.invoice.Invoice;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/** The decisions of an arrears case, apart from the database (ADR 0028). */
final class DunningRules {

    private DunningRules() {
    }

    /**
     * The steps of the case's ladder to take today, in order: each after the last one taken whose day has come
     * ({@code days_after_due} on or before the days since the oldest due date). Steps are taken in order and never
     * skipped, so a job that did not run for days takes every step whose day came, oldest first; a case whose oldest
     * due date moved later (its oldest invoice paid) waits for the next step's day from the new date.
     */
    static List<Integer> dueSteps(List<Step> ladder, Integer lastStep, LocalDate oldestDueDate, LocalDate today) {
        if (oldestDueDate == null) {
            return List.of();
        }
        long days = ChronoUnit.DAYS.between(oldestDueDate, today);
        List<Integer> due = new ArrayList<>();
        for (int i = lastStep == null ? 0 : lastStep + 1; i < ladder.size(); i++) {
            if (ladder.get(i).daysAfterDue() > days) {
                break;
            }
            due.add(i);
        }
        return List.copyOf(due);
    }

    /**
     * Why a case closed, from what became of every invoice it saw overdue: {@code paid}, {@code voided} or
     * {@code credited} when all left arrears that one way, {@code resolved} when several or another (a write-off, a
     * collection in flight, an advance notice).
     */
    static String closedReason(List<Invoice> seen) {
        Set<String> ways = new TreeSet<>();
        for (Invoice invoice : seen) {
            ways.add(wayOut(invoice));
        }
        return ways.size() == 1 ? ways.iterator().next() : CollectionsCase.RESOLVED;
    }

    private static String wayOut(Invoice invoice) {
        if (Invoice.VOID.equals(invoice.status())) {
            return CollectionsCase.VOIDED;
        }
        if (invoice.isWrittenOff()) {
            return CollectionsCase.RESOLVED;
        }
        if (Invoice.PAID.equals(invoice.status())) {
            return invoice.amountPaidMinor() == 0 && invoice.amountCreditedMinor() > 0 ? CollectionsCase.CREDITED
                    : CollectionsCase.PAID;
        }
        return CollectionsCase.RESOLVED;
    }
}
