package com.storageplatform.billing.collections;

import com.storageplatform.kit.web.Patch;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The body of {@code PATCH /v1/dunning-ladder}: each part left out stays, {@code null} restores its default.
 *
 * @param steps      every step, in order of {@code days_after_due}
 * @param saleNotice the lien sale's notices, whole
 */
record LadderChanges(Patch<List<StepInput>> steps, Patch<SaleNoticeInput> saleNotice) {

    /**
     * One step as sent.
     *
     * @param daysAfterDue 1 to 365, more than the step before
     * @param action       {@code reminder}, {@code late_fee}, {@code overlock} or {@code final_notice}
     * @param amountMinor  the late fee, at least 1, in minor units of the account's currency: required on
     *                     {@code late_fee}, not allowed on any other action
     */
    @Schema(name = "DunningStepInput", requiredProperties = {"days_after_due", "action"})
    record StepInput(Integer daysAfterDue, String action, @Nullable Long amountMinor) {
    }

    /**
     * The lien sale's notices as sent.
     *
     * @param noticeDays         days from the notice of intention to sell to the sale date: 14 to 365
     * @param reminderDaysBefore days before the sale date a reminder goes out: each 1 to {@code notice_days - 1},
     *                           distinct, at most 5; empty for none
     */
    @Schema(name = "SaleNoticeSettingsInput", requiredProperties = {"notice_days", "reminder_days_before"})
    record SaleNoticeInput(@Nullable Integer noticeDays, List<Integer> reminderDaysBefore) {
    }
}
