package com.storageplatform.billing.collections;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.billing.collections.DunningLadder.SaleNotice;
import com.storageplatform.billing.collections.DunningLadder.Step;
import com.storageplatform.billing.collections.LadderChanges.SaleNoticeInput;
import com.storageplatform.billing.collections.SaleProcess.Notice;
import com.storageplatform.billing.collections.SaleRules.Payment;
import com.storageplatform.billing.invoice.Invoice;
import com.storageplatform.kit.web.ApiException;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The decisions of a lien sale and the checks of its notice settings, apart from the database. */
class SaleRulesTest {

    static final LocalDate TODAY = LocalDate.of(2027, 4, 1);

    @Test
    void aSaleOpensOnlyOnceTheLaddersLastStepIsTaken() {
        List<Step> ladder = DunningLadder.DEFAULT;
        assertThat(SaleRules.notAtLastStep(ladder, null)).contains("has taken no step");
        assertThat(SaleRules.notAtLastStep(ladder, 2)).contains("is at step 2 (overlock)")
                .contains("last step, 3 (final_notice)");
        assertThat(SaleRules.notAtLastStep(ladder, 3)).isNull();
        assertThat(SaleRules.notAtLastStep(List.of(), null)).contains("without steps");
    }

    @Test
    void theNoticeOfSaleGoesOutTheDayItOpensAndEachReminderItsDaysBeforeTheSaleDate() {
        SaleNotice settings = new SaleNotice(28, List.of(3, 14));
        assertThat(SaleRules.saleDate(settings, TODAY)).isEqualTo(TODAY.plusDays(28));
        assertThat(SaleRules.notices(settings, TODAY)).containsExactly(
                new Notice(0, Notice.NOTICE_OF_SALE, TODAY, null),
                new Notice(1, Notice.REMINDER, TODAY.plusDays(14), null),
                new Notice(2, Notice.REMINDER, TODAY.plusDays(25), null));
        assertThat(SaleRules.notices(new SaleNotice(14, List.of()), TODAY)).hasSize(1);
    }

    @Test
    void proceedsPayTheOldestInvoiceFirstEachAsFarAsItCanBeCollected() {
        Invoice newer = invoice(LocalDate.of(2027, 2, 1), 2000, 0);
        Invoice older = invoice(LocalDate.of(2027, 1, 1), 5000, 1000);
        assertThat(SaleRules.apply(5500, List.of(newer, older))).containsExactly(
                new Payment(older.id(), 4000), new Payment(newer.id(), 1500));
        assertThat(SaleRules.apply(9000, List.of(newer, older))).containsExactly(
                new Payment(older.id(), 4000), new Payment(newer.id(), 2000));
        assertThat(SaleRules.apply(0, List.of(newer, older))).isEmpty();
        assertThat(SaleRules.owed(List.of(newer, older))).isEqualTo(7000);
    }

    @Test
    void saleNoticeSettingsNeedAtLeastFourteenDaysAndRemindersInsideThem() {
        assertThat(LadderRules.saleNotice(new SaleNoticeInput(21, List.of(2, 7))))
                .isEqualTo(new SaleNotice(21, List.of(7, 2)));
        assertThat(issues(new SaleNoticeInput(13, List.of(13)))).containsExactlyInAnyOrder(
                "sale_notice.notice_days below_minimum", "sale_notice.reminder_days_before[0] above_maximum");
        assertThat(issues(new SaleNoticeInput(null, null))).containsExactlyInAnyOrder(
                "sale_notice.notice_days required", "sale_notice.reminder_days_before required");
        assertThat(issues(new SaleNoticeInput(400, Arrays.asList(0, 5, 5, null)))).containsExactlyInAnyOrder(
                "sale_notice.notice_days above_maximum", "sale_notice.reminder_days_before[0] below_minimum",
                "sale_notice.reminder_days_before[2] duplicate", "sale_notice.reminder_days_before[3] required");
        assertThat(issues(new SaleNoticeInput(28, List.of(1, 2, 3, 4, 5, 6))))
                .containsExactly("sale_notice.reminder_days_before above_maximum");
    }

    static List<String> issues(SaleNoticeInput input) {
        try {
            LadderRules.saleNotice(input);
        } catch (ApiException e) {
            return e.details().stream().map(d -> d.field() + " " + d.issue()).toList();
        }
        throw new AssertionError("accepted");
    }

    static Invoice invoice(LocalDate due, long owed, long inFlight) {
        return new Invoice(UUID.randomUUID(), "invoice", UUID.randomUUID(), null, null, "api", Invoice.OVERDUE, "GBP",
                "offline", null, due, List.of(), owed, 0, 0, 0, 0, 0, owed, inFlight, null, null, null, null, null,
                null, null, null, null);
    }
}
