package com.storageplatform.billing.collections;

import com.storageplatform.kit.openapi.OneOf;
import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Instant;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The {@code dunning_ladder} resource: the steps the operator takes against a customer's arrears, one resource per
 * account ({@code /v1/dunning-ladder}). A case follows the ladder as it was when the case opened.
 *
 * @param steps      in order, each {@code days_after_due} after the due date of the case's oldest overdue invoice
 * @param saleNotice the notices of a lien sale opened once the last step is taken ({@link SaleNotice#DEFAULT}
 *                   until the operator sets its own)
 * @param isDefault  true while the account follows the default steps ({@link #DEFAULT})
 * @param updatedAt  when the operator last changed its steps; null for the default
 */
public record DunningLadder(String object, List<Step> steps, SaleNotice saleNotice, boolean isDefault,
        @Nullable Instant updatedAt) {

    public static final String OBJECT = "dunning_ladder";
    /** A late fee of the default ladder, in minor units of the account's currency (10.00). */
    static final long DEFAULT_LATE_FEE_MINOR = 1000;
    static final List<Step> DEFAULT = List.of(new Step(3, Step.REMINDER, null),
            new Step(7, Step.LATE_FEE, DEFAULT_LATE_FEE_MINOR), new Step(14, Step.OVERLOCK, null),
            new Step(21, Step.FINAL_NOTICE, null));

    public DunningLadder {
        steps = List.copyOf(steps);
    }

    /**
     * One step.
     *
     * @param daysAfterDue days after the due date of the case's oldest overdue invoice (1 to 365)
     * @param action       {@code reminder} (a reminder email), {@code late_fee} (a fee on the customer's next
     *                     invoice), {@code overlock} (the customer's units locked), {@code final_notice} (the last
     *                     notice before the debt is pursued further)
     * @param amountMinor  the late fee in minor units of the account's currency; only on {@code late_fee}
     */
    @Schema(name = "DunningStep")
    public record Step(int daysAfterDue, @OneOf("ACTIONS") String action, @Nullable Long amountMinor) {

        public static final String REMINDER = "reminder";
        public static final String LATE_FEE = "late_fee";
        public static final String OVERLOCK = "overlock";
        public static final String FINAL_NOTICE = "final_notice";
        public static final List<String> ACTIONS = List.of(REMINDER, LATE_FEE, OVERLOCK, FINAL_NOTICE);
    }

    /**
     * When a lien sale's notices go out (docs/api/collections.md, "Lien sale"): the notice of intention to sell on
     * the day the sale process opens, naming the sale date {@code noticeDays} later, and a reminder of it each of
     * {@code reminderDaysBefore} days before the sale date.
     *
     * @param noticeDays         days from the notice to the sale date: 14 to 365 (a reasonable period to pay)
     * @param reminderDaysBefore days before the sale date a reminder goes out, each 1 to {@code noticeDays - 1},
     *                           at most 5, in decreasing order
     */
    @Schema(name = "SaleNoticeSettings")
    public record SaleNotice(int noticeDays, List<Integer> reminderDaysBefore) {

        public static final int MIN_NOTICE_DAYS = 14;
        public static final int MAX_NOTICE_DAYS = 365;
        public static final int MAX_REMINDERS = 5;
        /** The default: the sale 28 days after the notice, a reminder 7 days before it. */
        public static final SaleNotice DEFAULT = new SaleNotice(28, List.of(7));

        public SaleNotice {
            reminderDaysBefore = List.copyOf(reminderDaysBefore);
        }
    }
}
