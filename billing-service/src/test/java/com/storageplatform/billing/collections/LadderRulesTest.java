package com.storageplatform.billing.collections;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.storageplatform.billing.collections.DunningLadder.Step;
import com.storageplatform.billing.collections.LadderChanges.StepInput;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.FieldIssue;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class LadderRulesTest {

    static StepInput step(Integer days, String action, Long amount) {
        return new StepInput(days, action, amount);
    }

    static List<String> issues(StepInput... steps) {
        try {
            LadderRules.steps(Arrays.asList(steps));
        } catch (ApiException e) {
            return e.details().stream().map(d -> d.field() + " " + d.issue()).toList();
        }
        throw new AssertionError("accepted");
    }

    @Test
    void aLadderInOrderIsAccepted() {
        assertThat(LadderRules.steps(List.of(step(3, "reminder", null), step(7, "late_fee", 1500L),
                step(14, "overlock", null), step(21, "final_notice", null))))
                .containsExactly(new Step(3, "reminder", null), new Step(7, "late_fee", 1500L),
                        new Step(14, "overlock", null), new Step(21, "final_notice", null));
    }

    @Test
    void anEmptyLadderIsAcceptedAndDunsNobody() {
        assertThat(LadderRules.steps(List.of())).isEmpty();
    }

    @Test
    void daysMustIncreaseStrictlyAndEachBadStepIsNamedByItsIndex() {
        assertThat(issues(step(7, "reminder", null), step(7, "reminder", null), step(3, "overlock", null)))
                .containsExactly("steps[1].days_after_due below_minimum", "steps[2].days_after_due below_minimum");
    }

    @Test
    void daysRunFromOneTo365() {
        assertThat(issues(step(0, "reminder", null), step(366, "final_notice", null), step(null, "reminder", null)))
                .contains("steps[0].days_after_due below_minimum", "steps[1].days_after_due above_maximum",
                        "steps[2].days_after_due required");
    }

    @Test
    void aLateFeeNeedsItsAmountAndNoOtherActionTakesOne() {
        assertThat(issues(step(3, "late_fee", null), step(5, "late_fee", 0L), step(7, "reminder", 100L)))
                .containsExactly("steps[0].amount_minor required", "steps[1].amount_minor below_minimum",
                        "steps[2].amount_minor not_allowed");
    }

    @Test
    void anUnknownOrMissingActionIsNamed() {
        assertThat(issues(step(3, "email", null), step(5, null, null), null))
                .containsExactly("steps[0].action invalid", "steps[1].action required", "steps[2] required");
    }

    @Test
    void atMostOneOverlockAndOneFinalNotice() {
        assertThat(issues(step(3, "overlock", null), step(5, "overlock", null), step(7, "final_notice", null),
                step(9, "final_notice", null)))
                .contains("steps[1].action duplicate", "steps[3].action duplicate");
    }

    @Test
    void theFinalNoticeIsTheLastStep() {
        assertThat(issues(step(3, "final_notice", null), step(5, "reminder", null)))
                .containsExactly("steps[0].action not_allowed");
    }

    @Test
    void moreThanTwentyStepsAreRefused() {
        List<StepInput> many = new ArrayList<>();
        for (int i = 1; i <= 21; i++) {
            many.add(step(i, "reminder", null));
        }
        assertThatThrownBy(() -> LadderRules.steps(many)).isInstanceOfSatisfying(ApiException.class,
                e -> assertThat(e.details()).contains(new FieldIssue("steps", "above_maximum")));
    }
}
