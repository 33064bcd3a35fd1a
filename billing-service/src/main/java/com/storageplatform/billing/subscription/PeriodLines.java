package com.storageplatform.billing.subscription;

import com.storageplatform.billing.invoice.Invoice.Line;
import com.storageplatform.billing.invoice.IssuedInvoices;
import com.storageplatform.billing.subscription.BillingPeriods.Period;
import com.storageplatform.billing.subscription.Subscription.Item;
import com.storageplatform.billing.subscription.Subscription.Promotion;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;

/**
 * The lines of a plan's invoice for one period, in advance (docs/api/subscriptions.md "What an invoice bills"):
 * the licence fee, then each repeating charge and cover for the days of the period it runs, each prorated by
 * {@link BillingPeriods#prorate} against the full period, then the charges waiting for this invoice as they are.
 * A promotion with periods left takes its discount off the licence fee (and, unless it is {@code once}, the fees)
 * by {@link Discounts}; never off products or cover.
 */
final class PeriodLines {

    /** A late fee waiting for the plan's next invoice (billed as a fee line). */
    static final String LATE_FEE = "late_fee";

    private PeriodLines() {
    }

    /** A one-off charge waiting for the plan's next invoice, billed as it is. */
    record Waiting(String kind, String description, int quantity, long amountMinor, String vatTreatment) {
    }

    /**
     * @param lines     the invoice's lines, in order
     * @param discounted whether the promotion took anything off (the period then counts as one it applied to)
     */
    record Bill(List<Line> lines, boolean discounted) {
    }

    /**
     * @param promotion the promotion to apply, or null (none, none left, or a bridge)
     */
    static Bill of(Plan plan, List<Item> charges, Promotion promotion, Period period, List<Waiting> waiting) {
        List<Item> billed = new ArrayList<>();
        List<Long> totals = new ArrayList<>();
        if (plan.hasLicenceFee()) {
            billed.add(SubscriptionRepository.licenceFee(plan));
            totals.add(BillingPeriods.prorate(plan.amountMinor(), period.days(), period.fullDays()));
        }
        for (Item charge : charges) {
            long days = daysRunning(charge, period);
            if (days > 0) {
                billed.add(charge);
                totals.add(Math.multiplyExact(BillingPeriods.prorate(charge.amountMinor(), days, period.fullDays()),
                        (long) charge.quantity()));
            }
        }
        List<Long> discounts = discounts(promotion, billed, totals);
        boolean discounted = discounts.stream().anyMatch(d -> d > 0);
        String dates = " " + period.start() + " to " + period.end();
        List<Line> lines = new ArrayList<>();
        for (int i = 0; i < billed.size(); i++) {
            Item item = billed.get(i);
            long total = totals.get(i);
            long discount = discounts.get(i);
            String description = item.description() + dates
                    + (discount > 0 ? " (" + promotion.name() + ")" : "");
            boolean whole = discount == 0 && total % item.quantity() == 0;
            lines.add(IssuedInvoices.line(lineKind(item.itemType()), description, whole ? item.quantity() : 1,
                    whole ? total / item.quantity() : total - discount, item.vatTreatment(), item.productId()));
        }
        for (Waiting w : waiting) {
            lines.add(IssuedInvoices.line(LATE_FEE.equals(w.kind()) ? Item.FEE : w.kind(), w.description(),
                    w.quantity(), w.amountMinor(),
                    w.vatTreatment(), null));
        }
        return new Bill(List.copyOf(lines), discounted);
    }

    /** The days of {@code period} a charge runs: from its start (else the plan's) to its end (else the period's). */
    static long daysRunning(Item charge, Period period) {
        LocalDate from = charge.startsOn() == null || charge.startsOn().isBefore(period.start()) ? period.start()
                : charge.startsOn();
        LocalDate to = charge.endsOn() == null || charge.endsOn().isAfter(period.end()) ? period.end()
                : charge.endsOn();
        return to.isBefore(from) ? 0 : ChronoUnit.DAYS.between(from, to) + 1;
    }

    private static List<Long> discounts(Promotion promotion, List<Item> billed, List<Long> totals) {
        if (promotion == null) {
            return totals.stream().map(t -> 0L).toList();
        }
        List<Discounts.Charge> charges = new ArrayList<>();
        for (int i = 0; i < billed.size(); i++) {
            charges.add(new Discounts.Charge(billed.get(i).itemType(), totals.get(i)));
        }
        return Discounts.discounts(new Discounts.Promotion(promotion.discountKind(), promotion.discountValue(),
                promotion.duration()), charges);
    }

    /** The invoice line kind of a plan item: cover of kind insurance is an insurance line (IPT), a waiver a fee. */
    static String lineKind(String itemType) {
        return switch (itemType) {
            case Item.INSURANCE -> Line.INSURANCE;
            case Item.WAIVER -> "fee";
            default -> itemType;
        };
    }
}
