package com.storageplatform.billing.shop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.storageplatform.billing.creditnote.ReturnedLine;
import com.storageplatform.billing.internal.Customers.Customer;
import com.storageplatform.billing.invoice.Invoice;
import com.storageplatform.billing.invoice.IssuedInvoices;
import com.storageplatform.billing.payment.DeskPayments;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.web.ApiException;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** What a shop sale and a return are judged against once read, as {@link ShopRules} decides it. */
class ShopRulesTest {

    static final Instant NOW = Instant.parse("2026-11-27T10:00:00Z");
    static final UUID CUSTOMER = Ids.newId();
    static final DeskPayments.Tender CARD = new DeskPayments.Tender("card", null, null, null, "test_card_visa");

    /** A shop sale's invoice of 3 boxes at 345 and 2 padlocks at 1299, one padlock returned already. */
    static Invoice sale() {
        List<Invoice.Line> lines = List.of(
                IssuedInvoices.line("product", "Archive box", 3, 345, "standard_20", Ids.newId()),
                new Invoice.Line("product", "Disc padlock", 2, 1299, 2598, "standard_20", 433, 0, Ids.newId(), 1),
                IssuedInvoices.line("charge", "Key cutting", 1, 500, "standard_20", null));
        return invoice(Invoice.PAID, lines, 0, null);
    }

    static Invoice invoice(String status, List<Invoice.Line> lines, long inFlight, Instant writtenOff) {
        long total = lines.stream().mapToLong(Invoice.Line::totalMinor).sum();
        return new Invoice(Ids.newId(), Invoice.OBJECT, CUSTOMER, null, null, Invoice.SOURCE_SHOP, status, "GBP",
                Invoice.OFFLINE, null, LocalDate.of(2026, 11, 27), lines, total, 0, 0, total, 0, 0, 0, inFlight,
                null, null, null, NOW, NOW, null, writtenOff, NOW, NOW);
    }

    static Invoice debt(String status, long due, long inFlight, Instant writtenOff) {
        return new Invoice(Ids.newId(), Invoice.OBJECT, CUSTOMER, null, null, Invoice.SOURCE_API, status, "GBP",
                Invoice.OFFLINE, null, LocalDate.of(2026, 12, 11), List.of(), 12000, 2000, 0, 12000 - due, 0, 0,
                due, inFlight, null, null, null, NOW, null, null, writtenOff, NOW, NOW);
    }

    static ShopRules.Sale sale(DeskPayments.Tender tender, List<UUID> invoiceIds) {
        return new ShopRules.Sale(CUSTOMER, "GBP", List.of(), invoiceIds, tender);
    }

    static List<String> issues(ApiException refused) {
        return refused.details().stream().map(issue -> issue.field() + " " + issue.issue()).toList();
    }

    @Test
    void aReturnedLineIsCreditedAtItsPriceOfOneTimesTheQuantityReturned() {
        List<ReturnedLine> credited = ShopRules.credited(sale(), List.of(new ShopRules.Returned(0, 2),
                new ShopRules.Returned(1, 1)));

        assertThat(credited).containsExactly(new ReturnedLine(0, 2, 690), new ReturnedLine(1, 1, 1299));
    }

    @Test
    void everyLineThatCannotBeReturnedIsNamedInOneAnswerSayingWhy() {
        ApiException refused = catchThrowableOfType(ApiException.class, () -> ShopRules.credited(sale(), List.of(
                new ShopRules.Returned(1, 2), new ShopRules.Returned(2, 1), new ShopRules.Returned(3, 1))));

        assertThat(refused.status().value()).isEqualTo(422);
        assertThat(issues(refused)).containsExactly("lines[0].quantity above_maximum", "lines[1].line invalid",
                "lines[2].line not_found");
        assertThat(refused.getMessage()).contains("Line 1 has 1 left to return", "Line 2 is not a product sold",
                "The invoice has 3 lines");
    }

    @Test
    void aRefundIsRequiredWhenMoneyIsPaidBackAndRefusedWhenNoneIs() {
        DeskPayments.RefundTender cash = new DeskPayments.RefundTender("offline", "other", "Cash back");

        assertThat(issues(catchThrowableOfType(ApiException.class, () -> ShopRules.refundWanted(null, 345))))
                .containsExactly("refund required");
        assertThat(issues(catchThrowableOfType(ApiException.class, () -> ShopRules.refundWanted(cash, 0))))
                .containsExactly("refund not_allowed");
        ShopRules.refundWanted(cash, 345);
        ShopRules.refundWanted(null, 0);
    }

    @Test
    void aDebtIsTakenInOnlyWhenPayableNotWrittenOffInNoOtherSaleAndNotBeingCollected() {
        assertThat(ShopRules.refusal(new ShopRules.Debt(debt(Invoice.OVERDUE, 12000, 0, null), false))).isNull();
        assertThat(ShopRules.refusal(new ShopRules.Debt(debt(Invoice.PARTIALLY_PAID, 5000, 0, null), false)))
                .isNull();
        assertThat(ShopRules.refusal(new ShopRules.Debt(debt(Invoice.PAID, 0, 0, null), false)).getMessage())
                .contains("is paid");
        assertThat(ShopRules.refusal(new ShopRules.Debt(debt(Invoice.OPEN, 0, 0, NOW), false)).getMessage())
                .contains("written off");
        assertThat(ShopRules.refusal(new ShopRules.Debt(debt(Invoice.OPEN, 12000, 0, null), true)).getMessage())
                .contains("in another sale");
        assertThat(ShopRules.refusal(new ShopRules.Debt(debt(Invoice.OPEN, 12000, 12000, null), false))
                .getMessage()).contains("in progress");
    }

    @Test
    void aDebtUnderTheCardMinimumIsNotChargedToACard() {
        Invoice small = debt(Invoice.PARTIALLY_PAID, 29, 0, null);
        Customer customer = new Customer(CUSTOMER, false, null, "active");

        ApiException refused = catchThrowableOfType(ApiException.class, () -> ShopRules.judge(
                sale(CARD, List.of(small.id())), customer, List.of(), List.of(new ShopRules.Debt(small, false))));

        assertThat(issues(refused)).containsExactly("invoice_ids[0] below_minimum");
        assertThat(refused.getMessage()).contains("at least 30");
        assertThat(ShopRules.judge(sale(new DeskPayments.Tender("offline", "card_terminal", null, null, null),
                List.of(small.id())), customer, List.of(), List.of(new ShopRules.Debt(small, false)))).isEmpty();
    }
}
