package com.storageplatform.billing.payment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.storageplatform.billing.calendar.BacsTimeline;
import com.storageplatform.billing.calendar.WorkingDays;
import com.storageplatform.billing.invoice.Invoice;
import com.storageplatform.billing.payment.PaymentRules.Request;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.web.ApiException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZonedDateTime;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The pure rules of a payment: rule 6's charge date, an order's lines, and the order of judgement of rules 4, 5, 2. */
class PaymentRulesTest {

    static final BacsTimeline TIMELINE = new BacsTimeline(new WorkingDays());

    static Instant london(String localDateTime) {
        return ZonedDateTime.of(java.time.LocalDateTime.parse(localDateTime), BacsTimeline.LONDON).toInstant();
    }

    @Test
    void rule6ADirectDebitIsRequestedForTheNoticedDayWhileItCanStillBeMet() {
        assertThat(PaymentRules.chargeDate(TIMELINE, london("2026-06-01T10:00"), LocalDate.parse("2026-06-15"), null))
                .isEqualTo("2026-06-15");
        // Christmas Day and the Boxing Day substitute move the noticed day onto a working day, never earlier.
        assertThat(PaymentRules.chargeDate(TIMELINE, london("2026-12-18T10:00"), LocalDate.parse("2026-12-25"), null))
                .isEqualTo("2026-12-29");
    }

    @Test
    void rule6OnceTheNoticedDayCannotBeMetItIsTheFirstDayTheBankCanDebit() {
        assertThat(PaymentRules.chargeDate(TIMELINE, london("2026-12-23T10:00"), LocalDate.parse("2026-12-29"), null))
                .isEqualTo("2026-12-30");
        assertThat(PaymentRules.chargeDate(TIMELINE, london("2026-04-02T10:00"), LocalDate.parse("2026-04-01"), null))
                .isEqualTo("2026-04-09");
    }

    @Test
    void withoutANoticeItIsTheFirstDayTheBankCanDebitCountedFromTheCutOff() {
        assertThat(PaymentRules.chargeDate(TIMELINE, london("2026-08-29T10:00"), null, null)).isEqualTo("2026-09-04");
        assertThat(PaymentRules.chargeDate(TIMELINE, london("2026-06-01T15:59"), null, null)).isEqualTo("2026-06-04");
        assertThat(PaymentRules.chargeDate(TIMELINE, london("2026-06-01T16:00"), null, null)).isEqualTo("2026-06-05");
    }

    @Test
    void neverBeforeTheMandatesNextPossibleChargeDateMovedOntoAWorkingDay() {
        assertThat(PaymentRules.chargeDate(TIMELINE, london("2026-06-01T10:00"), null, LocalDate.parse("2026-06-06")))
                .isEqualTo("2026-06-08");
        assertThat(PaymentRules.chargeDate(TIMELINE, london("2026-06-01T10:00"), LocalDate.parse("2026-06-15"),
                LocalDate.parse("2026-06-02"))).isEqualTo("2026-06-15");
    }

    @Test
    void anOrdersDiscountIsTakenOffItsLicenceFeeAndItsDepositLeftToDepositMinor() {
        CreatePayment body = order(10293, 5000, List.of(
                line("licence_fee", 1, "standard_20", 7664L),
                line("discount", 1, "standard_20", -3832L),
                line("cover", 1, "standard_20", 426L),
                line("product", 3, "standard_20", 1035L),
                line("deposit", 1, "outside_scope", 5000L)));

        Request request = PaymentRules.check(body, true);

        assertThat(request.orderLines()).extracting(Invoice.Line::kind)
                .containsExactly("licence_fee", "charge", "product");
        assertThat(request.orderLines()).extracting(Invoice.Line::totalMinor).containsExactly(3832L, 426L, 1035L);
        assertThat(request.orderLines().get(2).quantity()).isEqualTo(3);
        assertThat(request.orderLines().get(2).amountMinor()).isEqualTo(345);
        assertThat(request.orderLines().get(0).vatMinor()).isEqualTo(639);
        assertThat(request.depositMinor()).isEqualTo(5000);
    }

    @Test
    void anOrdersPaymentMustPayAllOfItsLines() {
        assertThat(issues(() -> PaymentRules.check(order(10000, 0, List.of(line("licence_fee", 1, "standard_20",
                9999L))), true))).containsExactly("amount_minor invalid");
        assertThat(issues(() -> PaymentRules.check(order(100, 0, List.of(line("discount", 1, "standard_20", -100L))),
                true))).containsExactly("lines[0] invalid");
        assertThat(issues(() -> PaymentRules.check(order(100, 0, List.of(line("rent", 0, "vat", null))), true)))
                .containsExactlyInAnyOrder("lines[0].kind invalid", "lines[0].quantity below_minimum",
                        "lines[0].vat_treatment invalid", "lines[0].total_minor required");
    }

    @Test
    void theInvoicesCustomerIsJudgedBeforeThePlanTheCurrencyTheStatusAndTheBalance() {
        UUID payer = Ids.newId();
        Invoice voidOfAnother = invoice(Ids.newId(), "EUR", Invoice.VOID, 0);
        assertThat(issues(() -> PaymentRules.judge(request(payer, Ids.newId(), "GBP", 100), payer, voidOfAnother)))
                .containsExactly("invoice_id not_allowed");

        Invoice paidInEuros = invoice(payer, "EUR", Invoice.PAID, 0);
        assertThat(issues(() -> PaymentRules.judge(request(payer, Ids.newId(), "GBP", 100), payer, paidInEuros)))
                .containsExactly("subscription_id not_found");
        assertThat(issues(() -> PaymentRules.judge(request(payer, null, "GBP", 100), payer, paidInEuros)))
                .containsExactly("currency invalid");
        assertThatThrownBy(() -> PaymentRules.judge(request(payer, null, "EUR", 100), payer, paidInEuros))
                .isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.status().value()).isEqualTo(409));

        Invoice open = invoice(payer, "GBP", Invoice.OPEN, 500);
        assertThat(issues(() -> PaymentRules.judge(request(payer, null, "GBP", 501), payer, open)))
                .containsExactly("amount_minor above_maximum");
        PaymentRules.judge(request(payer, null, "GBP", 500), payer, open);
    }

    static List<String> issues(Runnable judged) {
        try {
            judged.run();
        } catch (ApiException e) {
            return e.details().stream().map(d -> d.field() + " " + d.issue()).toList();
        }
        throw new AssertionError("Nothing was refused");
    }

    static CreatePayment.OrderLine line(String kind, int quantity, String vat, Long total) {
        return new CreatePayment.OrderLine(kind, kind + " line", quantity, null, null, vat, null, null, total);
    }

    static CreatePayment order(long amount, long deposit, List<CreatePayment.OrderLine> lines) {
        return new CreatePayment("card", amount, "GBP", Ids.newId().toString(), null, null, null, null, null, null,
                null, "test_card_visa", Ids.newId().toString(), lines, deposit, null);
    }

    static Request request(UUID payer, UUID subscriptionId, String currency, long amount) {
        return new Request("offline", amount, currency, payer, Ids.newId(), subscriptionId, "card_terminal", null,
                null, null, null, null, null, List.of(), 0, null);
    }

    static Invoice invoice(UUID contact, String currency, String status, long due) {
        return new Invoice(Ids.newId(), "invoice", contact, null, null, "api", status, currency, "offline", null,
                null, List.of(), due, 0, 0, 0, 0, 0, due, 0, null, null, null, null, null, null, null, null, null);
    }
}
