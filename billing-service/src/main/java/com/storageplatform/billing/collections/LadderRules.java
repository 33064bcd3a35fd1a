package com.storageplatform.billing.collections;

import com.storageplatform.billing.collections.DunningLadder.SaleNotice;
import com.storageplatform.billing.collections.DunningLadder.Step;
import com.storageplatform.billing.collections.LadderChanges.SaleNoticeInput;
import com.storageplatform.billing.collections.LadderChanges.StepInput;
import com.storageplatform.kit.validation.Validation;
import com.storageplatform.kit.web.FieldIssue;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The checks of a dunning ladder, every bad step named by its index ({@code steps[2].days_after_due}) in one 422:
 * days from 1 to 365 and strictly increasing ({@code below_minimum} on a day not after the step before), a known
 * action, a late fee's amount (and none on another action), at most one {@code overlock} and one
 * {@code final_notice} ({@code duplicate}), and the final notice last ({@code not_allowed} on a final notice with a
 * step after it).
 */
final class LadderRules {

    static final int MAX_STEPS = 20;
    static final int MAX_DAYS = 365;

    private LadderRules() {
    }

    /** The steps, checked; throws the 422 naming every bad field. */
    static List<Step> steps(List<StepInput> sent) {
        Validation v = Validation.start();
        v.check(sent.size() > MAX_STEPS, "steps", FieldIssue.ABOVE_MAXIMUM);
        List<Step> steps = new ArrayList<>();
        Integer previousDay = null;
        int overlocks = 0;
        int finalNotices = 0;
        Integer finalNoticeAt = null;
        for (int i = 0; i < sent.size(); i++) {
            String at = "steps[" + i + "]";
            StepInput step = sent.get(i);
            if (step == null) {
                v.add(at, FieldIssue.REQUIRED);
                continue;
            }
            Integer day = step.daysAfterDue();
            v.require(at + ".days_after_due", day);
            if (day != null) {
                v.min(at + ".days_after_due", day.longValue(), 1).max(at + ".days_after_due", day.longValue(),
                        MAX_DAYS);
                v.check(previousDay != null && day <= previousDay && day >= 1, at + ".days_after_due",
                        FieldIssue.BELOW_MINIMUM);
                previousDay = previousDay == null ? day : Math.max(previousDay, day);
            }
            String action = step.action();
            v.require(at + ".action", action).oneOf(at + ".action", action, Step.ACTIONS);
            boolean lateFee = Step.LATE_FEE.equals(action);
            if (lateFee) {
                v.require(at + ".amount_minor", step.amountMinor()).min(at + ".amount_minor", step.amountMinor(), 1);
            } else {
                v.check(step.amountMinor() != null, at + ".amount_minor", FieldIssue.NOT_ALLOWED);
            }
            if (Step.OVERLOCK.equals(action)) {
                v.check(++overlocks > 1, at + ".action", FieldIssue.DUPLICATE);
            }
            if (Step.FINAL_NOTICE.equals(action)) {
                v.check(++finalNotices > 1, at + ".action", FieldIssue.DUPLICATE);
                finalNoticeAt = finalNoticeAt == null ? i : finalNoticeAt;
            }
            steps.add(new Step(day == null ? 0 : day, action, lateFee ? step.amountMinor() : null));
        }
        v.check(finalNoticeAt != null && finalNoticeAt != sent.size() - 1, "steps[" + finalNoticeAt + "].action",
                FieldIssue.NOT_ALLOWED);
        v.orThrow();
        return List.copyOf(steps);
    }

    /**
     * The lien sale's notice settings, checked, the reminders in decreasing order (the order they go out); throws
     * the 422 naming every bad field: {@code sale_notice.notice_days} 14 to 365, each of
     * {@code sale_notice.reminder_days_before} 1 to {@code notice_days - 1} and not twice ({@code duplicate}), at
     * most {@value SaleNotice#MAX_REMINDERS}.
     */
    static SaleNotice saleNotice(SaleNoticeInput sent) {
        Validation v = Validation.start();
        String days = "sale_notice.notice_days";
        String reminders = "sale_notice.reminder_days_before";
        Integer noticeDays = sent.noticeDays();
        v.require(days, noticeDays).require(reminders, sent.reminderDaysBefore());
        if (noticeDays != null) {
            v.min(days, noticeDays.longValue(), SaleNotice.MIN_NOTICE_DAYS)
                    .max(days, noticeDays.longValue(), SaleNotice.MAX_NOTICE_DAYS);
        }
        List<Integer> before = sent.reminderDaysBefore() == null ? List.of() : sent.reminderDaysBefore();
        v.check(before.size() > SaleNotice.MAX_REMINDERS, reminders, FieldIssue.ABOVE_MAXIMUM);
        for (int i = 0; i < before.size(); i++) {
            String at = reminders + "[" + i + "]";
            Integer day = before.get(i);
            if (day == null) {
                v.add(at, FieldIssue.REQUIRED);
                continue;
            }
            v.min(at, day.longValue(), 1);
            v.check(noticeDays != null && day >= noticeDays, at, FieldIssue.ABOVE_MAXIMUM);
            v.check(before.subList(0, i).contains(day), at, FieldIssue.DUPLICATE);
        }
        v.orThrow();
        return new SaleNotice(noticeDays, before.stream().sorted(Comparator.reverseOrder()).toList());
    }
}
