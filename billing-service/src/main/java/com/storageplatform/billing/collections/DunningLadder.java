package com.storageplatform.billing.collections;

import com.storageplatform.kit.openapi.OneOf;
import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Instant;
import java.util.List;

/**
 * The {@code dunning_ladder} resource: the steps the operator takes against a customer's arrears, one resource per
 * account ({@code /v1/dunning-ladder}). A case follows the ladder as it was when the case opened.
 *
 * @param steps     in order, each {@code days_after_due} after the due date of the case's oldest overdue invoice
 * @param isDefault true while the account follows the default ladder ({@link #DEFAULT})
 * @param updatedAt when the operator last changed it; null for the default
 */
public record DunningLadder(String object, List<Step> steps, boolean isDefault, Instant updatedAt) {

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
    public record Step(int daysAfterDue, @OneOf("ACTIONS") String action, Long amountMinor) {

        public static final String REMINDER = "reminder";
        public static final String LATE_FEE = "late_fee";
        public static final String OVERLOCK = "overlock";
        public static final String FINAL_NOTICE = "final_notice";
        public static final List<String> ACTIONS = List.of(REMINDER, LATE_FEE, OVERLOCK, FINAL_NOTICE);
    }
}
