package com.storageplatform.billing.collections;

import com.storageplatform.billing.collections.DunningLadder.SaleNotice;
import com.storageplatform.billing.collections.DunningLadder.Step;
import com.storageplatform.billing.collections.SaleProcess.Notice;
import com.storageplatform.billing.invoice.Invoice;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/** The decisions of a lien sale, apart from the database (docs/api/collections.md, "Lien sale"). */
final class SaleRules {

    private SaleRules() {
    }

    /**
     * Why the case may not have a sale opened for it yet, as the 409's message; null once it has taken its ladder's
     * last step (the final notice, on the default ladder).
     */
    static String notAtLastStep(List<Step> ladder, Integer lastStep) {
        if (ladder.isEmpty()) {
            return "The customer's arrears case follows a dunning ladder without steps, so it never reaches a last "
                    + "step: a sale cannot be opened for it.";
        }
        int last = ladder.size() - 1;
        if (lastStep != null && lastStep == last) {
            return null;
        }
        String at = lastStep == null ? "has taken no step of its dunning ladder yet"
                : "is at step " + lastStep + " (" + ladder.get(lastStep).action() + ") of its dunning ladder";
        return "The customer's arrears case " + at + "; a sale can be opened only once its last step, " + last + " ("
                + ladder.get(last).action() + "), has been taken.";
    }

    /**
     * The notices of a process opened {@code today}: the notice of intention to sell today, then a reminder each of
     * the settings' days before the sale date ({@code today} plus the notice days), in the order they go out.
     */
    static List<Notice> notices(SaleNotice settings, LocalDate today) {
        LocalDate saleDate = saleDate(settings, today);
        List<Notice> notices = new ArrayList<>();
        notices.add(new Notice(0, Notice.NOTICE_OF_SALE, today, null));
        settings.reminderDaysBefore().stream().sorted(Comparator.reverseOrder()).forEach(days -> notices.add(
                new Notice(notices.size(), Notice.REMINDER, saleDate.minusDays(days), null)));
        return List.copyOf(notices);
    }

    static LocalDate saleDate(SaleNotice settings, LocalDate today) {
        return today.plusDays(settings.noticeDays());
    }

    /** An amount of the proceeds to pay against an invoice. */
    record Payment(@Nullable UUID invoiceId, long amountMinor) {
    }

    /**
     * The proceeds paid against the invoices oldest due date first, each as much as it lets be collected, until
     * they run out; invoices nothing is paid against are left out.
     */
    static List<Payment> apply(long proceedsMinor, List<Invoice> invoices) {
        List<Invoice> oldestFirst = invoices.stream()
                .sorted(Comparator.comparing(Invoice::dueDate).thenComparing(Invoice::id)).toList();
        List<Payment> payments = new ArrayList<>();
        long left = proceedsMinor;
        for (Invoice invoice : oldestFirst) {
            long pay = Math.min(left, Math.max(invoice.collectableMinor(), 0));
            if (pay > 0) {
                payments.add(new Payment(invoice.id(), pay));
                left -= pay;
            }
        }
        return List.copyOf(payments);
    }

    /** What the invoices owe now: those still payable, {@code amount_due_minor} summed. */
    static long owed(List<Invoice> invoices) {
        return invoices.stream().filter(i -> Invoice.PAYABLE.contains(i.status()))
                .mapToLong(Invoice::amountDueMinor).sum();
    }
}
