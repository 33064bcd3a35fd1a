package com.storageplatform.billing.collections;

import com.storageplatform.kit.web.Patch;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;

/**
 * The body of {@code PATCH /v1/dunning-ladder}: left out stays, {@code null} restores the default.
 *
 * @param steps every step, in order of {@code days_after_due}
 */
record LadderChanges(Patch<List<StepInput>> steps) {

    /**
     * One step as sent.
     *
     * @param daysAfterDue 1 to 365, more than the step before
     * @param action       {@code reminder}, {@code late_fee}, {@code overlock} or {@code final_notice}
     * @param amountMinor  the late fee, at least 1, in minor units of the account's currency: required on
     *                     {@code late_fee}, not allowed on any other action
     */
    @Schema(name = "DunningStepInput", requiredProperties = {"days_after_due", "action"})
    record StepInput(Integer daysAfterDue, String action, Long amountMinor) {
    }
}
